/** The pure structure actions, and one entry point that runs any of them (undo and redo run inverses through it). */
import type { Id } from '../../../../schemas/model';
import type { ActionContext, PageDocs } from '../document';
import { addChildren } from './add-children';
import { clone } from './clone';
import { insert } from './insert';
import { paste } from './paste';
import { move } from './move';
import { remove } from './remove';
import { reorder } from './reorder';
import { revert } from './revert';
import type { ActionResult, StructureAction } from './types';

export * from './types';
export * from './copy';
export { addChildren, clone, insert, move, paste, remove, reorder, revert };

/** Runs an action; `action` in the result is the action as run (a clone's with its new ids filled in). */
export function applyStructureAction(docs: PageDocs, action: StructureAction, ctx: ActionContext = {}): ActionResult & { action: StructureAction } {
  switch (action.kind) {
    case 'insert':
      return { ...insert(docs, action, ctx), action };
    case 'move':
      return { ...move(docs, action, ctx), action };
    case 'addChildren':
      return { ...addChildren(docs, action, ctx), action };
    case 'remove':
      return { ...remove(docs, action), action };
    case 'revert':
      return { ...revert(docs, action, ctx), action };
    case 'clone':
      return clone(docs, action, ctx);
    case 'paste':
      return { ...paste(docs, action, ctx), action };
    case 'reorder':
      return { ...reorder(docs, action), action };
  }
}

/**
 * What an action that only re-parents blocks (move, addChildren, reorder) reads of its pages: the
 * blocks it moves (with everything under them, for the cycle check), the parents they leave and the
 * parents it writes into. A caller holding a large page can hand it just those (the page item and
 * these blocks) and get the same result. Undefined for the other actions: they read whole pages
 * (ids already taken, fields other blocks still use).
 */
export function localActionScope(action: StructureAction): { moved: Id[]; parents: Id[] } | undefined {
  const blockParent = (slot: { parentType: string; parentId: Id }) => (slot.parentType === 'block' ? [slot.parentId] : []);
  switch (action.kind) {
    case 'move':
      return { moved: action.moves.map((m) => m.blockId), parents: action.moves.flatMap((m) => blockParent(m.to)) };
    case 'addChildren':
      return { moved: action.childIds, parents: blockParent(action.at) };
    case 'reorder':
      return { moved: [], parents: blockParent(action) };
    default:
      return undefined;
  }
}

/** The pages an action reads and writes (the documents to hand it). */
export function actionPageIds(action: StructureAction): string[] {
  switch (action.kind) {
    case 'move':
    case 'addChildren':
    case 'clone':
      return [...new Set([action.fromPageId, action.toPageId])];
    default:
      return [action.pageId];
  }
}
