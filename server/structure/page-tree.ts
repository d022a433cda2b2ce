/**
 * Tree edits that several structure calls share: a module's page order as one viewer may change
 * it, attaching and detaching blocks, removing a page with its blocks.
 */
import type { Block, Id, Page } from '../../schemas/model';
import { badRequest } from '../errors';
import { collectBlocks } from './read';
import { childBlockIds, insertChild, removeChild } from './tree';
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

/** Moves existing blocks under a page (or block) at a column and index; they leave their old parent. */
export async function attachBlocks(
  w: StructureWrite,
  parent: { kind: 'page' | 'block'; id: Id },
  pageId: Id,
  ids: Id[],
  col: number,
  index: number,
): Promise<void> {
  let target = await w.require<Page | Block>(parent.kind, parent.id);
  for (const [i, id] of ids.entries()) {
    const block = await w.require<Block>('block', id);
    if (block.wasDeleted) throw badRequest(`block "${id}" was deleted`);
    if (parent.kind === 'block' && id === parent.id) throw badRequest(`block "${id}" cannot be its own child`);
    await detachBlock(w, block);
    target = await w.require<Page | Block>(parent.kind, parent.id);
    target = insertChild(target, id, col, index + i);
    await w.put(parent.kind, target);
    await w.put<Block & { pageId?: Id }>('block', { ...block, pageId });
  }
}

/** Removes a page; its blocks are marked deleted (and go for good when the revert window ends). Returns their ids. */
export async function removePage(w: StructureWrite, pageId: Id): Promise<Id[]> {
  const page = await w.require<Page>('page', pageId);
  const blocks = await collectBlocks(w.tx, childBlockIds(page));
  for (const b of blocks) await w.put<Block>('block', { ...b, wasDeleted: true });
  await w.remove('page', pageId);
  w.pageIds.add(pageId);
  return blocks.map((b) => b.id);
}

/** Removes a block from whichever page or block holds it. */
export async function detachBlock(w: StructureWrite, block: Block & { pageId?: Id }): Promise<void> {
  if (!block.pageId) return;
  const page = await w.get<Page>('page', block.pageId);
  if (page && (page.children?.includes(block.id) || Object.values(page.positions ?? {}).some((ids) => ids.includes(block.id)))) {
    await w.put('page', removeChild(page, block.id));
    return;
  }
  if (!page) return;
  for (const parent of await collectBlocks(w.tx, page.children ?? [], true)) {
    if (parent.children?.includes(block.id) || Object.values(parent.positions ?? {}).some((ids) => ids.includes(block.id))) {
      await w.put('block', removeChild(await w.require<Block>('block', parent.id), block.id));
      return;
    }
  }
}
