/**
 * Drag and drop in the composer (@dnd-kit/core): from the palette (adds a new block), from the
 * outline and from the selected block's toolbar (moves). Drop zones exist only while something is
 * dragged and only at the places the dragged block may go (admin/blocks/move.ts allowedSlots, the
 * placement rule of admin/core/placement.ts). They are portalled into the page: before a block
 * (inside its element) and at a column's end (the anchor AddBlockMenu renders), so the page itself
 * never remounts. Keyboard dragging steps through the same places in reading order (up/down: the
 * previous/next place, left/right: the previous/next column); the library's live region says each
 * step with our texts. A drop is one structure request and one undo step.
 */
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { blockAtom } from '../../engine';
import type { Id } from '../../schemas/model';
import { addBlockAt } from '../blocks/block-actions';
import { allowedSlots, columnKey, moveBlockTo, slotKey, slotName } from '../blocks/move';
import { blockLabel, errorMessage, useAdmin, type AdminValue } from '../core/context';
import type { DropSlot } from '../core/placement';
import { blockElement } from './selection';

export type DragSource = { kind: 'block'; id: Id } | { kind: 'new'; type: string };

interface DragData {
  source: DragSource;
  /** Said in announcements: the block's or the new type's name. */
  name: string;
}

export interface DragState extends DragData {
  slots: DropSlot[];
}

/** What is being dragged and where it may go; null when nothing is. */
export const dragAtom = atom<DragState | null>(null);

/** Where the selected block's toolbar wants its drag handle (the toolbar lives in the page, outside the drag context). */
export const dragHandleSlotAtom = atom<{ blockId: Id; el: HTMLElement } | null>(null);

/** The distance from a point to a rectangle (0 inside). */
function distanceTo(x: number, y: number, r: { left: number; top: number; right: number; bottom: number }): number {
  const dx = Math.max(r.left - x, 0, x - r.right);
  const dy = Math.max(r.top - y, 0, y - r.bottom);
  return Math.hypot(dx, dy);
}

/** The pointer's nearest drop zone (the smallest on ties: the innermost); a keyboard drag's chosen one. */
function collisionFor(keyboardTarget: string | null, keyboard: boolean): CollisionDetection {
  return ({ droppableContainers, droppableRects, pointerCoordinates, collisionRect }) => {
    if (keyboard) return keyboardTarget && droppableContainers.some((c) => c.id === keyboardTarget) ? [{ id: keyboardTarget }] : [];
    const x = pointerCoordinates?.x ?? collisionRect.left;
    const y = pointerCoordinates?.y ?? collisionRect.top;
    let best: { id: string | number; d: number; area: number } | null = null;
    for (const c of droppableContainers) {
      const r = droppableRects.get(c.id);
      if (!r) continue;
      const d = distanceTo(x, y, r);
      const area = r.width * r.height;
      if (d > 48) continue;
      if (!best || d < best.d || (d === best.d && area < best.area)) best = { id: c.id, d, area };
    }
    return best ? [{ id: best.id }] : [];
  };
}

/** The drag context around the composer's panels; drop zones and the page handle are portalled into the page. */
export function ComposerDnd({ children }: { children: ReactNode }) {
  const admin = useAdmin();
  const { t, store } = admin;
  const drag = useAtomValue(dragAtom);
  const setDrag = useSetAtom(dragAtom);
  const [target, setTarget] = useState<string | null>(null);
  const [keyboard, setKeyboard] = useState(false);
  // Index into the drag's slots of the keyboard's place; x.5 means between places (the start).
  const cursor = useRef(-0.5);

  const coordinateGetter = useCallback<KeyboardCoordinateGetter>(
    (event, { context, currentCoordinates }) => {
      const slots = store.get(dragAtom)?.slots ?? [];
      const present = (i: number) => Boolean(context.droppableContainers.get(slotKey(slots[i])));
      const here = cursor.current;
      const group = (i: number) => (slots[i] ? `${slots[i].parentType}:${slots[i].parentId}:${slots[i].colIndex}` : '');
      let next = -1;
      if (event.code === 'ArrowDown' || (event.code === 'ArrowRight' && !Number.isInteger(here))) {
        for (let i = Math.floor(here) + 1; i < slots.length; i++) if (present(i)) return go(i);
      } else if (event.code === 'ArrowUp' || (event.code === 'ArrowLeft' && !Number.isInteger(here))) {
        for (let i = Math.ceil(here) - 1; i >= 0; i--) if (present(i)) return go(i);
      } else if (event.code === 'ArrowRight') {
        for (let i = here + 1; i < slots.length; i++) if (present(i) && group(i) !== group(here)) return go(i);
      } else if (event.code === 'ArrowLeft') {
        // The first place of the previous column.
        for (let i = here - 1; i >= 0; i--)
          if (present(i) && group(i) !== group(here)) {
            next = i;
            while (next > 0 && group(next - 1) === group(i)) next--;
            while (!present(next)) next++;
            return go(next);
          }
      }
      return undefined;

      function go(i: number) {
        event.preventDefault();
        cursor.current = i;
        const key = slotKey(slots[i]);
        setTarget(key);
        const rect = context.droppableRects.get(key);
        return rect ? { x: rect.left, y: rect.top } : currentCoordinates;
      }
    },
    [store],
  );

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter }));
  const collisionDetection = useMemo(() => collisionFor(target, keyboard), [target, keyboard]);

  const end = () => {
    setDrag(null);
    setTarget(null);
    setKeyboard(false);
  };

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const data = active.data.current as DragData | undefined;
    if (!data) return;
    const { slots, home } = allowedSlots(admin, data.source.kind === 'block' ? data.source.id : undefined);
    cursor.current = home - 0.5;
    setKeyboard(typeof KeyboardEvent !== 'undefined' && activatorEvent instanceof KeyboardEvent);
    setTarget(null);
    setDrag({ ...data, slots });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const data = active.data.current as DragData | undefined;
    const slot = (over?.data.current as { slot?: DropSlot } | undefined)?.slot;
    end();
    if (!data || !slot) return;
    void drop(admin, data, slot);
  };

  const announcements = useMemo<Announcements>(() => {
    const name = (active: { data: { current?: unknown } }) => (active.data.current as DragData | undefined)?.name ?? '';
    const place = (over: { data: { current?: unknown } } | null) => (over?.data.current as { slot?: DropSlot } | undefined)?.slot;
    return {
      onDragStart: ({ active }) => t('admin.drag.pickedUp', { name: name(active) }),
      onDragOver: ({ active, over }) => {
        const slot = place(over);
        return slot ? t('admin.drag.over', { name: name(active), place: slotName(admin, slot) }) : t('admin.drag.nowhere', { name: name(active) });
      },
      onDragEnd: ({ active, over }) => {
        const slot = place(over);
        return slot ? t('admin.drag.dropped', { name: name(active), place: slotName(admin, slot) }) : t('admin.move.cancelled', { name: name(active) });
      },
      onDragCancel: ({ active }) => t('admin.move.cancelled', { name: name(active) }),
    };
  }, [admin, t]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      // Scroll only near the window's top and bottom edges, never sideways (the panels sit there).
      autoScroll={{ threshold: { x: 0, y: 0.08 } }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('admin.drag.instructions') } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={end}
    >
      {children}
      <PageDragHandle />
      {drag && <DropZones slots={drag.slots} />}
      <DragOverlay dropAnimation={null}>{drag ? <div className="t-admin-drag-ghost">{drag.name}</div> : null}</DragOverlay>
    </DndContext>
  );
}

