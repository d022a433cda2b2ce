/** move: existing blocks (same ids) to new places, on the same page or another; the inverse moves them back. */
import type { PageDocument } from '../../../../schemas/model';
import {
  assertNotInside,
  descendantIds,
  detach,
  insertAt,
  requireBlock,
  requireDoc,
  requireParent,
  StructureActionError,
  type ActionContext,
  type PageDocs,
} from '../document';
import type { ActionResult, MoveAction } from './types';

export function move(docs: PageDocs, action: MoveAction, ctx: ActionContext = {}): ActionResult<MoveAction> {
  const samePage = action.fromPageId === action.toPageId;
  let from: PageDocument = requireDoc(docs, action.fromPageId);
  let to: PageDocument = requireDoc(docs, action.toPageId);
  const back: MoveAction['moves'] = [];
  for (const { blockId, to: slot } of action.moves) {
    requireBlock(from, blockId);
    requireParent(samePage ? from : to, slot, ctx);
    assertNotInside(from, blockId, slot);
    const taken = detach(from, blockId);
    if (!taken.from) throw new StructureActionError('notThere', `block "${blockId}" is not placed on page "${action.fromPageId}"`);
    from = taken.doc;
    if (samePage) {
      from = insertAt(from, slot, [blockId], ctx);
    } else {
      // The block and everything under it change pages.
      const going = new Set([blockId, ...descendantIds(from, blockId)]);
      const moving = from.blocks.filter((b) => going.has(b.id));
      from = { ...from, blocks: from.blocks.filter((b) => !going.has(b.id)) };
      to = insertAt({ ...to, blocks: [...to.blocks, ...moving] }, slot, [blockId], ctx);
    }
    back.unshift({ blockId, to: taken.from });
  }
  return {
    docs: samePage ? { ...docs, [action.fromPageId]: from } : { ...docs, [action.fromPageId]: from, [action.toPageId]: to },
    inverse: { kind: 'move', fromPageId: action.toPageId, toPageId: action.fromPageId, moves: back },
  };
}
