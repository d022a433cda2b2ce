/**
 * Request and response shapes of the HTTP API (spec section 7) as the server implements them.
 * Request bodies are validated against the schemas generated from these types
 * (`schemas/json/api/*.schema.json`); bodies are closed (`@additionalProperties false`) so a
 * misspelt property is a 400 naming it, not a silently ignored value.
 */
import type { Brand, Settings, ThemeStyle } from './brand';
import type { Id, JsonObject, JsonValue } from './common';
import type { Block, Field, Module, Page } from './structure';
import type { DataPrivacy, ItemPermissions, PermissionMap, UserState } from './user';

/** Every error: a short machine name (`badRequest`, `notAuthorized`, ...) and a message naming what was wrong. */
export interface ApiError {
  error: string;
  message: string;
}

/** @additionalProperties false */
export interface TradeSecretRequest {
  /** @minLength 1 */
  secret: string;
  /** @minLength 1 */
  serviceId: string;
}

/** @additionalProperties false */
export interface RefreshRequest {
  /** @minLength 1 */
  jwt: string;
}

export interface JwtResponse {
  jwt: string;
}

/** @additionalProperties false */
export interface DeviceKeepaliveRequest {
  /**
   * @minLength 1
   * @maxLength 200
   */
  deviceId: string;
}

/** @additionalProperties false */
export interface SetNotificationsRequest {
  enabled: boolean;
}

/** @additionalProperties false */
export interface FavouriteAddRequest {
  /** @minLength 1 */
  type: string;
  /** @minLength 1 */
  value: Id;
}

/** @additionalProperties false */
export interface FavouriteRemoveRequest {
  /** @minLength 1 */
  type: string;
  /** @minLength 1 */
  targetId: Id;
}

/** @additionalProperties false */
export interface ConnectivityPrivacyRequest {
  isConnectivityPrivate: boolean;
}

/**
 * POST user/dataPrivacy: one data item's privacy for the caller's own profile (spec core §3
 * DataPrivacy: public by default). The data item is a profile value's name.
 * @additionalProperties false
 */
export interface DataPrivacyRequest {
  /**
   * @minLength 1
   * @maxLength 200
   * @pattern ^[A-Za-z0-9_-]+$
   */
  dataSchemaId: Id;
  state: 'public' | 'private' | 'connections';
}

/**
 * POST profile/forceUpdateProfile/{id} (profiles update): sets profile values directly, without a
 * form block. Null values are dropped (spec community §5), never stored.
 * @additionalProperties false
 */
export interface ForceUpdateProfileRequest {
  changes: { [key: string]: JsonValue };
}

/**
 * PUT profile/user/actions/viewedProfile: the caller viewed this profile (recently viewed).
 * @additionalProperties false
 */
export interface ViewedProfileRequest {
  /**
   * @minLength 1
   * @maxLength 200
   */
  accountId: Id;
}

/**
 * POST user/{id}/multiBlockStatistics: several profile block statistics in one call.
 * @additionalProperties false
 */
export interface MultiBlockStatisticsRequest {
  /**
   * @minItems 1
   * @maxItems 20
   */
  stats: string[];
}

/**
 * POST user/viewAs (administration.allowViewAs): see the site as members of these lists; an empty
 * list ends view-as mode. The server then filters pages as it would for those members.
 * @additionalProperties false
 */
export interface ViewAsRequest {
  userListIds: Id[];
}

/**
 * POST i18n/{locale} (administration.manageTextEdit): an inline-edited label. `value` null removes
 * the override, so the catalogue text shows again.
 * @additionalProperties false
 */
export interface I18nOverrideRequest {
  /**
   * `<namespace>.<path>`, as in the message catalogues.
   * @pattern ^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$
   */
  key: string;
  /** @maxLength 10000 */
  value: string | null;
}

/**
 * POST i18n?iso={locale} (administration.manageTextEdit), the spec's form of inline text edits:
 * several labels at once; `data` null removes an override.
 * @minItems 1
 * @maxItems 200
 */
export type I18nBatchRequest = I18nBatchItem[];

/** @additionalProperties false */
export interface I18nBatchItem {
  /**
   * `<namespace>.<path>`, as in the message catalogues.
   * @pattern ^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$
   */
  key: string;
  /** @maxLength 10000 */
  data: string | null;
}

/**
 * POST admin/viewAs (administration.allowViewAs): see the site as members of these lists
 * (community-admin 7); POST admin/reset ends it.
 * @additionalProperties false
 */
export interface AdminViewAsRequest {
  /** @minItems 1 */
  listIds: Id[];
}

/**
 * POST profile/meta/upsert: sets one value of the caller's own profile meta by dotted path
 * (e.g. `block.{blockId}` for a modal's shown/agreed state).
 * @additionalProperties false
 */
