/**
 * The admin's only way to the server: one method per spec 7.4 (and community 7 admin) call it makes.
 * Phase 2 implements it on the web app's API client; tests use an in-memory double of the HTTP
 * boundary. Every method rejects with an `AdminApiError` on failure.
 */
import type { Block, Id, Module, Page, Positions, RuleQuery } from '../../schemas/model';
import type { BlockPasteRequest, DraftSummary, DraftsPublishResponse } from '../../schemas/model/api/structure';
import type { RulePreview, RuleSubjectChoices } from '../../engine/core';

/** How the server reports a failure: `{ error, message }`, optionally with errors per options field (JSON pointer -> message). */
export interface AdminApiError {
  error: string;
  message: string;
  fieldErrors?: Record<string, string>;
}

export function isAdminApiError(value: unknown): value is AdminApiError {
  return (
    typeof value === 'object' && value !== null && typeof (value as AdminApiError).error === 'string' && typeof (value as AdminApiError).message === 'string'
  );
}

export type ParentType = 'page' | 'block';

export interface AddBlockRequest {
  pageId: Id;
  /** The new block (an id may be proposed; the server may assign its own). */
  block: Block;
  parentType: ParentType;
  parentId: Id;
  colIndex: number;
  index: number;
  /** Fill the options the block does not set from its type's registry defaults (server-side). */
  defaults?: boolean;
}

/** One block's placement change in a move or clone: where it is taken from and where it goes. */
export interface BlockPlacementUpdate {
  blockId: Id;
  from: { parentType: ParentType; parentId: Id; colIndex: number };
  to: { parentType: ParentType; parentId: Id; colIndex: number; index: number };
}

export interface BlocksMoveRequest {
  updates: BlockPlacementUpdate[];
  fromPageId: Id;
  toPageId: Id;
}

/** What a structure write returns: the items it changed (also broadcast as `items:changes`). */
export interface StructureWriteResult {
  blocks?: Block[];
  pages?: Page[];
  modules?: Module[];
  removed?: { blocks?: Id[]; pages?: Id[]; modules?: Id[]; fields?: Id[] };
  /** The module display order, when the write changed it. */
  moduleOrder?: Id[];
}

export interface DeleteBlockResult extends StructureWriteResult {
  /** Token for POST structure/revert within the revert window. */
  revertToken: string;
}

export interface SlugValidation {
  unique: boolean;
  /** How many other items of that source already use the slug. */
  number: number;
}

/**
 * Per-item permissions: what elevated users may do on the item (action -> allowed). An action
 * left out falls back to the user's base paths (spec 6). Admins always pass.
 */
export interface ItemPermissionGrants {
  [action: string]: boolean;
}

export interface UserListSummary {
  id: Id;
  name: string;
}

/** Which drafts: one page's, or all. */
export type DraftScope = { pageId: Id } | { all: true };

