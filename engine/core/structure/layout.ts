/** Column layout of pages and blocks (spec core 3 positions, 5.2 column layouts). */
import type { Id, Positions } from '../../../schemas/model';
import { MAX_COLUMNS } from '../constants';

/** A layout as `childrenByColumn` gives it: shared between callers (cached), so never changed in place. */
export type Columns = readonly (readonly Id[])[];

/**
 * Layouts by `children` array, then by `positions` object (or `NO_POSITIONS`). Stored items are
 * replaced, never changed in place (structure actions and the store write new objects), so the same
 * pair of objects always lays out the same way: an undo on a 5,000-block page then lays out only
 * the parents it touched instead of walking every id of the page again in each caller.
 */
const layouts = new WeakMap<object, WeakMap<object, Columns>>();
const NO_POSITIONS = {};

/**
 * THE column layout rule (one copy: the engine renders by it, the server and admin write by it, the
 * page migration lays out by it). `children` says which blocks a parent holds; `positions` only
 * places them. Columns are `col-0`, `col-1`, ... in numeric order (below MAX_COLUMNS); a child listed
 * in no column goes to the end of `col-0`; ids in `positions` but not in `children` are not children
 * and drop out, as do duplicates and malformed entries. The result is frozen and cached per
 * (`children`, `positions`) identity: copy it to change it.
 */
export function childrenByColumn(children: unknown, positions: unknown): Columns {
  if (!Array.isArray(children)) return layOut(children, positions);
  const key = positions && typeof positions === 'object' ? positions : NO_POSITIONS;
  let byPositions = layouts.get(children);
  if (!byPositions) layouts.set(children, (byPositions = new WeakMap()));
  let columns = byPositions.get(key);
  if (!columns) byPositions.set(key, (columns = layOut(children, positions)));
  return columns;
}

function layOut(children: unknown, positions: unknown): Columns {
  const ids = Array.isArray(children) ? children.filter((c): c is Id => typeof c === 'string' && c !== '') : [];
  const known = new Set(ids);
  const placed = new Set<Id>();
  const columns: Id[][] = [];
  if (positions && typeof positions === 'object' && !Array.isArray(positions)) {
    const keys = Object.keys(positions as Positions)
      .map((k) => ({ k, n: /^col-(\d+)$/.exec(k) }))
      .filter((e) => e.n && Number(e.n[1]) < MAX_COLUMNS)
      .sort((a, b) => Number(a.n![1]) - Number(b.n![1]));
    for (const { k, n } of keys) {
      const list = (positions as Record<string, unknown>)[k];
      const column: Id[] = [];
      for (const id of Array.isArray(list) ? list : []) {
        if (typeof id === 'string' && known.has(id) && !placed.has(id)) {
          placed.add(id);
          column.push(id);
        }
      }
      columns[Number(n![1])] = column;
    }
  }
  for (let i = 0; i < columns.length; i++) columns[i] ??= [];
  if (!columns.length) columns.push([]);
  columns[0] = [...columns[0], ...ids.filter((id) => !placed.has(id) && (placed.add(id), true))];
  for (const column of columns) Object.freeze(column);
  return Object.freeze(columns);
}

/** A changeable copy of a layout. */
export const copyColumns = (columns: Columns): Id[][] => columns.map((c) => [...c]);

type Laid = { children?: unknown; positions?: unknown; columns?: unknown };

export const columnKey = (col: number) => `col-${col}`;

/**
 * The item with `positions` written from `columns` and `children` kept in step (reading order).
 * Empty columns at the end go unless the item declares widths for them: an undeclared empty column
 * would still take a share of the width, and a block moved out and back must leave the layout as it was.
 */
export function withColumns<T extends Laid>(item: T, columns: Columns): T & { children: Id[]; positions: Positions } {
  const keep = Math.max(1, Array.isArray(item.columns) ? item.columns.length : 0);
  let count = columns.length;
  while (count > keep && columns[count - 1].length === 0) count--;
  const positions: Positions = {};
  const laid: Id[][] = [];
  // The columns written are the layout of the new item when every id is a distinct non-empty string:
  // cache them so the next reader (the render, the next action) does not lay the page out again.
  const seen = new Set<Id>();
  let exact = count <= MAX_COLUMNS;
  for (let i = 0; i < count; i++) {
    const column = [...columns[i]];
    for (const id of column) {
      if (typeof id !== 'string' || id === '' || seen.has(id)) exact = false;
      seen.add(id);
    }
    positions[columnKey(i)] = column;
    laid.push(column);
  }
  const children = laid.flat();
  if (exact) layouts.set(children, new WeakMap([[positions, Object.freeze(laid.map((c) => Object.freeze([...c])))]]));
  return { ...item, positions, children };
}