/** Runs a drop: a move of the dragged block, or a new block of the dragged type at the place. */
async function drop(admin: AdminValue, data: DragData, slot: DropSlot): Promise<void> {
  if (data.source.kind === 'block') {
    await moveBlockTo(admin, data.source.id, slot);
    return;
  }
  const entry = admin.registry.blocks[data.source.type];
  if (!entry) return;
  try {
    await addBlockAt(admin, entry, { parentType: slot.parentType, parentId: slot.parentId, colIndex: slot.colIndex, index: slot.index });
    admin.announce(admin.t('admin.composer.added', { name: entry.title }));
  } catch (e) {
    admin.notify('negative', admin.t('admin.newBlockInfo.failed', { message: errorMessage(e, admin.t) }));
  }
}

/** The drop zones of a drag, each portalled to its place on the page (before a block, or a column's end). */
function DropZones({ slots }: { slots: DropSlot[] }) {
  const admin = useAdmin();
  // Found once per drag: the page does not change while something is dragged.
  const places = useMemo(
    () =>
      slots.map((slot) => ({
        slot,
        el: slot.beforeId
          ? blockElement(slot.beforeId)
          : document.querySelector<HTMLElement>(`[data-slot="${CSS.escape(columnKey(slot.parentType, slot.parentId, slot.colIndex))}"]`),
      })),
    [slots],
  );
  return <>{places.map(({ slot, el }) => (el ? createPortal(<DropZone slot={slot} label={slotName(admin, slot)} />, el, slotKey(slot)) : null))}</>;
}

function DropZone({ slot, label }: { slot: DropSlot; label: string }) {
  const { setNodeRef, isOver } = useDroppable({ id: slotKey(slot), data: { slot } });
  return (
    <div
      ref={setNodeRef}
      className={`t-admin-dropzone t-admin-dropzone--${slot.beforeId ? 'before' : 'end'}${isOver ? ' t-admin-dropzone--over' : ''}`}
      data-admin-dropzone={slotKey(slot)}
      aria-hidden="true"
    >
      {isOver && <span className="t-admin-dropzone__label">{label}</span>}
    </div>
  );
}

/** A drag handle: a button the pointer drags and Space/Enter picks up. */
export function DragHandle({
  id,
  source,
  name,
  label,
  className = 't-admin-drag-handle',
  control,
  children,
}: {
  id: string;
  source: DragSource;
  name: string;
  /** The accessible name when the visible content is only an icon. */
  label?: string;
  className?: string;
  control?: string;
  children: ReactNode;
}) {
  const { t } = useAdmin();
  const data = useMemo<DragData>(() => ({ source, name }), [source, name]);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id, data, attributes: { roleDescription: t('admin.drag.roleDescription') } });
  return (
    <button
      type="button"
      ref={setNodeRef}
      className={`${className}${isDragging ? ' t-admin-dragging' : ''}`}
      data-admin-control={control}
      aria-label={label}
      {...attributes}
      {...listeners}
    >
      {children}
    </button>
  );
}

/** The selected block's "Move block" handle, portalled into its toolbar. */
function PageDragHandle() {
  const place = useAtomValue(dragHandleSlotAtom);
  if (!place) return null;
  return createPortal(<BlockHandle key={place.blockId} blockId={place.blockId} />, place.el);
}

function BlockHandle({ blockId }: { blockId: Id }) {
  const admin = useAdmin();
  const block = useAtomValue(blockAtom(blockId));
  const source = useMemo<DragSource>(() => ({ kind: 'block', id: blockId }), [blockId]);
  return (
    <DragHandle id={`block:${blockId}`} source={source} name={blockLabel(block, admin.registry)} className="t-admin-move" control="move">
      <span aria-hidden="true">⠿ </span>
      {/* On a phone only the grip shows (admin.css), so the toolbar stays one row; the name is still read. */}
      <span className="t-admin-move__label">{admin.t('admin.block.move')}</span>
    </DragHandle>
  );
}