export interface ProfileMetaUpsertRequest {
  /**
   * Dotted path inside profile meta.
   * @pattern ^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){0,7}$
   */
  path: string;
  data: JsonValue;
}

/**
 * POST profile/{id}: a form block's changed values, validated on the server against the block's
 * field definitions (the owner, or users with `profiles` update).
 * @additionalProperties false
 */
export interface ProfileSaveRequest {
  /** @minLength 1 */
  blockId: Id;
  changes: { [fieldName: string]: JsonValue };
}

/**
 * POST profile/collection: many profiles in one call (the data layer's 10 ms batch), each as the
 * caller may see it, or `{ accountId, error }` when it is refused or absent.
 * @additionalProperties false
 */
export interface ProfileCollectionRequest {
  /**
   * @minItems 1
   * @maxItems 100
   * @items.minLength 1
   * @items.maxLength 200
   */
  accountIds: Id[];
}

/**
 * POST profile/search: the member directory. Full text on public names and public values, list
 * and value filters, a radius, sort and pages.
 * @additionalProperties false
 */
export interface MemberSearchRequest {
  /** @maxLength 200 */
  text?: string;
  /**
   * @maxItems 50
   * @items.minLength 1
   * @items.maxLength 200
   */
  listIds?: Id[];
  /** @maxItems 20 */
  filters?: MemberSearchFilter[];
  near?: MemberSearchNear;
  /** `relevance`: best match first (name words weigh most), ties by name; by name without text. */
  sort?: 'name' | 'newest' | 'relevance';
  /** Sort on a public profile value instead (a value its owner made private sorts as missing). */
  sortBy?: MemberSearchSortBy;
  /** @maxItems 10 */
  ranges?: MemberSearchRange[];
  /** @maxItems 10 */
  dateRanges?: MemberSearchDateRange[];
  /**
   * Profile field keys whose public values are counted over the matches (headless search filters);
   * plain words only (the route checks them: they become JSON paths).
   * @maxItems 10
   */
  facets?: string[];
  /**
   * @minimum 1
   * @maximum 10000
   * @TJS-type integer
   */
  page?: number;
  /**
   * @minimum 1
   * @maximum 100
   * @TJS-type integer
   */
  limit?: number;
}

/** @additionalProperties false */
export interface MemberSearchFilter {
  /** @pattern ^[A-Za-z0-9_-]{1,100}$ */
  key: string;
  /** @maxLength 200 */
  value: string;
}

/** @additionalProperties false */
export interface MemberSearchSortBy {
  /** @pattern ^[A-Za-z0-9_-]{1,100}$ */
  key: string;
  direction: 'asc' | 'desc';
  /** Where members without a (public) value go; last by default. */
  blankPosition?: 'first' | 'last';
}

/**
 * A public number value between min and max (both included).
 * @additionalProperties false
 */
export interface MemberSearchRange {
  /** @pattern ^[A-Za-z0-9_-]{1,100}$ */
  key: string;
  min?: number;
  max?: number;
}

/**
 * A public date value (YYYY-MM-DD, or a date-time starting so) from one day to another (both included).
 * @additionalProperties false
 */
export interface MemberSearchDateRange {
  /** @pattern ^[A-Za-z0-9_-]{1,100}$ */
  key: string;
  /** @pattern ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ */
  from?: string;
  /** @pattern ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ */
  to?: string;
}

/** @additionalProperties false */
export interface MemberSearchNear {
  /**
   * @minimum -90
   * @maximum 90
   */
  lat: number;
  /**
   * @minimum -180
   * @maximum 180
   */
  lng: number;
  /**
   * @minimum 1
   * @maximum 500
   */
  radiusKm: number;
}

/** @additionalProperties false */
export interface DefaultPagesViewPermissionRequest {
  defaultPageNames: string[];
}

/** A show flag per default page name. */
export interface DefaultPagesViewPermissionResponse {
  [pageName: string]: boolean;
}

/**
 * POST settings/{name}: `changes` merged into the named settings section (deep merge when `merge`
 * is true, replace otherwise); `overwritePaths` (dotted) are replaced even when merging.
 * @additionalProperties false
 */
export interface SettingsUpdateRequest {
  changes: JsonObject;
  merge?: boolean;
  overwritePaths?: string[];
}

/** @additionalProperties false */
export interface SearchSettingsRequest {
  changes: JsonObject;
}

/** @additionalProperties false */
export interface BrandNameRequest {
  /**
   * @minLength 1
   * @maxLength 200
   */
  brandName: string;
}

/** @additionalProperties false */
export interface ThemeStylesRequest {
  styles: ThemeStyle[];
}

/** @additionalProperties false */
export interface BrandImageRequest {
  changes: { image: string };
}

/** @additionalProperties false */
export interface RevertRequest {
  /** @minLength 1 */
  token: string;
}

