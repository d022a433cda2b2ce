/** insert: new blocks onto a page (PUT structure/block); the inverse removes them. */
import type { Id } from '../../../../schemas/model';
import { insertAt, placeOf, requireDoc, StructureActionError, type ActionContext, type PageDocs } from '../document';
import type { ActionResult, InsertAction, RemoveAction } from './types';

/** Refuses ids that are already taken on any of the documents (or twice in the list). */
export function assertNewIds(docs: PageDocs, ids: Id[]): void {
  const taken = new Set(Object.values(docs).flatMap((d) => d.blocks.map((b) => b.id)));
  const seen = new Set<Id>();
  for (const id of ids) {
    if (taken.has(id) || seen.has(id)) throw new StructureActionError('exists', `block "${id}" already exists`);
    seen.add(id);
  }
}

export function insert(docs: PageDocs, action: InsertAction, ctx: ActionContext = {}): ActionResult<RemoveAction> {
  const doc = requireDoc(docs, action.pageId);
  const [root] = action.blocks;
  if (!root) throw new StructureActionError('notFound', 'insert needs at least one block');
  assertNewIds(
    docs,
    action.blocks.map((b) => b.id),
  );
  const withBlocks = {
    ...doc,
    blocks: [...doc.blocks, ...action.blocks],
    ...(action.fields?.length ? { fields: [...(doc.fields ?? []), ...action.fields] } : {}),
  };
  const next = insertAt(withBlocks, action.at, [root.id], ctx);
  return {
    docs: { ...docs, [action.pageId]: next },
    inverse: { kind: 'remove', pageId: action.pageId, blockIds: [root.id], from: placeOf(next, root.id) },
  };
}
