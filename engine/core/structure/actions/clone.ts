/**
 * clone: independent deep copies placed side by side from `at` (the captured blocks' clone, POST
 * structure/block/clone): every block under a source (children and related blocks, at any depth)
 * and every field they use get new ids, and references among them follow. The inverse removes the copies.
 */
import type { Block, Field, Id, PageDocument } from '../../../../schemas/model';
import { descendantIds, insertAt, requireBlock, requireDoc, type ActionContext, type PageDocs } from '../document';
import { assertNewIds } from './insert';
import { fieldIdsOf } from './remove';
import type { ActionResult, CloneAction, RemoveAction } from './types';

type IdMap = { blocks: Record<Id, Id>; fields: Record<Id, Id> };

function idFor(map: Record<Id, Id>, id: Id, kind: 'block' | 'field', ctx: ActionContext): Id {
  if (!Object.prototype.hasOwnProperty.call(map, id)) {
    if (!ctx.newId) throw new Error(`clone: no id for ${kind} "${id}" (give idMap or ctx.newId)`);
    map[id] = ctx.newId(kind);
  }
  return map[id];
}

function copyBlock(block: Block, blocks: Record<Id, Id>, fields: Record<Id, Id>): Block {
  const { revision: _revision, wasDeleted: _deleted, pageId: _page, ...rest } = block as Block & { pageId?: Id };
  const ids = (list: Id[] | undefined) => list?.map((id) => blocks[id] ?? id);
  const copy: Block = { ...rest, id: blocks[block.id] };
  if (block.children) copy.children = ids(block.children);
  if (block.positions) copy.positions = Object.fromEntries(Object.entries(block.positions).map(([col, list]) => [col, ids(list) ?? []]));
  if (block.relatedBlocks) {
    const related = block.relatedBlocks as { display?: Id[]; modal?: Id };
    copy.relatedBlocks = {
      ...related,
      ...(related.display ? { display: ids(related.display) } : {}),
      ...(related.modal ? { modal: blocks[related.modal] ?? related.modal } : {}),
    } as Block['relatedBlocks'];
  }
  if (block.fields) copy.fields = block.fields.map((id) => fields[id] ?? id);
  return copy;
}

function copyField(field: Field, fields: Record<Id, Id>): Field {
  const { revision: _revision, ...rest } = field;
  return { ...rest, id: fields[field.id], ...(field.childIds ? { childIds: field.childIds.map((id) => fields[id] ?? id) } : {}) };
}

export function clone(docs: PageDocs, action: CloneAction, ctx: ActionContext = {}): ActionResult<RemoveAction> & { action: CloneAction } {
  const from = requireDoc(docs, action.fromPageId);
  let to: PageDocument = requireDoc(docs, action.toPageId);
  const idMap: IdMap = { blocks: { ...action.idMap?.blocks }, fields: { ...action.idMap?.fields } };
  const roots: Id[] = [];
  for (const [i, id] of action.ids.entries()) {
    requireBlock(from, id);
    const tree = new Set([id, ...descendantIds(from, id)]);
    const sources = from.blocks.filter((b) => tree.has(b.id));
    const sourceFields = fieldIdsOf(sources, from.fields ?? []);
    const fields = (from.fields ?? []).filter((f) => sourceFields.has(f.id));
    for (const b of sources) idFor(idMap.blocks, b.id, 'block', ctx);
    for (const f of fields) idFor(idMap.fields, f.id, 'field', ctx);
    const copies = sources.map((b) => copyBlock(b, idMap.blocks, idMap.fields));
    assertNewIds(
      { ...docs, [action.toPageId]: to },
      copies.map((b) => b.id),
    );
    const root = idMap.blocks[id];
    to = {
      ...to,
      blocks: [...to.blocks, ...copies],
      ...(fields.length ? { fields: [...(to.fields ?? []), ...fields.map((f) => copyField(f, idMap.fields))] } : {}),
    };
    to = insertAt(to, { ...action.at, index: action.at.index + i }, [root], ctx);
    roots.push(root);
  }
  return {
    docs: { ...docs, [action.toPageId]: to },
    inverse: { kind: 'remove', pageId: action.toPageId, blockIds: roots },
    action: { ...action, idMap },
  };
}
