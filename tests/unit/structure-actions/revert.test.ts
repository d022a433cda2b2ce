import { describe, expect, it } from 'vitest';
import { remove, revert } from '../../../engine/core';
import { block, ctx, expectInverse, fixture } from './fixture';

describe('revert', () => {
  it('puts removed blocks back in their places, live again (wasDeleted cleared), fields included', () => {
    const docs = fixture();
    const removed = remove(docs, { kind: 'remove', pageId: 'p1', blockIds: ['c', 'box'] });
    const deleted = {
      ...removed.inverse,
      restores: removed.inverse.restores.map((r) => ({ ...r, blocks: r.blocks.map((b) => ({ ...b, wasDeleted: true })) })),
    };
    const { docs: back, inverse } = revert(removed.docs, deleted, ctx);
    expect(block(back, 'p1', 'grid')?.positions).toEqual({ 'col-0': ['c'], 'col-1': [] });
    expect(back.p1.page.children).toEqual(['a', 'grid', 'box']);
    expect(block(back, 'p1', 'inner')).toEqual(block(docs, 'p1', 'inner'));
    expect(back.p1.fields?.map((f) => f.id).sort()).toEqual(['f1', 'f2']);
    expect(inverse).toEqual({ kind: 'remove', pageId: 'p1', blockIds: ['c', 'box'], from: { parentType: 'block', parentId: 'grid', colIndex: 0, index: 0 } });
  });

  it('is undone by its inverse', () => {
    const removed = remove(fixture(), { kind: 'remove', pageId: 'p1', blockIds: ['grid'] });
    expectInverse(removed.docs, removed.inverse);
  });

  it('refuses to restore over blocks that exist, and into a parent that is gone', () => {
    const docs = fixture();
    expect(() => revert(docs, { kind: 'revert', pageId: 'p1', restores: [{ blocks: [{ id: 'a', type: 'text' }] }] })).toThrow(/block "a" already exists/);
    const at = { parentType: 'block' as const, parentId: 'gone', colIndex: 0, index: 0 };
    expect(() => revert(docs, { kind: 'revert', pageId: 'p1', restores: [{ at, blocks: [{ id: 'n', type: 'text' }] }] })).toThrow(
      /block "gone" is not on page "p1"/,
    );
  });
});
