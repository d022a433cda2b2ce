/** revert: puts removed blocks back where they were (spec 4.6); the inverse removes them again. */
import type { PageDocument } from '../../../../schemas/model';
import { insertAt, requireDoc, type ActionContext, type PageDocs } from '../document';
import { assertNewIds } from './insert';
import type { ActionResult, RemoveAction, RevertAction } from './types';

export function revert(docs: PageDocs, action: RevertAction, ctx: ActionContext = {}): ActionResult<RemoveAction> {
  let doc: PageDocument = requireDoc(docs, action.pageId);
  assertNewIds(
    docs,
    action.restores.flatMap((r) => r.blocks.map((b) => b.id)),
  );
  for (const restore of [...action.restores].reverse()) {
    const [root] = restore.blocks;
    if (!root) continue;
    const blocks = restore.blocks.map((b) => {
      if (!b.wasDeleted) return b;
      const { wasDeleted: _deleted, ...live } = b;
      return live;
    });
    doc = {
      ...doc,
      blocks: [...doc.blocks, ...blocks],
      ...(restore.fields?.length ? { fields: [...(doc.fields ?? []), ...restore.fields] } : {}),
    };
    if (restore.at) doc = insertAt(doc, restore.at, [root.id], ctx);
  }
  const roots = action.restores.flatMap((r) => (r.blocks[0] ? [r.blocks[0].id] : []));
  const first = action.restores[0]?.at;
  return {
    docs: { ...docs, [action.pageId]: doc },
    inverse: { kind: 'remove', pageId: action.pageId, blockIds: roots, ...(first ? { from: first } : {}) },
  };
}
