/**
 * The posts and comments of the communications domain as the moderation queue sees them: found by
 * id (hidden and deleted ones too), readable by a member or not, in their thread's context, hidden,
 * shown again or deleted by a moderator. Every call goes through the communications domain's own
 * moderation functions (server/communications/moderation.ts); this file only adapts them.
 */
import type { Communication } from '../../schemas/model/api/communications';
import {
  communicationAsModerator,
  communicationHref,
  deleteCommunicationAsModerator,
  mayReadCommunication,
  setCommunicationHidden,
} from '../communications/moderation';
import type { AppContext, SignedInUser } from '../context';

export interface CommunicationInContext {
  communication: Communication;
  parent?: Communication;
  post?: Communication;
  href?: string;
}

const validId = (id: string) => typeof id === 'string' && id.length > 0 && id.length <= 200;

/** A post or comment by id, hidden or deleted ones too (as a moderator sees it); undefined when none. */
export async function findReportedCommunication(ctx: AppContext, id: string): Promise<Communication | undefined> {
  return validId(id) ? ((await communicationAsModerator(ctx, id)) ?? undefined) : undefined;
}

/** Whether the member may read it where it is (its page, its target): she can only report what she can see. */
export async function mayReadReportedCommunication(ctx: AppContext, user: SignedInUser, id: string): Promise<boolean> {
  return validId(id) && mayReadCommunication(ctx, id, user.account.accountId);
}

/** The post or comment with its parent and post, and where it shows in the app. */
export async function communicationInContext(ctx: AppContext, _user: SignedInUser, id: string): Promise<CommunicationInContext | undefined> {
  const communication = await findReportedCommunication(ctx, id);
  if (!communication) return undefined;
  const [parent, post, href] = await Promise.all([
    communication.parentId ? communicationAsModerator(ctx, communication.parentId) : null,
    communication.rootId && communication.rootId !== communication.id && communication.rootId !== communication.parentId
      ? communicationAsModerator(ctx, communication.rootId)
      : null,
    communicationHref(ctx, id),
  ]);
  return { communication, ...(parent ? { parent } : {}), ...(post ? { post } : {}), ...(href ? { href } : {}) };
}

/** Hides it from open pages (live) or shows it again. */
export async function setReportedCommunicationHidden(ctx: AppContext, user: SignedInUser, id: string, hidden: boolean): Promise<void> {
  await setCommunicationHidden(ctx, id, hidden, user.account.accountId);
}

/** Deletes it as a moderator (the reason is kept in the report's history and told to the author). */
export async function deleteReportedCommunication(ctx: AppContext, user: SignedInUser, id: string, reason: string): Promise<void> {
  await deleteCommunicationAsModerator(ctx, id, user.account.accountId, reason);
}
