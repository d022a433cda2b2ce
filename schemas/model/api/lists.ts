/**
 * User-list calls (community §7 "User lists", §3 User list and ListMembership, §4, §5, §6, §8) and
 * the realtime events they send. Membership moves are engine/core/membership-moves.ts; capacity
 * null is unlimited. Paths are under /api/v1. "Staff" is an admin or elevated user (§6: loading
 * user lists requires one); "area userLists" is requireAdminArea(ctx, req, 'userLists').
 *
 * - GET    userLists                                  -> UserListView[] (staff; `name` kept for the view-as picker)
 * - PUT    userLists  UserListCreateRequest            -> 201 UserListView (area userLists)
 * - POST   userLists/{id}  UserListUpdateRequest       -> UserListView (area userLists; system lists keep type, dynamic and rule)
 * - DELETE userLists/{id}  (also `userlists/{id}`)     -> 204; 400 with the reason for a system list or a list an application uses
 * - GET    userLists/{id}/users?states=a,b&cursor=&limit=&q= -> ListUsersResponse (area userLists; newest first, keyset cursor)
 * - POST   userLists/{id}/users  ListUsersAddRequest   -> ListUsersAddResponse (area userLists; 400 protected list; 409 list full, nothing added)
 * - DELETE userLists/{id}/{accountId}                   -> 204 (area userLists; 400 protected list; 404 not a member)
 * - GET    userLists/search?q=&limit=                   -> UserListView[] (staff; label contains q, at most limit (default 10, max 50))
 * - POST   userLists/admin/countUsers  ListCountUsersRequest -> ListCountUsersResponse (area userLists)
 * - POST   userLists/admin/{id}/isAdmin/{mode}          -> UserListView (mode `true`|`false`; area userLists, managePermissions)
 * - POST   userLists/admin/{id}/allowPermissions/{mode} -> UserListView (as above)
 * - POST   userLists/admin/{id}/{permission}/{mode}     -> UserListView (permission `<subject>.<action>` of engine/core SUBJECTS; as above)
 * - POST   userLists/getSome  ListGetSomeRequest        -> UserListSummary[] (signed in; unknown ids left out)
 * - GET    userLists/getLeaderLists/{accountId}[/{states}] -> UserListSummary[] (lists with a connectionId the account is in, states default accepted; own or staff)
 * - POST   userLists/setCapacity  ListSetCapacityRequest -> UserListView (area userLists)
 * - POST   applications/membership/{id}/toggleHidden    -> ListMembershipView (own membership, or area userLists)
 * - GET    user/listMemberships                         -> ListMembership[] (own, every state)
 * - GET    userLists/permissions/byList/{id}            -> PermissionMap (staff)
 * - GET    profile/listMembershipStates/{id}/{includeDynamic} -> ListMembershipStatesResponse (own, or area userLists; includeDynamic `true`|`false`)
 *
 * Realtime:
 * - `userLists:memberships:added`   ListMembershipView            -> `account:<member>` (a membership created)
 * - `userLists:updated:state`       ListMembershipView            -> `account:<member>` (its state or hidden flag changed)
 * - `userLists:memberships:removed` ListMembershipRemovedEvent    -> `account:<member>`
 * - `userLists:updated`             UserListChangedEvent          -> `everyone` (a list created, changed or deleted: pickers refetch)
 * After each of the first three, the member's open sockets are re-checked (realtime.recheck) so
 * rooms her new memberships close are left and pages they open are joinable.
 *
 * Errors (community §8; texts in i18n namespace `lists`): protected list 400 "Users cannot be added
 * to protected lists." (dynamic or system); full list 409 "This list is full." with `code: 'listFull'`.
 */
import type { MembershipState } from '../user';
import type { Id } from '../common';
import type { RuleQuery } from '../rule-query';

/** standard: joined by application or by an admin; connection: the leaders or followers of a connection type; entity: the members of an entity (its power-up). */
export type UserListType = 'standard' | 'connection' | 'entity';

/** A list as every signed-in member may see it (getSome, getLeaderLists). */
export interface UserListSummary {
  id: Id;
  label: string;
  type: UserListType;
  /** null: unlimited. */
  capacity: number | null;
  isFull: boolean;
  dynamic: boolean;
}

