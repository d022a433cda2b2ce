import type { Id, JsonObject, JsonValue } from './common';

export type MembershipState = 'accepted' | 'applied' | 'banned' | 'completed' | 'rejected' | 'returned' | 'withdrawn';

export interface ListMembership {
  id: Id;
  userListId: Id;
  state: MembershipState;
  hidden?: boolean;
  /** Entity and membership type, for power-up membership rules. */
  entityId?: Id;
  membershipTypeId?: Id;
  tags?: string[];
}

export interface DataPrivacy {
  dataSchemaId: Id;
  /** `public` by default. */
  state: 'public' | 'private' | 'connections';
}

/** Permission grants: subject (e.g. `items.modules`, `administration`) to action to allowed. */
export interface PermissionMap {
  [subject: string]: { [action: string]: boolean };
}

/** Item permissions by item id, falling back to base paths. */
export interface ItemPermissions {
  [itemId: string]: { [action: string]: boolean };
}

export interface UserState {
  accountId: Id;
  loggedIn: boolean;
  jwt?: string;
  isAdmin: boolean;
  isElevated: boolean;
  notificationsEnabled?: boolean;
  userDeviceTokens?: string[];
  listMemberships: ListMembership[];
  dataPrivacy?: DataPrivacy[];
  permissions: PermissionMap;
  /** Base path permissions that item checks fall back to. */
  basePaths?: PermissionMap;
  serviceId?: string;
  imageAccessToken?: string;
  frameworkData?: JsonObject;
  /** The colour mode saved to the account (profile meta `settings.theme`), when she chose one. */
  theme?: 'light' | 'dark' | 'auto';
}

export interface BlockMeta {
  shown?: boolean;
  timestamp?: number;
  agreed?: boolean;
}

export interface ProfileMeta {
  favourites?: { [type: string]: Id[] };
  reactedPosts?: { [postId: string]: string[] };
  selectedExportTemplate?: { [exportId: string]: Id };
  adminDashboardTableOptions?: JsonObject;
  language?: string;
  settings?: {
    theme?: 'light' | 'dark' | 'auto';
    privacy?: { isConnectivityPrivate?: boolean };
  };
  accessibility?: { noCarouselAutoPlay?: boolean };
  /** The admin navigation's expanded toggle (community 4); absent is expanded. */
  adminNavigation?: { expanded?: boolean };
  /** Per-block state of modals and dismissibles, by block id. */
  block?: { [blockId: string]: BlockMeta };
}

export interface Profile {
  accountId: Id;
  data: {
    profile: { [key: string]: JsonValue };
    meta: ProfileMeta;
  };
  keepaliveTimestamp?: number;
  acceptedUserListIds?: Id[];
  /** What the owner did (community §3): profiles recently viewed, newest first. Only the owner and admins read it. */
  actions?: ProfileActions;
}

export interface ProfileActions {
  recentlyViewed?: { accountId: Id; at: number }[];
}
