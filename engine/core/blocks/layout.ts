/** Column layout of pages and blocks (spec core 3 positions, 5.2 column layouts). */
import type { Id, Positions } from '../../../schemas/model';
import { MAX_COLUMNS } from '../constants';

/**
 * Children grouped by column. Columns are `col-0`, `col-1`, ... in numeric order; a child listed in
 * no column goes to `col-0`; ids not among the children, duplicates and malformed entries drop out.
 */
export function childrenByColumn(children: unknown, positions: unknown): Id[][] {
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
  return columns;
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
