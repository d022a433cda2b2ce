/** addChildren: existing blocks (same ids) placed side by side in a column; they leave their old places. */
import type { ActionContext, PageDocs } from '../document';
import { move } from './move';
import type { ActionResult, AddChildrenAction, MoveAction } from './types';

export function addChildren(docs: PageDocs, action: AddChildrenAction, ctx: ActionContext = {}): ActionResult<MoveAction> {
  return move(
    docs,
    {
      kind: 'move',
      fromPageId: action.fromPageId,
      toPageId: action.toPageId,
      moves: action.childIds.map((blockId, i) => ({ blockId, to: { ...action.at, index: action.at.index + i } })),
    },
    ctx,
  );
}
