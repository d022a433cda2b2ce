/** Server-side stored shapes that are not part of the shared model (accounts, revert records). */
import type { DataPrivacy, Id, JsonObject, PermissionMap } from '../schemas/model';

export interface Account {
  accountId: Id;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isElevated: boolean;
  /** Administration and subject permissions (e.g. administration.manageEditMode). */
  permissions: PermissionMap;
  /** What item checks fall back to, by subject (items.modules, items.pages, items.blocks, ...). */
  basePaths: PermissionMap;
  dataPrivacy?: DataPrivacy[];
  notificationsEnabled?: boolean;
  /** Sessions ended by logout: session id to the time its token expires anyway. */
  revokedSessions?: { [sid: string]: number };
  /** Sessions issued before this time (milliseconds, as `SessionClaims.issuedAt`) are ended: set when the revoked-session list could not be read. */
  sessionsValidFrom?: number;
  /** View-as mode of admins: the lists whose view they see. */
  viewAs?: { userListIds: Id[] };
  frameworkData?: JsonObject;
  /** Listed on the stand-in login page. */
  demo?: boolean;
}

/** What one destructive write changed, so structure/revert can put it back. */
export interface RevertRecord {
  accountId: Id;
  /**
   * Each touched item as it was before the write (`data`, null when absent) and as the write left
   * it (`after`, null when removed): a revert puts an item back only while it is still as the write
   * left it, so it never undoes someone's later change. Compared by content, not revision, so the
   * reverts of several deletes on one page can run last to first.
   */
  snapshot: { kind: 'module' | 'page' | 'block' | 'field'; id: Id; data: JsonObject | null; after?: JsonObject | null }[];
  /** Blocks marked wasDeleted by the write; removed for good when the window ends. */
  deletedBlockIds: Id[];
  /** Module order before the write, when it changed. */
  moduleOrder?: Id[];
  /** Module order the write left, when it changed (the revert's check, as `revision` for items). */
  moduleOrderAfter?: Id[];
  /** The write made drafts (edit mode): its revert puts the drafts back, not the published items. */
  drafts?: boolean;
  /** The write published these drafts (structure/drafts.ts records): its revert puts them back as drafts. */
  publishedDrafts?: JsonObject[];
}

export interface LoginSecret {
  accountId: Id;
  serviceId: string;
}
