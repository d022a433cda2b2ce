/** remove: deletes blocks with what lies under them (spec 4.6); the inverse reverts them into place. */
import type { Block, Field, Id, PageDocument } from '../../../../schemas/model';
import { descendantIds, detach, requireBlock, requireDoc, StructureActionError, type PageDocs, type Slot } from '../document';
import type { ActionResult, RemoveAction, RevertAction } from './types';

/** Field ids the blocks reference, at any depth (children of repeaters, groups, conditionals). */
export function fieldIdsOf(blocks: Block[], fields: Field[]): Set<Id> {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const out = new Set<Id>();
  const stack = blocks.flatMap((b) => b.fields ?? []);
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(byId.get(id)?.childIds ?? []));
  }
  return out;
}

const samePlace = (a: Slot | undefined, b: Slot) =>
  !!a && a.parentType === b.parentType && a.parentId === b.parentId && a.colIndex === b.colIndex && a.index === b.index;

export function remove(docs: PageDocs, action: RemoveAction): ActionResult<RevertAction> {
  let doc: PageDocument = requireDoc(docs, action.pageId);
  const restores: RevertAction['restores'] = [];
  for (const [i, id] of action.blockIds.entries()) {
    requireBlock(doc, id);
    const under = descendantIds(doc, id);
    const taken = detach(doc, id);
    if (i === 0 && action.from && !samePlace(taken.from, action.from)) {
      const { parentType, parentId, colIndex, index } = action.from;
      throw new StructureActionError('notThere', `block "${id}" is not at column ${colIndex}, index ${index} of ${parentType} "${parentId}"`);
    }
    const gone = new Set([id, ...under]);
    const goneBlocks = taken.doc.blocks.filter((b) => gone.has(b.id)).sort((a, b) => Number(b.id === id) - Number(a.id === id));
    const blocks = taken.doc.blocks.filter((b) => !gone.has(b.id));
    // Fields only the removed blocks used leave the document with them (and come back on revert).
    const allFields = taken.doc.fields ?? [];
    const kept = fieldIdsOf(blocks, allFields);
    const used = fieldIdsOf(goneBlocks, allFields);
    const fields = allFields.filter((f) => used.has(f.id) && !kept.has(f.id));
    restores.push({ ...(taken.from ? { at: taken.from } : {}), blocks: goneBlocks, ...(fields.length ? { fields } : {}) });
    doc = { ...taken.doc, blocks, ...(fields.length ? { fields: allFields.filter((f) => !fields.includes(f)) } : {}) };
  }
  return { docs: { ...docs, [action.pageId]: doc }, inverse: { kind: 'revert', pageId: action.pageId, restores } };
}