/** Destructive structure writes answer with a token that structure/revert accepts until `expiresAt` (ms). */
export interface RevertTokenResponse {
  revertToken: string;
  expiresAt: number;
}

/** @additionalProperties false */
export interface ItemPermissionsRequest {
  permissions: { [action: string]: boolean };
}

/** @additionalProperties false */
export interface OrderRequest {
  order: Id[];
}

/** @additionalProperties false */
export interface PageOrderRequest {
  /** @minLength 1 */
  moduleId: Id;
  order: Id[];
}

/** A module to create: the server assigns the id when none is given. */
export interface ModuleDraft extends Omit<Module, 'id'> {
  id?: Id;
}

/** @additionalProperties false */
export interface ModuleWriteRequest {
  module: ModuleDraft;
}

export interface PageDraft extends Omit<Page, 'id'> {
  id?: Id;
}

/**
 * POST structure/page/{id}: `moduleId` (spec 7.4), when given, must be the page's module; pages
 * change module through moveChild only.
 * @additionalProperties false
 */
export interface PageUpdateRequest {
  /** @minLength 1 */
  moduleId?: Id;
  page: PageDraft;
}

/** @additionalProperties false */
export interface PageCreateRequest {
  /** @minLength 1 */
  moduleId: Id;
  page: PageDraft;
}

/** @additionalProperties false */
export interface PropertyRequest {
  /**
   * Top-level property name of the item (not id, type or revision).
   * @minLength 1
   */
  key: string;
  value: JsonValue;
}

/** @additionalProperties false */
export interface ChildrenIdsRequest {
  childrenIds: Id[];
}

/**
 * POST structure/page/{pageId}/addChildren/{index}: `colIndex` (0 when absent) places the blocks
 * in a column of a multi-column page.
 * @additionalProperties false
 */
export interface PageChildrenRequest {
  childrenIds: Id[];
  /** @minimum 0 */
  colIndex?: number;
}

export interface BlockDraft extends Omit<Block, 'id'> {
  id?: Id;
}

/** @additionalProperties false */
export interface BlockUpdateRequest {
  block: Block;
}

/**
 * PUT structure/block: creates `block` on page `pageId` (or inside block `parentId`), in column
 * `colIndex` at `index`. `asParentFor` moves existing child blocks into the new block; `related`
 * creates further blocks referenced from it; `defaults` fills options from the registry defaults.
 * @additionalProperties false
 */
export interface BlockCreateRequest {
  pageId?: Id;
  block: BlockDraft;
  parentId?: Id;
  /** @minimum 0 */
  colIndex?: number;
  /** @minimum 0 */
  index?: number;
  asParentFor?: Id[];
  related?: BlockDraft[];
  defaults?: boolean;
}

/** @additionalProperties false */
export interface BlocksUpdateRequest {
  blocks: Block[];
}

/** @additionalProperties false */
export interface BlockMoveUpdate {
  /** @minLength 1 */
  id: Id;
  /** Target parent block; the target page when absent. */
  parentId?: Id;
  /** @minimum 0 */
  colIndex?: number;
  /** @minimum 0 */
  index?: number;
}

/** @additionalProperties false */
export interface BlockMoveRequest {
  updates: BlockMoveUpdate[];
  /** @minLength 1 */
  fromPageId: Id;
  /** @minLength 1 */
  toPageId: Id;
}

/** @additionalProperties false */
export interface BlockCloneRequest {
  ids: Id[];
  /** @minLength 1 */
  toPageId: Id;
  parentId?: Id;
  /** @minimum 0 */
  colIndex?: number;
  /** @minimum 0 */
  index?: number;
}

/**
 * POST structure/block/paste: the in-app clipboard's copies (captured blocks' copy, Ctrl+V) placed
 * side by side in column `colIndex` of the parent from `index`. `blocks` carry ids new to the site
 * (the client's deep copy); each is a root or lies under one; `fields` are the copies' fields.
 * @additionalProperties false
 */
export interface BlockPasteRequest {
  /** @minLength 1 */
  pageId: Id;
  parentType: 'page' | 'block';
  /** @minLength 1 */
  parentId: Id;
  /** @minimum 0 */
  colIndex: number;
  /** @minimum 0 */
  index: number;
  /** @minItems 1 */
  roots: Id[];
  /** @minItems 1 */
  blocks: Block[];
  fields?: Field[];
}

/** @additionalProperties false */
export interface IdsRequest {
  ids: Id[];
}

/** @additionalProperties false */
export interface CommentRequest {
  /**
   * @minLength 1
   * @maxLength 10000
   */
  comment: string;
}

/** @additionalProperties false */
export interface ReactionRequest {
  /** @minLength 1 */
  reactionId: string;
}

/** @additionalProperties false */
export interface FieldIdsRequest {
  fieldIds: Id[];
}

