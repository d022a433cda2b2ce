import { describe, expect, it } from 'vitest';
import { blockRuns, type BlockRunNode } from '../../engine/react/block-runs';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `b-${i}`);

/** Every run by its key path, with the ids under it. */
function index(runs: BlockRunNode[], out = new Map<string, string>(), path = ''): Map<string, string> {
  for (const run of runs) {
    out.set(`${path}/${run.key}`, run.ids.join());
    if (run.runs) index(run.runs, out, `${path}/${run.key}`);
  }
  return out;
}

const leaves = (runs: BlockRunNode[]): (readonly string[])[] => runs.flatMap((r) => (r.runs ? leaves(r.runs) : [r.ids]));

describe('block runs', () => {
  it('keeps a short column as one run', () => {
    expect(blockRuns(ids(64), 64)).toEqual([{ key: 'tail', ids: ids(64) }]);
  });

  it('splits a long column into runs that hold every id once, in order, with unique keys among siblings', () => {
    const all = ids(5000);
    const runs = blockRuns(all, 64);
    expect(leaves(runs).flat()).toEqual(all);
    const check = (level: BlockRunNode[]) => {
      expect(new Set(level.map((r) => r.key)).size).toBe(level.length);
      expect(level.length).toBeLessThanOrEqual(32);
      level.forEach((r) => r.runs && check(r.runs));
    };
    check(runs);
    expect(Math.max(...leaves(runs).map((l) => l.length))).toBeLessThanOrEqual(32);
  });

  it('changes only the runs a move leaves and enters, not every run after it', () => {
    const all = ids(5000);
    const moved = [all[4999], ...all.slice(0, 4999)];
    const before = index(blockRuns(all, 64));
    const after = index(blockRuns(moved, 64));
    const changed = [...after].filter(([key, value]) => before.get(key) !== value);
    // The first leaf and the tail leaf, and their parents up to the top.
    expect(changed.length).toBeLessThanOrEqual(8);
    expect(after.size).toBe(before.size);
  });
});
