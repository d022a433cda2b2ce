/**
 * Tree edits that several structure calls share: a module's page order as one viewer may change
 * it, removing a page with its blocks. Blocks are placed, moved and removed by the engine's
 * structure actions (page-actions.ts).
 */
import type { Block, Id, Page } from '../../schemas/model';
import { collectBlocks } from './read';
import { childBlockIds } from '../../engine/core/structure/layout';
import type { StructureWrite } from './write';

/**
 * A new order of a module's pages from a user who may not see all of them: `order` must list each
 * page the user sees exactly once; pages the user does not see (or that no longer exist) keep
 * their places. Pure (a tree rule; it moves to engine/core with the structure actions).
 */
export function mergeVisibleOrder(current: Id[], order: Id[], visible: ReadonlySet<Id>): Id[] | undefined {
  const shown = current.filter((id) => visible.has(id));
  if (order.length !== shown.length || new Set(order).size !== order.length || order.some((id) => !visible.has(id) || !current.includes(id))) return undefined;
  let next = 0;
  return current.map((id) => (visible.has(id) ? order[next++] : id));
}

/** Removes a page; its blocks are marked deleted (and go for good when the revert window ends). Returns their ids. */
export async function removePage(w: StructureWrite, pageId: Id): Promise<Id[]> {
  const page = await w.require<Page>('page', pageId);
  const blocks = await collectBlocks(w.source, childBlockIds(page));
  for (const b of blocks) await w.put<Block>('block', { ...b, wasDeleted: true });
  await w.remove('page', pageId);
  w.pageIds.add(pageId);
  return blocks.map((b) => b.id);
}
