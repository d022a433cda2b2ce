import { describe, expect, it } from 'vitest';
import { reorder } from '../../../engine/core';
import { expectInverse, fixture } from './fixture';

describe('reorder', () => {
  it('sets a new order of one column and restores the old one through its inverse', () => {
    const next = expectInverse(fixture(), { kind: 'reorder', pageId: 'p1', parentType: 'page', parentId: 'p1', colIndex: 0, order: ['box', 'a', 'grid'] });
    expect(next.p1.page).toMatchObject({ children: ['box', 'a', 'grid'], positions: { 'col-0': ['box', 'a', 'grid'] } });
  });

  it('refuses an order that is not the same ids exactly once', () => {
    const run = (order: string[]) => () => reorder(fixture(), { kind: 'reorder', pageId: 'p1', parentType: 'page', parentId: 'p1', colIndex: 0, order });
    expect(run(['a', 'grid'])).toThrow(/exactly once: a, grid, box/);
    expect(run(['a', 'a', 'grid'])).toThrow(/exactly once/);
    expect(run(['a', 'grid', 'x'])).toThrow(/exactly once/);
  });
});
