import { describe, expect, it } from 'vitest';
import { addChildren } from '../../../engine/core';
import { block, ctx, expectInverse, fixture } from './fixture';

describe('addChildren', () => {
  it('places existing blocks (same ids) side by side in a column; they leave their old places', () => {
    const next = expectInverse(fixture(), {
      kind: 'addChildren',
      fromPageId: 'p1',
      toPageId: 'p1',
      at: { parentType: 'block', parentId: 'box', colIndex: 0, index: 0 },
      childIds: ['a', 'c'],
    });
    expect(block(next, 'p1', 'box')?.children).toEqual(['a', 'c', 'inner']);
    expect(block(next, 'p1', 'grid')?.children).toEqual([]);
    expect(next.p1.page.children).toEqual(['grid', 'box']);
  });

  it('takes blocks from another page', () => {
    const next = expectInverse(fixture(), {
      kind: 'addChildren',
      fromPageId: 'p2',
      toPageId: 'p1',
      at: { parentType: 'page', parentId: 'p1', colIndex: 1, index: 0 },
      childIds: ['x'],
    });
    expect(next.p1.page.positions).toEqual({ 'col-0': ['a', 'grid', 'box'], 'col-1': ['x'] });
    expect(next.p2.page.children).toEqual([]);
  });

  it('refuses to make a block a child of its own descendant', () => {
    expect(() =>
      addChildren(fixture(), {
        kind: 'addChildren',
        fromPageId: 'p1',
        toPageId: 'p1',
        at: { parentType: 'block', parentId: 'inner', colIndex: 0, index: 0 },
        childIds: ['box'],
      }),
    ).toThrow(/cannot go inside itself/);
    expect(() =>
      addChildren(
        fixture(),
        { kind: 'addChildren', fromPageId: 'p1', toPageId: 'p1', at: { parentType: 'block', parentId: 'inner', colIndex: 0, index: 0 }, childIds: ['a'] },
        ctx,
      ),
    ).toThrow(/cannot hold child blocks/);
  });
});
