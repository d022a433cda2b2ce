/**
 * Structure calls (spec core §7.4): modules, pages, blocks, fields, revert, item permissions.
 * Request bodies are validated against the schemas generated from these types
 * (`schemas/json/api/*.schema.json`, one per type named `...Request` or `...Response`); bodies are
 * closed (`@additionalProperties false`) so a misspelt property is a 400 naming it.
 */
import type { Id, JsonObject, JsonValue } from '../common';
import type { Block, Field, Module, Page } from '../structure';

/** @additionalProperties false */
export interface RevertRequest {
  /** @minLength 1 */
  token: string;
}

/**
 * Publish or discard drafts (structure/drafts/publish, structure/drafts/discard): one page's (its
 * blocks, their fields, and its module when that is a draft too), or every draft with `all`.
 * @additionalProperties false
 */
export interface DraftsActionRequest {
  /** @minLength 1 */
  pageId?: string;
  all?: boolean;
}

/** One unpublished change, as editors see it (GET structure/drafts). */
export interface DraftSummary {
  kind: 'module' | 'page' | 'block' | 'field' | 'order';
  id: string;
  /** new: not published yet; changed: published differently; removed: published, removed in the draft. */
  change: 'new' | 'changed' | 'removed';
  pageId?: string;
  moduleId?: string;
  authorId: string;
  updatedAt: number;
}

/** The drafts an editor may see. */
export interface DraftsResponse {
  drafts: DraftSummary[];
}

/** What a publish did: how many items, and the token that takes it back (structure/revert) until `expiresAt`. */
export interface DraftsPublishResponse {
  published: number;
  revertToken?: string;
  expiresAt?: number;
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
