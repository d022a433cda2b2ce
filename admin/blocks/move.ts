/** Moving blocks: the keyboard move state, the drop itself (shared by pointer and keyboard), and its announcements. */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { blockAtom, type AddBlockSlot } from '../../engine';
import type { Id } from '../../schemas/model';
import { blockLabel, useAdmin, type AdminValue } from '../core/context';
import { adminActionContext } from '../core/optimistic';
import { recordStep, stepLabel } from '../editor/history';
import { dropSlots, findPlacement, isSamePlace, targetIndexAfterRemoval, type DropSlot, type Placement } from '../core/placement';

export interface KeyboardMove {
  blockId: Id;
  slots: DropSlot[];
  /** Index into `slots` of the current target. */
  position: number;
}

export const keyboardMoveAtom = atom<KeyboardMove | null>(null);
/** The block being dragged with the pointer. */
export const draggingBlockAtom = atom<Id | null>(null);

export const DRAG_TYPE = 'application/x-tessera-block';

/** Drop slots go only into blocks whose type holds children: the rule the structure actions (and the server) apply. */
function holdsChildren(admin: AdminValue) {
  return adminActionContext(admin.registry).holdsChildren!;
}

function parentName(admin: AdminValue, slot: Placement): string {
  if (slot.parentType === 'page') return admin.t('admin.move.page');
  return blockLabel(admin.store.get(blockAtom(slot.parentId)), admin.registry);
}

export function describeSlot(admin: AdminValue, name: string, slot: DropSlot, key = 'admin.move.position'): string {
  return admin.t(key, { name, index: slot.index + 1, count: slot.count + 1, column: slot.colIndex + 1, parent: parentName(admin, slot) });
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
  // keyboard user is kept on its move handle now, and again if a refusal puts it back.
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

/** Keyboard moving of one block: pick up, step through the page's drop slots, drop or cancel. */
export function useKeyboardMove(blockId: Id) {
  const admin = useAdmin();
  const state = useAtomValue(keyboardMoveAtom);
  const setState = useSetAtom(keyboardMoveAtom);
  const moving = state?.blockId === blockId;

  const name = () => blockLabel(admin.store.get(blockAtom(blockId)), admin.registry);

  const pickUp = useCallback(() => {
    const page = admin.page();
    if (!page) return;
    const get = (id: Id) => admin.store.get(blockAtom(id));
    const slots = dropSlots(page, get, holdsChildren(admin), blockId);
    const from = findPlacement(page, blockId, get);
    const position = Math.max(
      0,
      slots.findIndex(
        (s) => from && s.parentId === from.parentId && s.parentType === from.parentType && s.colIndex === from.colIndex && s.index === from.index,
      ),
    );
    setState({ blockId, slots, position });
    admin.announce(admin.t('admin.move.pickedUp', { name: name() }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [admin, blockId, setState]);

  const onKeyDown = useCallback(
    (e: React.KeyboardEvent) => {
      const current = admin.store.get(keyboardMoveAtom);
      if (!current || current.blockId !== blockId) {
        if (e.key === ' ' || e.key === 'Enter') {
          e.preventDefault();
          pickUp();
        }
        return;
      }
      const { slots, position } = current;
      let next = position;
      if (e.key === 'ArrowDown') next = Math.min(slots.length - 1, position + 1);
      else if (e.key === 'ArrowUp') next = Math.max(0, position - 1);
      else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        // The first slot of the next (previous) column or parent.
        const here = slots[position];
        const step = e.key === 'ArrowRight' ? 1 : -1;
        for (let i = position + step; i >= 0 && i < slots.length; i += step) {
          if (slots[i].parentId !== here.parentId || slots[i].colIndex !== here.colIndex) {
            next = i;
            if (step < 0) while (next > 0 && slots[next - 1].parentId === slots[i].parentId && slots[next - 1].colIndex === slots[i].colIndex) next--;
            break;
          }
        }
      } else if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        setState(null);
        admin.announce(admin.t('admin.move.cancelled', { name: name() }));
        return;
      } else if (e.key === ' ' || e.key === 'Enter') {
        e.preventDefault();
        setState(null);
        void moveBlockTo(admin, blockId, slots[position]);
        return;
      } else return;
      e.preventDefault();
      setState({ ...current, position: next });
      admin.announce(describeSlot(admin, name(), slots[next]));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [admin, blockId, pickUp, setState],
  );

  return { moving, onKeyDown };
}

/** Whether the keyboard move's current target is this place: before `beforeId`, or the end of the slot's column. */
export function useIsMoveTarget(where: { beforeId: Id } | AddBlockSlot): boolean {
  const state = useAtomValue(keyboardMoveAtom);
  if (!state) return false;
  const slot = state.slots[state.position];
  if (!slot) return false;
  if ('beforeId' in where) return slot.beforeId === where.beforeId;
  return slot.beforeId === undefined && slot.parentType === where.parentKind && slot.parentId === where.parentId && slot.colIndex === where.column;
}

/** The slot index of the end of a column (for pointer drops on an add-block slot). */
export function endOfColumn(admin: AdminValue, slot: AddBlockSlot): (Placement & { count: number }) | undefined {
  const page = admin.page();
  if (!page) return undefined;
  const parent = slot.parentKind === 'page' ? page : admin.store.get(blockAtom(slot.parentId));
  if (!parent) return undefined;
  const cols = dropSlots(page, (id) => admin.store.get(blockAtom(id)), holdsChildren(admin)).filter(
    (s) => s.parentId === slot.parentId && s.parentType === slot.parentKind && s.colIndex === slot.column && s.beforeId === undefined,
  );
  const end = cols[0];
  return end ? { ...end } : { parentType: slot.parentKind, parentId: slot.parentId, colIndex: slot.column, index: 0, count: 0 };
}

/** The placement of the slot just before a block (pointer drops on a block). */
export function beforeBlock(admin: AdminValue, blockId: Id): (Placement & { count: number }) | undefined {
  const page = admin.page();
  if (!page) return undefined;
  const get = (id: Id) => admin.store.get(blockAtom(id));
  const at = findPlacement(page, blockId, get);
  return at ? { ...at, count: 0 } : undefined;
}