export interface FieldDraft extends Omit<Field, 'id'> {
  id?: Id;
}

/**
 * POST (create) and PUT (update) structure/field: the field belongs to block or field `itemId`.
 * @additionalProperties false
 */
export interface FieldWriteRequest {
  /** @minLength 1 */
  itemId: Id;
  itemType: 'block' | 'field';
  fieldId?: Id;
  field: FieldDraft;
  _opts?: JsonObject;
  source?: string;
}

export type AuditLogType = 'pageView' | 'profileView' | 'entityPageView' | 'entityView' | 'internalModalOpened' | 'externalLinkClicked';

/** @additionalProperties false */
export interface AuditEntry {
  logType: AuditLogType;
  /** @maxLength 200 */
  subject: Id;
  /**
   * Epoch milliseconds or an ISO date-time.
   * @maxLength 40
   */
  actionTime: number | string;
  extra?: JsonObject;
}

/** POST audit/save: the buffered entries. */
export type AuditSaveRequest = AuditEntry[];

/** A module with the pages the user may view, in order. */
export interface StructureModule extends Module {
  pages: Page[];
}

/** GET structure: modules in display order with their viewable pages. */
export interface StructureResponse {
  order: Id[];
  modules: StructureModule[];
}

/** GET structure/page/{id}: the page document (page, its live blocks and their fields). */
export interface PageResponse {
  schemaVersion: number;
  page: Page;
  blocks: Block[];
  fields: Field[];
}

export interface SlugValidateResponse {
  unique: boolean;
  /** How many other items of that source already use the slug. */
  number: number;
}

export interface I18nState {
  locale: string;
  published: string[];
  /** Inline-edited label overrides for `locale`: key to text. */
  overrides: { [key: string]: string };
}

/** The brand theme the shell applies at start-up. */
export interface ActiveBrandSettings {
  brandId: Id;
  brandName: string;
  settings: Brand['settings'];
  themeCssUrl: string;
}

/** GET /init: everything the shell needs to render the first page. */
export interface InitResponse {
  user: UserState;
  settings: Settings;
  viewAs: { active: boolean; userListIds: Id[] };
  i18n: I18nState;
  /** The page named by `opts` (`{"pageId": ...}` or `{"moduleSlug","pageSlug"}`), else null. */
  page: PageResponse | null;
  structure: StructureResponse;
  dataPrivacy: DataPrivacy[];
  permissions: PermissionMap;
  /** Item permissions the user may see (elevated users and admins; empty for others). */
  visiblePermissions: ItemPermissions;
  basePaths: PermissionMap;
  activeBrandSettings: ActiveBrandSettings | null;
  generalAccessPermitted: boolean;
}

/** A stored file as the file calls answer it (community 3 File). */
export interface FileInfo {
  id: Id;
  kind: 'image' | 'video' | 'audio' | 'document';
  mime: string;
  /** Bytes. */
  size: number;
  name: string;
  ownerId: Id;
  isAsset: boolean;
  contextId: string | null;
  width: number | null;
  height: number | null;
  /** Epoch ms. */
  created: number;
  data: { title: string; description: string; focalPos: { x: number; y: number }; downloadCount: number };
}

/** Metadata a file's owner (or a files manager) may change. @additionalProperties false */
export interface FileDataChanges {
  /** @maxLength 500 */
  title?: string;
  /** @maxLength 5000 */
  description?: string;
  focalPos?: {
    /** @minimum 0 @maximum 100 */
    x: number;
    /** @minimum 0 @maximum 100 */
    y: number;
  };
}

/** @additionalProperties false */
export interface FileDataRequest {
  changes: FileDataChanges;
}

/** @additionalProperties false */
export interface AssetUpdateRequest {
  /** @minLength 1 @maxLength 64 */
  id: Id;
  changes: FileDataChanges;
}

/** @additionalProperties false */
export interface FilesGetRequest {
  /** @maxLength 100 */
  scope?: string;
  /** @maxItems 500 */
  fileIds: Id[];
}

/** @additionalProperties false */
export interface FilesClaimRequest {
  /** @maxItems 500 */
  fileIds: Id[];
  /** @maxLength 200 */
  contextId?: string;
}

/** @additionalProperties false */
export interface FilesContextRequest {
  /** @minLength 1 @maxLength 200 */
  contextId: string;
}

/** @additionalProperties false */
export interface AssetsQueryRequest {
  /** @maxLength 200 */
  search?: string;
  /** @minimum 1 */
  page?: number;
  /** @minimum 1 @maximum 100 */
  limit?: number;
}

/** An upload's answer: the ids (spec 7.4 'An upload response carries fileIds') and the stored files. */
export interface UploadResponse {
  fileIds: Id[];
  files: FileInfo[];
}
