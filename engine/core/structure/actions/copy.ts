/**
 * copy: the clipboard's deep copies. `snapshotOf` takes blocks as they are now (each with every
 * block under it: children in any column, tabs' content, related blocks, at any depth, and the
 * fields they use); `copyBlocks` gives a snapshot new ids throughout, references among its blocks
 * and fields following. The copies are placed by the `paste` action; `clone` uses the same copying.
 */
import type { Block, Field, Id, PageDocument } from '../../../../schemas/model';
import { descendantIds, requireBlock, type ActionContext } from '../document';
import { fieldIdsOf } from './remove';

/** Blocks taken for the clipboard: `roots` in order, with every block and field under them. */
export interface BlockSnapshot {
  roots: Id[];
  blocks: Block[];
  fields?: Field[];
}

/** Old id to new id, per kind. */
export interface IdMap {
  blocks: Record<Id, Id>;
  fields: Record<Id, Id>;
}

/** The blocks `ids` of a page document with everything under them, as they are (not copied). */
export function snapshotOf(doc: PageDocument, ids: Id[]): BlockSnapshot {
  const tree = new Set<Id>();
  for (const id of ids) {
    requireBlock(doc, id);
    tree.add(id);
    for (const under of descendantIds(doc, id)) tree.add(under);
  }
  const blocks = doc.blocks.filter((b) => tree.has(b.id) && !b.wasDeleted);
  const used = fieldIdsOf(blocks, doc.fields ?? []);
  const fields = (doc.fields ?? []).filter((f) => used.has(f.id));
  return { roots: [...ids], blocks, ...(fields.length ? { fields } : {}) };
}

function idFor(map: Record<Id, Id>, id: Id, kind: 'block' | 'field', ctx: ActionContext): Id {
  if (!Object.prototype.hasOwnProperty.call(map, id)) {
    if (!ctx.newId) throw new Error(`copy: no id for ${kind} "${id}" (give an id map or ctx.newId)`);
    map[id] = ctx.newId(kind);
  }
  return map[id];
}

/** A block with a new id and its references (children, columns, related blocks, fields) following `map`; no revision, page or deletion mark. */
export function copyBlock(block: Block, map: IdMap): Block {
  const { revision: _revision, wasDeleted: _deleted, pageId: _page, ...rest } = block as Block & { pageId?: Id };
  const ids = (list: Id[] | undefined) => list?.map((id) => map.blocks[id] ?? id);
  const copy: Block = { ...rest, id: map.blocks[block.id] };
  if (block.children) copy.children = ids(block.children);
  if (block.positions) copy.positions = Object.fromEntries(Object.entries(block.positions).map(([col, list]) => [col, ids(list) ?? []]));
  if (block.relatedBlocks) {
    const related = block.relatedBlocks as { display?: Id[]; modal?: Id };
    copy.relatedBlocks = {
      ...related,
      ...(related.display ? { display: ids(related.display) } : {}),
      ...(related.modal ? { modal: map.blocks[related.modal] ?? related.modal } : {}),
    } as Block['relatedBlocks'];
  }
  if (block.fields) copy.fields = block.fields.map((id) => map.fields[id] ?? id);
  return copy;
}

export function copyField(field: Field, map: IdMap): Field {
  const { revision: _revision, ...rest } = field;
  return { ...rest, id: map.fields[field.id], ...(field.childIds ? { childIds: field.childIds.map((id) => map.fields[id] ?? id) } : {}) };
}

/**
 * The snapshot with new ids for every block and field (from `seed`, else `ctx.newId`); the returned
 * `idMap` holds them all, so copying again with it as the seed makes the same ids.
 */
export function copyBlocks(snapshot: BlockSnapshot, ctx: ActionContext, seed?: Partial<IdMap>): BlockSnapshot & { idMap: IdMap } {
  const idMap: IdMap = { blocks: { ...seed?.blocks }, fields: { ...seed?.fields } };
  for (const b of snapshot.blocks) idFor(idMap.blocks, b.id, 'block', ctx);
  for (const f of snapshot.fields ?? []) idFor(idMap.fields, f.id, 'field', ctx);
  const fields = (snapshot.fields ?? []).map((f) => copyField(f, idMap));
  return {
    roots: snapshot.roots.map((id) => idMap.blocks[id] ?? id),
    blocks: snapshot.blocks.map((b) => copyBlock(b, idMap)),
    ...(fields.length ? { fields } : {}),
    idMap,
  };
}
