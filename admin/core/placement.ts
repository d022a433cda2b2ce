/** Where blocks sit: the parent, column and index of a block, and every place a block could be dropped on a page, in reading order. */
import { childrenByColumn, type Columns } from '../../engine/core';
import type { Block, Id, Page } from '../../schemas/model';
import type { ParentType } from './api';

export interface Placement {
  parentType: ParentType;
  parentId: Id;
  colIndex: number;
  /** Index in the column's stored id list. */
  index: number;
}

type Parent = Pick<Block, 'children' | 'positions'>;
export type BlockLookup = (id: Id) => Block | undefined;

/** A parent's columns; never fewer than its declared column widths (empty columns still take drops). */
export function parentColumns(parent: Parent & { columns?: number[] }): Columns {
  const cols = childrenByColumn(parent.children, parent.positions);
  const declared = Array.isArray(parent.columns) ? parent.columns.length : 0;
  if (cols.length >= declared) return cols;
  return [...cols, ...Array.from({ length: declared - cols.length }, () => [])];
}

/** Finds a block's placement under the page (depth first). */
export function findPlacement(page: Page, blockId: Id, getBlock: BlockLookup): Placement | undefined {
  const seen = new Set<Id>();
  const visit = (parentType: ParentType, parentId: Id, parent: Parent & { columns?: number[] }): Placement | undefined => {
    const cols = parentColumns(parent);
    // This parent's own columns first (a plain scan): on a long flat page, no lookup per block.
    for (let c = 0; c < cols.length; c++) {
      const i = cols[c].indexOf(blockId);
      if (i >= 0) return { parentType, parentId, colIndex: c, index: i };
    }
    for (let c = 0; c < cols.length; c++) {
      for (let i = 0; i < cols[c].length; i++) {
        const id = cols[c][i];
        if (seen.has(id)) continue;
        seen.add(id);
        const child = getBlock(id);
        if (child && Array.isArray(child.children) && child.children.length > 0) {
          const found = visit('block', id, child);
          if (found) return found;
        }
      }
    }
    return undefined;
  };
  return visit('page', page.id, page);
}

export interface DropSlot extends Placement {
  /** The block the slot sits before (undefined: the end of the column). */
  beforeId?: Id;
  /** How many blocks the column holds, for announcements. */
  count: number;
}

/**
 * Every place on the page a block can be dropped, in reading order: before each block of each
 * column and at each column's end, descending into blocks that hold children. The moving block
 * and its own descendants are left out (a block cannot go inside itself).
 */
export function dropSlots(page: Page, getBlock: BlockLookup, holdsChildren: (block: Block) => boolean, movingId?: Id): DropSlot[] {
  const slots: DropSlot[] = [];
  const seen = new Set<Id>();
  const visit = (parentType: ParentType, parentId: Id, parent: Parent & { columns?: number[] }) => {
    const cols = parentColumns(parent);
    for (let c = 0; c < cols.length; c++) {
      const col = cols[c];
      for (let i = 0; i < col.length; i++) {
        const id = col[i];
        const child = getBlock(id);
        if (!child || child.wasDeleted) continue;
        slots.push({ parentType, parentId, colIndex: c, index: i, beforeId: id, count: col.length });
        if (id === movingId || seen.has(id)) continue;
        seen.add(id);
        if (holdsChildren(child)) visit('block', id, child);
      }
      slots.push({ parentType, parentId, colIndex: c, index: col.length, count: col.length });
    }
  };
  visit('page', page.id, page);
  return slots;
}

/** Whether dropping at `slot` leaves the block where it is. */
export function isSamePlace(from: Placement, slot: Placement): boolean {
  return (
    from.parentType === slot.parentType &&
    from.parentId === slot.parentId &&
    from.colIndex === slot.colIndex &&
    (slot.index === from.index || slot.index === from.index + 1)
  );
}

/** The index the server should insert at once the block has left its old place (same column, later index shifts by one). */
export function targetIndexAfterRemoval(from: Placement, slot: Placement): number {
  const sameColumn = from.parentType === slot.parentType && from.parentId === slot.parentId && from.colIndex === slot.colIndex;
  return sameColumn && slot.index > from.index ? slot.index - 1 : slot.index;
}
