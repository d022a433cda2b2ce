/**
 * What the composer does to a block (toolbar, palette, outline, shortcuts): add, move up/down,
 * duplicate, delete. Each runs optimistically through the pure structure actions, sends one
 * request, and records its undo step (admin/editor/history.ts).
 */
import { blockAtom } from '../../engine';
import type { BlockTypeEntry } from '../../schemas/model';
import type { Block, Id } from '../../schemas/model';
import { blockLabel, errorMessage, type AdminValue } from '../core/context';
import { findPlacement, parentColumns, type Placement } from '../core/placement';
import { placedAt, recordStep, removeCommand, stepLabel } from '../editor/history';
import { selectedBlockAtom } from '../editor/selection';
import { moveBlockTo } from './move';

let newIds = 0;
/** A client-proposed id for a new block (the server may assign its own). */
export function newBlockId(): string {
  newIds += 1;
  return `b-${Date.now().toString(36)}-${newIds.toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}

const get = (admin: AdminValue) => (id: Id) => admin.store.get(blockAtom(id));

/** Where a block sits on the current page. */
export function placementOf(admin: AdminValue, blockId: Id): Placement | undefined {
  const page = admin.page();
  return page ? findPlacement(page, blockId, get(admin)) : undefined;
}

/** The place a new block goes: after the selected block, inside it when it is an empty container, else at the end of the page. */
export function insertionPoint(admin: AdminValue, selected: Id | null): Placement | undefined {
  const page = admin.page();
  if (!page) return undefined;
  const block = selected ? admin.store.get(blockAtom(selected)) : undefined;
  if (block && admin.registry.blocks[block.type]?.children && parentColumns(block).every((c) => c.length === 0))
    return { parentType: 'block', parentId: block.id, colIndex: 0, index: 0 };
  const at = selected ? placementOf(admin, selected) : undefined;
  if (at) return { ...at, index: at.index + 1 };
  return { parentType: 'page', parentId: page.id, colIndex: 0, index: (parentColumns(page)[0] ?? []).length };
}

/** Adds a new block of `entry`'s type (with its defaults) at `at`, selects it, and records the step. Resolves with its id. */
export async function addBlockAt(admin: AdminValue, entry: BlockTypeEntry, at: Placement): Promise<Id | undefined> {
  const page = admin.page();
  if (!page) return undefined;
  const block: Block = { id: newBlockId(), type: entry.type, options: structuredClone(entry.defaults ?? {}), ...(entry.children ? { children: [] } : {}) };
  await admin.run({ kind: 'insert', pageId: page.id, at, blocks: [block] }, () => admin.api.addBlock({ pageId: page.id, block, ...at, defaults: true }));
  const id = placedAt(admin, at) ?? block.id;
  recordStep(admin, { label: stepLabel(admin, 'add', { ...block, id }), command: removeCommand(page.id, id, at) });
  admin.store.set(selectedBlockAtom, id);
  return id;
}

/** Moves a block one place up or down in its column; false when it is already at that end. */
export async function moveBy(admin: AdminValue, blockId: Id, step: -1 | 1): Promise<boolean> {
  const at = placementOf(admin, blockId);
  const page = admin.page();
  if (!at || !page) return false;
  const parent = at.parentType === 'page' ? page : admin.store.get(blockAtom(at.parentId));
  const column = parent ? (parentColumns(parent as Block)[at.colIndex] ?? []) : [];
  const name = blockLabel(admin.store.get(blockAtom(blockId)), admin.registry);
  if ((step < 0 && at.index === 0) || (step > 0 && at.index >= column.length - 1)) {
    admin.announce(admin.t(step < 0 ? 'admin.block.atTop' : 'admin.block.atBottom', { name }));
    return false;
  }
  // moveBlockTo takes the slot as counted before the block leaves: down past the next sibling is +2.
  return moveBlockTo(admin, blockId, { ...at, index: at.index + (step < 0 ? -1 : 2), count: column.length }, step < 0 ? 'up' : 'down');
}

/** A deep copy (new ids) right after the block; the copy is selected. */
export async function duplicateBlock(admin: AdminValue, blockId: Id): Promise<Id | undefined> {
  const page = admin.page();
  const from = placementOf(admin, blockId);
  const block = admin.store.get(blockAtom(blockId));
  if (!page || !from || !block) return undefined;
  const at = { ...from, index: from.index + 1 };
  try {
    await admin.run({ kind: 'clone', fromPageId: page.id, toPageId: page.id, ids: [blockId], at }, () =>
      admin.api.cloneBlocks({
        updates: [{ blockId, from: { parentType: from.parentType, parentId: from.parentId, colIndex: from.colIndex }, to: at }],
        fromPageId: page.id,
        toPageId: page.id,
      }),
    );
  } catch (error) {
    admin.notify('negative', admin.t('admin.block.duplicateFailed', { message: errorMessage(error, admin.t) }));
    return undefined;
  }
  const copy = placedAt(admin, at);
  if (!copy) return undefined;
  recordStep(admin, { label: stepLabel(admin, 'duplicate', block), command: removeCommand(page.id, copy, at) });
  admin.store.set(selectedBlockAtom, copy);
  admin.announce(admin.t('admin.block.duplicated', { name: blockLabel(block, admin.registry) }));
  return copy;
}

/** Deletes a block (spec 4.6: revert token, 30 s notice) and records the step; the selection goes to its parent. */
export async function deleteBlock(admin: AdminValue, block: Block): Promise<boolean> {
  const page = admin.page();
  const at = placementOf(admin, block.id);
  if (!page || !at) return false;
  const name = blockLabel(block, admin.registry);
  try {
    let token = '';
    const { inverse } = await admin.run({ kind: 'remove', pageId: page.id, blockIds: [block.id], from: at }, async () => {
      const result = await admin.api.deleteBlock(block.id, at.parentType, at.parentId, at.colIndex, at.index);
      token = result.revertToken;
      return result;
    });
    if (admin.store.get(selectedBlockAtom) === block.id) admin.store.set(selectedBlockAtom, at.parentType === 'block' ? at.parentId : null);
    if (inverse) recordStep(admin, { label: stepLabel(admin, 'delete', block), command: { kind: 'structure', action: inverse, token } });
    admin.offerRevert(token, name, inverse);
    return true;
  } catch (error) {
    admin.notify('negative', admin.t('admin.block.deleteFailed', { message: errorMessage(error, admin.t) }));
    return false;
  }
}