/** A list as staff see it (community §3 User list). */
export interface UserListView extends UserListSummary {
  /** The label again, for callers of the view-as picker that read `name`. */
  name: string;
  /** Accepted members. */
  users: number;
  system: boolean;
  /** A dynamic list's membership rule over profile data (rule kinds field and userField; operators of the rule engine). */
  rule?: RuleQuery;
  connectionId?: Id;
  entityId?: Id;
  /** Admin mode: its accepted members are admins while they are (§6; HumHub's administrator group). */
  isAdmin: boolean;
  /** Its accepted members receive the list's permission grants (`permissions`). */
  allowPermissions: boolean;
  /** `<subject>.<action>` granted to its accepted members when allowPermissions is on. */
  permissions: string[];
}

/** @additionalProperties false */
export interface UserListInput {
  /** @minLength 1 @maxLength 120 */
  label: string;
  type?: UserListType;
  /** null or absent: unlimited. @minimum 0 @maximum 1000000 */
  capacity?: number | null;
  dynamic?: boolean;
  /** Required when dynamic; refused (400 naming the path) when it reads a prototype key or an unknown kind. */
  rule?: RuleQuery;
  /** @maxLength 200 */
  connectionId?: string;
  /** @maxLength 200 */
  entityId?: string;
}

/**
 * PUT userLists
 * @additionalProperties false
 */
export interface UserListCreateRequest {
  userList: UserListInput;
}

/**
 * POST userLists/{id}
 * @additionalProperties false
 */
export interface UserListUpdateRequest {
  changes: Partial<UserListInput>;
}

/** One membership as admins and its member see it. */
export interface ListMembershipView {
  id: Id;
  userListId: Id;
  accountId: Id;
  state: MembershipState;
  hidden: boolean;
  /** Set by a dynamic list's rule, not by a person. */
  dynamic: boolean;
  entityId?: Id;
  createdAt: number;
  updatedAt: number;
}

/** A row of a list's members: the membership and who holds it. */
export interface ListUserRow extends ListMembershipView {
  /** The member's display name (profile first and last name, else the account id). */
  name: string;
  /** Avatar file id, when the member has one. */
  avatar?: string;
}

/** GET userLists/{id}/users */
export interface ListUsersResponse {
  items: ListUserRow[];
  /** Cursor of the next (older) page, null at the end. */
  next: string | null;
  /** Members in the asked states. */
  total: number;
}

/**
 * POST userLists/{id}/users: adds these accounts in `state` (default accepted); all or nothing
 * when the list would go over capacity.
 * @additionalProperties false
 */
export interface ListUsersAddRequest {
  /** @minItems 1 @maxItems 500 */
  accounts: string[];
  state?: MembershipState;
}

export interface ListUsersAddResponse {
  /** Accounts now in the list in that state. */
  added: Id[];
  /** Accounts left as they were, with the reason (unknown account, already in that state, refused move). */
  skipped: { accountId: Id; reason: string }[];
}

/**
 * POST userLists/admin/countUsers
 * @additionalProperties false
 */
export interface ListCountUsersRequest {
  /** @minItems 1 @maxItems 200 */
  listIds: string[];
  /** Default accepted. */
  states?: MembershipState[];
}

export interface ListCountUsersResponse {
  /** Per list. */
  counts: Record<string, number>;
  /** Distinct accounts across the lists. */
  total: number;
}

/**
 * POST userLists/getSome
 * @additionalProperties false
 */
export interface ListGetSomeRequest {
  /** @maxItems 200 */
  ids: string[];
}

/**
 * POST userLists/setCapacity: the list of that entity's connection type.
 * @additionalProperties false
 */
export interface ListSetCapacityRequest {
  /** @maxLength 200 */
  entityId?: string;
  /** @maxLength 200 */
  connectionId?: string;
  /** @maxLength 200 */
  listId?: string;
  /** null: unlimited. @minimum 0 @maximum 1000000 */
  capacity: number | null;
}

/** GET profile/listMembershipStates/{id}/{includeDynamic}: list id to the account's state there. */
export interface ListMembershipStatesResponse {
  states: Record<string, MembershipState>;
}

export interface ListMembershipRemovedEvent {
  id: Id;
  userListId: Id;
}

export interface UserListChangedEvent {
  id: Id;
  deleted?: boolean;
}

/**
 * Every administration permission of a list at once (PUT userLists/admin/{id}/permissions, the
 * "edit all admin permissions" dialog): written together or not at all.
 * @additionalProperties false
 */
export interface ListAdminPermissionsRequest {
  isAdmin: boolean;
  allowPermissions: boolean;
  /**
   * `<subject>.<action>` grants.
   * @maxItems 200
   */
  permissions: string[];
}
