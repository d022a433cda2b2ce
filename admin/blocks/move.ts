/** Moving blocks: where a block may go (the placement rule of admin/core/placement.ts), how a place is said, and the move itself (one request, one undo step). */
import { blockAtom } from '../../engine';
import type { Id } from '../../schemas/model';
import { blockLabel, blockPlaceLabel, type AdminValue } from '../core/context';
import { adminActionContext } from '../core/optimistic';
import { recordStep, stepLabel } from '../editor/history';
import { dropSlots, findPlacement, isSamePlace, targetIndexAfterRemoval, type DropSlot, type Placement } from '../core/placement';

/** Drop slots go only into blocks whose type holds children: the rule the structure actions (and the server) apply. */
function holdsChildren(admin: AdminValue) {
  return adminActionContext(admin.registry).holdsChildren!;
}

export interface AllowedSlots {
  /** Every place the block may go, in reading order; its own place (a no-op) and its own inside are left out. */
  slots: DropSlot[];
  /** How many of `slots` come before the block's own place (0 for a new block). */
  home: number;
}

/** Where a block (or, without `movingId`, a new block) may be dropped on the current page. */
export function allowedSlots(admin: AdminValue, movingId?: Id): AllowedSlots {
  const page = admin.page();
  if (!page) return { slots: [], home: 0 };
  const get = (id: Id) => admin.store.get(blockAtom(id));
  const all = dropSlots(page, get, holdsChildren(admin), movingId);
  const from = movingId ? findPlacement(page, movingId, get) : undefined;
  if (!from) return { slots: all, home: 0 };
  const slots: DropSlot[] = [];
  let home = -1;
  for (const s of all) {
    if (isSamePlace(from, s)) {
      if (home < 0) home = slots.length;
    } else slots.push(s);
  }
  return { slots, home: Math.max(0, home) };
}

/** A stable key of a place: parent, column, index. */
export function slotKey(slot: Placement): string {
  return `${slot.parentType}:${slot.parentId}:${slot.colIndex}:${slot.index}`;
}

/** The key of a column's end anchor (admin/blocks/AddBlockMenu.tsx renders it). */
export function columnKey(parentType: string, parentId: Id, colIndex: number): string {
  return `${parentType}:${parentId}:${colIndex}`;
}

function parentName(admin: AdminValue, slot: Placement): string {
  if (slot.parentType === 'page') return admin.t('admin.move.page');
  return blockPlaceLabel(admin.store.get(blockAtom(slot.parentId)), admin.registry);
}

export function describeSlot(admin: AdminValue, name: string, slot: Placement & { count?: number }, key = 'admin.move.position'): string {
  return admin.t(key, { name, index: slot.index + 1, count: (slot.count ?? 0) + 1, column: slot.colIndex + 1, parent: parentName(admin, slot) });
}

/** A place said by its neighbour and position: "before block 2, “Note: Opening hours…”, in column 2 of Columns" or "At the end of column 2 of the page". */
export function slotName(admin: AdminValue, slot: DropSlot): string {
  const params = { column: slot.colIndex + 1, parent: parentName(admin, slot) };
  if (slot.beforeId)
    return admin.t('admin.drag.before', { ...params, index: slot.index + 1, name: blockPlaceLabel(admin.store.get(blockAtom(slot.beforeId)), admin.registry) });
  return admin.t('admin.drag.end', params);
}

/** Focuses the block's move handle once React has rendered it in its new place (a few tries, then gives up). */
function refocusHandle(blockId: Id, control = 'move', tries = 10) {
  setTimeout(() => {
    const handle = document.querySelector<HTMLElement>(`[data-block-id="${CSS.escape(blockId)}"] [data-admin-control="${control}"]`);
    if (handle && document.activeElement !== handle) handle.focus();
    if ((!handle || document.activeElement !== handle) && tries > 1) refocusHandle(blockId, control, tries - 1);
  }, 20);
}

/** Moves a block to a drop slot on the current page through the API; a no-op drop sends nothing. */
export async function moveBlockTo(admin: AdminValue, blockId: Id, slot: Placement & { count?: number }, control = 'move'): Promise<boolean> {
  const page = admin.page();
  const get = (id: Id) => admin.store.get(blockAtom(id));
  const block = get(blockId);
  const name = blockLabel(block, admin.registry);
  if (!page || !block) return false;
  const from = findPlacement(page, blockId, get);
  if (!from) return false;
  if (isSamePlace(from, slot)) {
    admin.announce(admin.t('admin.move.nothingChanged', { name }));
    return false;
  }
  const to = { parentType: slot.parentType, parentId: slot.parentId, colIndex: slot.colIndex, index: targetIndexAfterRemoval(from, slot) };
  // The move shows at once (optimistic); a block moved to another parent remounts there, so the
  // keyboard user is kept on its control now, and again if a refusal puts it back.
  const moving = admin.run({ kind: 'move', fromPageId: page.id, toPageId: page.id, moves: [{ blockId, to }] }, () =>
    admin.api.moveBlocks({
      updates: [{ blockId, from: { parentType: from.parentType, parentId: from.parentId, colIndex: from.colIndex }, to }],
      fromPageId: page.id,
      toPageId: page.id,
    }),
  );
  refocusHandle(blockId, control);
  try {
    const { inverse } = await moving;
    if (inverse) recordStep(admin, { label: stepLabel(admin, 'move', block), command: { kind: 'structure', action: inverse } });
    admin.announce(describeSlot(admin, name, { ...to, count: slot.count ?? 0 }, 'admin.move.dropped'));
    return true;
  } catch {
    refocusHandle(blockId, control);
    admin.notify('negative', admin.t('admin.block.moveFailed'));
    return false;
  }
}
