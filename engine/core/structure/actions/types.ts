/** Structure actions as data: each runs purely over page documents and yields its inverse (undo is applying it). */
import type { Block, Field, Id } from '../../../../schemas/model';
import type { PageDocs, Slot } from '../document';

/** Places new blocks: `blocks[0]` at `at`; the others (its related and child blocks) come with it, unplaced. */
export interface InsertAction {
  kind: 'insert';
  pageId: Id;
  at: Slot;
  blocks: Block[];
  fields?: Field[];
}

/** Moves existing blocks (same ids) one after another; each `to.index` counts once the block has left its old place. */
export interface MoveAction {
  kind: 'move';
  fromPageId: Id;
  toPageId: Id;
  moves: { blockId: Id; to: Slot }[];
}

/** Existing blocks (same ids) placed side by side from `at`: a move of each to the next index. */
export interface AddChildrenAction {
  kind: 'addChildren';
  fromPageId: Id;
  toPageId: Id;
  at: Slot;
  childIds: Id[];
}

/** Deletes blocks with everything under them (spec 4.6: the server marks them wasDeleted); `from` checks where the first one is. */
export interface RemoveAction {
  kind: 'remove';
  pageId: Id;
  blockIds: Id[];
  from?: Slot;
}

/** Puts removed blocks back where they were (spec 4.6 revert); restored last to first. */
export interface RevertAction {
  kind: 'revert';
  pageId: Id;
  restores: { at?: Slot; blocks: Block[]; fields?: Field[] }[];
}

/**
 * Deep copies of blocks placed side by side from `at`: new ids for each block, its children and
 * related blocks at any depth and their fields. `idMap` (old id to new, per kind) is filled in by the run (returned as `action`), so
 * replaying the action (redo) makes the same ids.
 */
export interface CloneAction {
  kind: 'clone';
  fromPageId: Id;
  toPageId: Id;
  ids: Id[];
  at: Slot;
  idMap?: { blocks?: Record<Id, Id>; fields?: Record<Id, Id> };
}

/**
 * Copies placed side by side from `at` (the clipboard's paste): `blocks` are new to every page
 * (made by `copyBlocks`), each a root or under one; `roots[0]` goes at `at`, the next after it.
 */
export interface PasteAction {
  kind: 'paste';
  pageId: Id;
  at: Slot;
  roots: Id[];
  blocks: Block[];
  fields?: Field[];
}

/** A new order of one column's children (the same ids). */
export interface ReorderAction {
  kind: 'reorder';
  pageId: Id;
  parentType: Slot['parentType'];
  parentId: Id;
  colIndex: number;
  order: Id[];
}

export type StructureAction = InsertAction | MoveAction | AddChildrenAction | RemoveAction | RevertAction | CloneAction | PasteAction | ReorderAction;

export interface ActionResult<I extends StructureAction = StructureAction> {
  /** The documents after the action (every input document, changed ones replaced). */
  docs: PageDocs;
  /** Applied to `docs`, gives back the documents the action started from. */
  inverse: I;
}