export interface AdminApi {
  /** POST structure/block/{id} {block}: saves a block; the server validates options against the registry schema. */
  updateBlock(id: Id, block: Block): Promise<StructureWriteResult>;
  /** PUT structure/block {pageId, block, parentId (a block parent only), colIndex, index, defaults: true}: adds a block into a page's or block's column. */
  addBlock(request: AddBlockRequest): Promise<StructureWriteResult>;
  /**
   * Places existing blocks (by id, the same blocks: not copies; they leave their old place) into a
   * column. A page: POST structure/page/{pageId}/addChildren/{index} {childrenIds, colIndex}
   * (colIndex optional, 0 when absent); a block:
   * POST structure/block/{id}/{col}/{index} {childrenIds}.
   */
  addChildren(parentType: ParentType, parentId: Id, colIndex: number, index: number, childIds: Id[]): Promise<StructureWriteResult>;
  /** GET structure/block/search?query=: blocks by name or type, for the existing block picker. */
  searchBlocks(query: string): Promise<Block[]>;
  /** DELETE structure/block/{id}/{parentType}/{parentId}/{col}/{index}: sets wasDeleted and returns a revert token. */
  deleteBlock(id: Id, parentType: ParentType, parentId: Id, col: number, index: number): Promise<DeleteBlockResult>;
  /** GET structure/drafts: the unpublished changes this editor may see (issue 35). */
  listDrafts(): Promise<DraftSummary[]>;
  /** POST structure/drafts/publish {pageId} or {all: true}: publishes drafts; the token takes the publish back (revert). */
  publishDrafts(scope: DraftScope): Promise<DraftsPublishResponse>;
  /** POST structure/drafts/discard {pageId} or {all: true}: drops drafts, back to what members see. */
  discardDrafts(scope: DraftScope): Promise<{ discarded: number }>;
  /** POST structure/revert {token}: undoes the structure change the token was issued for. */
  revert(token: string): Promise<StructureWriteResult>;
  /**
   * POST structure/block/move {updates: [{id, parentId (a block target only), colIndex, index}],
   * fromPageId, toPageId}. Each update's `to.index` is the
   * index in the target column once the block has left its old place.
   */
  moveBlocks(request: BlocksMoveRequest): Promise<StructureWriteResult>;
  /** POST structure/block/clone {ids, toPageId, parentId?, colIndex, index} per target: deep copies (new ids) placed at the targets. */
  cloneBlocks(request: BlocksMoveRequest): Promise<StructureWriteResult>;
  /** POST structure/block/paste: the clipboard's copies (new ids, made by the client) placed from `index` in the parent's column; one request. */
  pasteBlocks(request: BlockPasteRequest): Promise<StructureWriteResult>;
  /** PUT structure/module {module}: creates a module. */
  createModule(module: Omit<Module, 'id'>): Promise<StructureWriteResult>;
  /** POST structure/module/{id} {module}. */
  updateModule(id: Id, module: Module): Promise<StructureWriteResult>;
  /** POST structure/module/order/ {order}: the module display order (structure.orders.modules.order). */
  orderModules(order: Id[]): Promise<StructureWriteResult>;
  /** POST structure/module/{origin}/moveChild/{child}/target/{target}: moves a page to another module. */
  moveChild(originModuleId: Id, pageId: Id, targetModuleId: Id): Promise<StructureWriteResult>;
  /** PUT structure/page {moduleId, page}: creates a page at the end of the module. */
  createPage(moduleId: Id, page: Omit<Page, 'id'>): Promise<StructureWriteResult>;
  /** POST structure/page/{id} {moduleId, page}. */
  updatePage(id: Id, moduleId: Id, page: Page): Promise<StructureWriteResult>;
  /** POST structure/page/order {moduleId, order}. */
  orderPages(moduleId: Id, order: Id[]): Promise<StructureWriteResult>;
  /** GET /{source}/{contextId?}/{id}/slug/{slug}/validate: source `module` or `page`, contextId the module of a page; `number` counts the others using it. */
  validateSlug(source: 'module' | 'page', id: Id | 'new', slug: string, contextId?: Id): Promise<SlugValidation>;
  /** GET structure/permissions/{itemId} (admins and elevated users). */
  getPermissions(itemId: Id): Promise<ItemPermissionGrants>;
  /** POST structure/permissions/{itemId} {permissions}. */
  setPermissions(itemId: Id, permissions: ItemPermissionGrants): Promise<ItemPermissionGrants>;
  /** GET userLists: the lists an admin may view as (id and name; admins and elevated users). */
  listUserLists(): Promise<UserListSummary[]>;
  /** POST admin/viewAs {listIds} (administration.allowViewAs). */
  viewAs(listIds: Id[]): Promise<void>;
  /** POST admin/reset: ends view-as. */
  resetViewAs(): Promise<void>;
  /** GET admin/rules/subjects (admins): lists by name, profile fields with their types and options, for the rules editor. */
  ruleSubjects(): Promise<RuleSubjectChoices>;
  /** POST admin/rules/preview {query} (admins): who the query lets in; rejects with the server's 400 naming the problems. */
  previewRule(query: RuleQuery): Promise<RulePreview>;
}

/** A capture target resolved for paste: where captured blocks go. */
export interface PasteTarget {
  parentType: ParentType;
  parentId: Id;
  colIndex: number;
  index: number;
  pageId: Id;
}

export type { Positions };
