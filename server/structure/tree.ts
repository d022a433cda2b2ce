/** Children laid out by column (positions) kept in step with the flat children list. */
import type { Block, Id, Page, Positions } from '../../schemas/model';

type Parent = Pick<Page | Block, 'children' | 'positions'>;

export const columnKey = (col: number) => `col-${col}`;

/** Positions with every child placed: children missing from every column go to col-0. */
export function normalisedPositions(item: Parent): Positions {
  const positions: Positions = {};
  for (const [col, ids] of Object.entries(item.positions ?? {})) positions[col] = [...ids];
  const placed = new Set(Object.values(positions).flat());
  const missing = (item.children ?? []).filter((id) => !placed.has(id));
  if (missing.length) positions['col-0'] = [...(positions['col-0'] ?? []), ...missing];
  return positions;
}

function withPositions<T extends Parent>(item: T, positions: Positions): T {
  const cols = Object.keys(positions).sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)));
  const ordered: Positions = {};
  for (const c of cols) ordered[c] = positions[c];
  return { ...item, positions: ordered, children: cols.flatMap((c) => positions[c]) };
}

export function insertChild<T extends Parent>(item: T, childId: Id, col = 0, index?: number): T {
  const positions = normalisedPositions(removeChild(item, childId));
  const list = positions[columnKey(col)] ?? [];
  const at = index === undefined ? list.length : Math.min(Math.max(index, 0), list.length);
  list.splice(at, 0, childId);
  positions[columnKey(col)] = list;
  return withPositions(item, positions);
}

export function removeChild<T extends Parent>(item: T, childId: Id): T {
  if (!item.children?.includes(childId) && !Object.values(item.positions ?? {}).some((ids) => ids.includes(childId))) return item;
  const positions = normalisedPositions(item);
  for (const col of Object.keys(positions)) positions[col] = positions[col].filter((id) => id !== childId);
  return withPositions(item, positions);
}

export function childAt(item: Parent, col: number, index: number): Id | undefined {
  return normalisedPositions(item)[columnKey(col)]?.[index];
}

/** Block ids directly referenced by a page or block (children and related display/modal blocks). */
export function childBlockIds(item: Page | Block): Id[] {
  const ids = [...(item.children ?? []), ...Object.values(item.positions ?? {}).flat()];
  const related = item.relatedBlocks as { display?: Id[]; modal?: Id } | undefined;
  if (related?.display) ids.push(...related.display);
  if (related?.modal) ids.push(related.modal);
  return [...new Set(ids)];
}
