/**
 * A long column of blocks as a tree of runs whose edges are chosen by the blocks' ids, not their
 * positions (content-defined chunking, as prolly trees and rsync do). React compares siblings one by
 * one, so a flat list of 5,000 blocks makes every update walk all 5,000; nested memoised runs keep
 * that walk to a few fibers per level. Runs cut at fixed positions (every 8th block) shift when a
 * block is added, removed or moved near the top: every run after it changes and its edge blocks
 * remount. Here a block ends a run when its id hashes to it, so the same blocks make the same runs
 * wherever they sit, and a move changes only the runs it leaves and enters (and their parents).
 */
import type { Id } from '../../schemas/model';

/** Children per run: about one id in RUN ends a run of its level. */
export const RUN = 8;
/** A run longer than this is cut anyway (only ids whose hashes happen to avoid edges get there). */
const MAX_RUN = RUN * 4;
const LEVEL_BITS = 3; // log2(RUN)
const MAX_LEVEL = 8;

export interface BlockRunNode {
  /** Stable among its siblings: the id that ends the run, or `tail` for the column's unfinished last run. */
  key: string;
  /** Every block id under the run, in order (what a memoised run compares). */
  ids: readonly Id[];
  /** Inner runs; absent for a leaf run, which renders its `ids` as blocks. */
  runs?: BlockRunNode[];
}

const levels = new Map<Id, number>();

/** How many runs an id ends: 0 for most, 1 for about one in RUN, 2 for one in RUN², ... (FNV-1a of the id). */
export function runLevel(id: Id): number {
  let level = levels.get(id);
  if (level !== undefined) return level;
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h >>>= 0;
  level = 0;
  while (level < MAX_LEVEL && (h & (RUN - 1)) === 0) {
    h >>>= LEVEL_BITS;
    level++;
  }
  // Ids are few per page; the cache is bounded so a long session on many pages does not grow it without end.
  if (levels.size > 100_000) levels.clear();
  levels.set(id, level);
  return level;
}

/** Groups `items` (ids into leaf runs at level 1, runs of level - 1 above) into runs of `level`. */
function group<T>(
  items: readonly T[],
  level: number,
  idsOf: (item: T) => readonly Id[],
  lastOf: (item: T) => Id,
  make: (items: T[], ids: Id[], key: string) => BlockRunNode,
): BlockRunNode[] {
  const out: BlockRunNode[] = [];
  let current: T[] = [];
  let ids: Id[] = [];
  for (const item of items) {
    current.push(item);
    for (const id of idsOf(item)) ids.push(id);
    const last = lastOf(item);
    if (runLevel(last) >= level || current.length >= MAX_RUN) {
      out.push(make(current, ids, last));
      current = [];
      ids = [];
    }
  }
  if (current.length) out.push(make(current, ids, 'tail'));
  return out;
}

/**
 * The runs of a column, top level first. Columns of up to `flat` blocks are one leaf run (an
 * ordinary page is never split); longer ones get levels until the top has at most RUN * 4 runs.
 */
export function blockRuns(ids: readonly Id[], flat: number): BlockRunNode[] {
  if (ids.length <= flat) return [{ key: 'tail', ids }];
  let nodes = group(
    ids,
    1,
    (id) => [id],
    (id) => id,
    (_ids, all, key) => ({ key, ids: all }),
  );
  for (let level = 2; nodes.length > MAX_RUN && level <= MAX_LEVEL + 1; level++) {
    nodes = group(
      nodes,
      level,
      (n) => n.ids,
      (n) => n.ids[n.ids.length - 1],
      (runs, all, key) => ({ key, ids: all, runs }),
    );
  }
  return nodes;
}
