/**
 * Page documents as the structure actions read and write them: where a block sits, what lies under
 * it, whether it may go somewhere (the cycle check, once), and what changed between two states.
 * Pure: inputs are never modified; unchanged items keep their identity, so changes are found by it.
 */
import type { Block, Field, Id, Page, PageDocument } from '../../../schemas/model';
import { childBlockIds, childrenByColumn, insertChildren, removeChildFrom } from './layout';

export type ParentType = 'page' | 'block';

/** A place among a parent's children: column and index in that column. */
export interface Slot {
  parentType: ParentType;
  parentId: Id;
  colIndex: number;
  index: number;
}

/** The page documents an action works on, by page id (one page, or two for a move between pages). */
export type PageDocs = Readonly<Record<Id, PageDocument>>;

export type StructureErrorCode = 'notFound' | 'cycle' | 'cannotHoldChildren' | 'notThere' | 'exists' | 'badOrder' | 'badPaste';

/** Why an action cannot run; `notFound` is a 404 on the server, every other code a 400. */
export class StructureActionError extends Error {
  constructor(
    readonly code: StructureErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StructureActionError';
  }
}

/** What the caller knows that a page document does not: which block types hold children. */
export interface ActionContext {
  /** Whether a block may hold child blocks (the registry's `children: true`); every block may when absent. */
  holdsChildren?(block: Block): boolean;
  /** A fresh id for a cloned block or field. */
  newId?(kind: 'block' | 'field'): Id;
}

export function requireDoc(docs: PageDocs, pageId: Id): PageDocument {
  const doc = Object.prototype.hasOwnProperty.call(docs, pageId) ? docs[pageId] : undefined;
  if (!doc) throw new StructureActionError('notFound', `page "${pageId}" does not exist`);
  return doc;
}

export function findBlock(doc: PageDocument, id: Id): Block | undefined {
  return doc.blocks.find((b) => b.id === id && !b.wasDeleted);
}

export function requireBlock(doc: PageDocument, id: Id): Block {
  const block = findBlock(doc, id);
  if (!block) throw new StructureActionError('notFound', `block "${id}" is not on page "${doc.page.id}"`);
  return block;
}

/** The parent (page or block) a slot names, checked: it exists on the page and may hold children. */
export function requireParent(doc: PageDocument, slot: Pick<Slot, 'parentType' | 'parentId'>, ctx: ActionContext = {}): Page | Block {
  if (slot.parentType === 'page') {
    if (slot.parentId !== doc.page.id) throw new StructureActionError('notFound', `page "${slot.parentId}" is not page "${doc.page.id}"`);
    return doc.page;
  }
  const block = requireBlock(doc, slot.parentId);
  if (ctx.holdsChildren && !ctx.holdsChildren(block))
    throw new StructureActionError('cannotHoldChildren', `block "${block.id}" of type "${block.type}" cannot hold child blocks`);
  return block;
}

/** Where a block sits as a child (page first, then blocks in document order), by the column rule. */
export function placeOf(doc: PageDocument, id: Id): Slot | undefined {
  const holders: [ParentType, Page | Block][] = [['page', doc.page], ...doc.blocks.filter((b) => !b.wasDeleted).map((b): [ParentType, Block] => ['block', b])];
  for (const [parentType, holder] of holders) {
    // A parent without children holds nothing, whatever its positions say (the column rule).
    if (!Array.isArray(holder.children) || !holder.children.includes(id)) continue;
    const columns = childrenByColumn(holder.children, holder.positions);
    for (let colIndex = 0; colIndex < columns.length; colIndex++) {
      const index = columns[colIndex].indexOf(id);
      if (index >= 0) return { parentType, parentId: holder.id, colIndex, index };
    }
  }
  return undefined;
}

/** The ids of the blocks under `id` at any depth (children and related blocks), not `id` itself. */
export function descendantIds(doc: PageDocument, id: Id): Set<Id> {
  const byId = new Map(doc.blocks.map((b) => [b.id, b]));
  const out = new Set<Id>();
  const stack = [...childBlockIds(byId.get(id) ?? {})];
  while (stack.length) {
    const next = stack.pop()!;
    if (next === id || out.has(next)) continue;
    out.add(next);
    stack.push(...childBlockIds(byId.get(next) ?? {}));
  }
  return out;
}

/** The cycle check: a block cannot go under itself or under one of its own descendants. */
export function assertNotInside(doc: PageDocument, blockId: Id, slot: Pick<Slot, 'parentType' | 'parentId'>): void {
  if (slot.parentType !== 'block') return;
  if (slot.parentId === blockId || descendantIds(doc, blockId).has(slot.parentId))
    throw new StructureActionError('cycle', `block "${blockId}" cannot go inside itself (block "${slot.parentId}" is under it)`);
}

/** The document with one parent (page or block) replaced. */
export function withParent(doc: PageDocument, parent: Page | Block, parentType: ParentType): PageDocument {
  if (parentType === 'page') return { ...doc, page: parent as Page };
  return { ...doc, blocks: doc.blocks.map((b) => (b.id === parent.id ? (parent as Block) : b)) };
}

/** The document with `ids` inserted into a slot's column (clamped index); they leave their old place in that parent. */
export function insertAt(doc: PageDocument, slot: Slot, ids: Id[], ctx: ActionContext = {}): PageDocument {
  const parent = requireParent(doc, slot, ctx);
  return withParent(doc, insertChildren(parent, ids, slot.colIndex, slot.index), slot.parentType);
}

/** The document with a block taken out of the parent holding it (unchanged when it is held nowhere). */
export function detach(doc: PageDocument, id: Id): { doc: PageDocument; from?: Slot } {
  const from = placeOf(doc, id);
  if (!from) return { doc };
  const parent = from.parentType === 'page' ? doc.page : requireBlock(doc, from.parentId);
  return { doc: withParent(doc, removeChildFrom(parent, id), from.parentType), from };
}

/** Items that differ between two states of the documents: pages and blocks changed or new (by identity and page), and blocks gone. */
export interface DocChanges {
  pages: Page[];
  /** Each with the page it is now on. */
  blocks: { pageId: Id; block: Block }[];
  fields: Field[];
  removedBlocks: Id[];
}

export function docChanges(before: PageDocs, after: PageDocs): DocChanges {
  const was = new Map<Id, { pageId: Id; block: Block }>();
  for (const [pageId, doc] of Object.entries(before)) for (const block of doc.blocks) was.set(block.id, { pageId, block });
  const fieldsBefore = new Set(Object.values(before).flatMap((d) => d.fields ?? []));
  const out: DocChanges = { pages: [], blocks: [], fields: [], removedBlocks: [] };
  const present = new Set<Id>();
  for (const [pageId, doc] of Object.entries(after)) {
    if (before[pageId]?.page !== doc.page) out.pages.push(doc.page);
    for (const block of doc.blocks) {
      present.add(block.id);
      const prior = was.get(block.id);
      if (!prior || prior.block !== block || prior.pageId !== pageId) out.blocks.push({ pageId, block });
    }
    for (const field of doc.fields ?? []) if (!fieldsBefore.has(field)) out.fields.push(field);
  }
  for (const id of was.keys()) if (!present.has(id)) out.removedBlocks.push(id);
  return out;
}
