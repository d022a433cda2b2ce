/** Server-side stored shapes that are not part of the shared model (accounts, revert records). */
import type { DataPrivacy, Id, JsonObject, ListMembership, PermissionMap } from '../schemas/model';

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
  listMemberships: ListMembership[];
  dataPrivacy?: DataPrivacy[];
  notificationsEnabled?: boolean;
  devices?: { [deviceId: string]: number };
  /** Sessions ended by logout: session id to the time its token expires anyway. */
  revokedSessions?: { [sid: string]: number };
  /** View-as mode of admins: the lists whose view they see. */
  viewAs?: { userListIds: Id[] };
  frameworkData?: JsonObject;
  /** Listed on the stand-in login page. */
  demo?: boolean;
}

export interface UserList {
  id: Id;
  name: string;
}

/** What one destructive write changed, so structure/revert can put it back. */
export interface RevertRecord {
  accountId: Id;
  snapshot: { kind: 'module' | 'page' | 'block' | 'field'; id: Id; data: JsonObject | null }[];
  /** Blocks marked wasDeleted by the write; removed for good when the window ends. */
  deletedBlockIds: Id[];
  /** Module order before the write, when it changed. */
  moduleOrder?: Id[];
}

export interface LoginSecret {
  accountId: Id;
  serviceId: string;
}
