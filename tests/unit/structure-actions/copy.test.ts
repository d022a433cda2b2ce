import { describe, expect, it } from 'vitest';
import { copyBlocks, snapshotOf } from '../../../engine/core';
import { fixture, idSource } from './fixture';

describe('copy', () => {
  it('snapshots blocks with everything under them: columns, children, related blocks and their fields', () => {
    const docs = fixture();
    const snap = snapshotOf(docs.p1, ['grid', 'box', 'a']);
    expect(snap.roots).toEqual(['grid', 'box', 'a']);
    expect(snap.blocks.map((b) => b.id).sort()).toEqual(['a', 'box', 'c', 'grid', 'inner', 'rel']);
    expect(snap.fields!.map((f) => f.id).sort()).toEqual(['f1', 'f2']);
    // Not copied: the very blocks of the page.
    expect(snap.blocks.find((b) => b.id === 'a')).toBe(docs.p1.blocks[0]);
  });

  it('gives every block and field a new id, deep, with references following, and leaves the snapshot alone', () => {
    const docs = fixture();
    const snap = snapshotOf(docs.p1, ['grid', 'box', 'a']);
    const before = structuredClone(snap);
    const copy = copyBlocks(snap, idSource());
    const oldIds = new Set([...snap.blocks.map((b) => b.id), ...snap.fields!.map((f) => f.id)]);
    for (const b of copy.blocks) expect(oldIds.has(b.id)).toBe(false);
    for (const f of copy.fields!) expect(oldIds.has(f.id)).toBe(false);
    expect(new Set(copy.blocks.map((b) => b.id)).size).toBe(6);
    const byId = new Map(copy.blocks.map((b) => [b.id, b]));
    const grid = byId.get(copy.roots[0])!;
    // Columns: the copy of c sits in the first column of the copied grid.
    expect(grid.positions).toEqual({ 'col-0': [copy.idMap.blocks.c], 'col-1': [] });
    expect(grid.children).toEqual([copy.idMap.blocks.c]);
    const inner = byId.get(byId.get(copy.roots[1])!.children![0])!;
    expect(inner.name).toBe('Inner');
    const group = copy.fields!.find((f) => f.id === inner.fields![0])!;
    expect(group.childIds).toEqual([copy.idMap.fields.f2]);
    const a = byId.get(copy.roots[2])!;
    expect(a.revision).toBeUndefined();
    expect(byId.get(a.relatedBlocks!.display![0])!.name).toBe('Related');
    expect(snap).toEqual(before);
  });

  it('copies again with its id map as the seed to the same ids, and without a source of ids refuses', () => {
    const snap = snapshotOf(fixture().p1, ['box']);
    const first = copyBlocks(snap, idSource());
    expect(copyBlocks(snap, {}, first.idMap)).toEqual(first);
    expect(() => copyBlocks(snap, {})).toThrow(/no id for block "box"/);
  });

  it('refuses a block that is not on the page', () => {
    expect(() => snapshotOf(fixture().p1, ['x'])).toThrow(/block "x" is not on page "p1"/);
  });
});
