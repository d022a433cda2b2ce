/**
 * clone: independent deep copies placed side by side from `at` (the captured blocks' clone, POST
 * structure/block/clone): the sources as they are now on their page, copied by `copyBlocks`
 * (every block under a source and every field they use get new ids). The inverse removes the copies.
 */
import type { PageDocument } from '../../../../schemas/model';
import { insertAt, requireDoc, type ActionContext, type PageDocs } from '../document';
import { copyBlocks, snapshotOf, type IdMap } from './copy';
import { assertNewIds } from './insert';
import type { ActionResult, CloneAction, RemoveAction } from './types';

export function clone(docs: PageDocs, action: CloneAction, ctx: ActionContext = {}): ActionResult<RemoveAction> & { action: CloneAction } {
  const from = requireDoc(docs, action.fromPageId);
  let to: PageDocument = requireDoc(docs, action.toPageId);
  let idMap: IdMap = { blocks: { ...action.idMap?.blocks }, fields: { ...action.idMap?.fields } };
  const roots = [];
  for (const [i, id] of action.ids.entries()) {
    const copies = copyBlocks(snapshotOf(from, [id]), ctx, idMap);
    idMap = copies.idMap;
    assertNewIds(
      { ...docs, [action.toPageId]: to },
      copies.blocks.map((b) => b.id),
    );
    const [root] = copies.roots;
    to = {
      ...to,
      blocks: [...to.blocks, ...copies.blocks],
      ...(copies.fields ? { fields: [...(to.fields ?? []), ...copies.fields] } : {}),
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