/** The item laid out by the rule: explicit positions, children in step, strays dropped. */
export function normalisedLayout<T extends Laid>(item: T): T & { children: Id[]; positions: Positions } {
  return withColumns(item, childrenByColumn(item.children, item.positions));
}

/** Inserts `ids` (taken out of wherever they are in this item first) into column `col` at `index` (clamped; the end when absent). */
export function insertChildren<T extends Laid>(item: T, ids: readonly Id[], col = 0, index?: number): T & { children: Id[]; positions: Positions } {
  const taking = new Set(ids);
  const columns: Id[][] = childrenByColumn(item.children, item.positions).map((c) => c.filter((id) => !taking.has(id)));
  while (columns.length <= col) columns.push([]);
  const list = columns[col];
  const at = index === undefined ? list.length : Math.min(Math.max(index, 0), list.length);
  list.splice(at, 0, ...ids);
  return withColumns(item, columns);
}

/** The item without `id` among its children (the item itself when it does not hold it). */
export function removeChildFrom<T extends Laid>(item: T, id: Id): T {
  const columns = childrenByColumn(item.children, item.positions);
  if (!columns.some((c) => c.includes(id))) return item;
  return withColumns(
    item,
    columns.map((c) => c.filter((x) => x !== id)),
  );
}

/** Where `id` sits among the item's children, by the rule. */
export function placeOfChild(item: Laid, id: Id): { col: number; index: number } | undefined {
  const columns = childrenByColumn(item.children, item.positions);
  for (let col = 0; col < columns.length; col++) {
    const index = columns[col].indexOf(id);
    if (index >= 0) return { col, index };
  }
  return undefined;
}

/** The child at a column and index, by the rule. */
export function childAt(item: Laid, col: number, index: number): Id | undefined {
  return childrenByColumn(item.children, item.positions)[col]?.[index];
}

/** Block ids a page or block references: its children (by the rule) and its related display and modal blocks. */
export function childBlockIds(item: Laid & { relatedBlocks?: unknown }): Id[] {
  // Most blocks hold nothing: no need to lay out their (empty) columns.
  const hasChildren = Array.isArray(item.children) && item.children.length > 0;
  if (!hasChildren && !item.relatedBlocks) return [];
  const ids = hasChildren ? childrenByColumn(item.children, item.positions).flat() : [];
  const related = item.relatedBlocks as { display?: unknown; modal?: unknown } | undefined;
  if (Array.isArray(related?.display)) ids.push(...related.display.filter((id): id is Id => typeof id === 'string' && id !== ''));
  if (typeof related?.modal === 'string' && related.modal) ids.push(related.modal);
  return [...new Set(ids)];
}

export type ColumnWidthsCheck = { ok: true; widths: number[] } | { ok: false; problem: 'tooMany' | 'notIntegers' | 'sum'; detail: string };

/** Column widths: at most 12 positive integers summing to 12. Absent widths share 12 equally as best they can. */
export function checkColumnWidths(widths: unknown, count: number): ColumnWidthsCheck {
  if (widths === undefined || widths === null) {
    const n = Math.max(1, Math.min(count, MAX_COLUMNS));
    const base = Math.floor(MAX_COLUMNS / n);
    return { ok: true, widths: Array.from({ length: n }, (_, i) => base + (i < MAX_COLUMNS - base * n ? 1 : 0)) };
  }
  if (!Array.isArray(widths) || widths.some((w) => !Number.isInteger(w) || (w as number) < 1))
    return { ok: false, problem: 'notIntegers', detail: JSON.stringify(widths) };
  if (widths.length > MAX_COLUMNS) return { ok: false, problem: 'tooMany', detail: String(widths.length) };
  const sum = (widths as number[]).reduce((a, b) => a + b, 0);
  if (sum !== MAX_COLUMNS) return { ok: false, problem: 'sum', detail: String(sum) };
  return { ok: true, widths: widths as number[] };
}
