import { describe, expect, it } from 'vitest';
import { docChanges, remove } from '../../../engine/core';
import { block, expectInverse, fixture } from './fixture';

describe('remove', () => {
  it('takes a block out of its parent with everything under it and the fields only they used', () => {
    const docs = fixture();
    const { docs: next, inverse } = remove(docs, {
      kind: 'remove',
      pageId: 'p1',
      blockIds: ['box'],
      from: { parentType: 'page', parentId: 'p1', colIndex: 0, index: 2 },
    });
    expect(next.p1.page.children).toEqual(['a', 'grid']);
    expect(block(next, 'p1', 'box')).toBeUndefined();
    expect(block(next, 'p1', 'inner')).toBeUndefined();
    expect(next.p1.fields).toEqual([]);
    expect(inverse.restores[0].at).toEqual({ parentType: 'page', parentId: 'p1', colIndex: 0, index: 2 });
    expect(inverse.restores[0].blocks.map((b) => b.id)).toEqual(['box', 'inner']);
    expect(docChanges(docs, next)).toMatchObject({ pages: [next.p1.page], blocks: [], removedBlocks: ['box', 'inner'] });
  });

  it('removes related blocks with the block that shows them, and reverts exactly', () => {
    const next = expectInverse(fixture(), { kind: 'remove', pageId: 'p1', blockIds: ['a', 'c'] });
    expect(next.p1.blocks.map((b) => b.id).sort()).toEqual(['box', 'grid', 'inner']);
    expect(block(next, 'p1', 'grid')?.positions).toEqual({ 'col-0': [], 'col-1': [] });
  });

  it('refuses a block that is not where the caller says, or not on the page', () => {
    const docs = fixture();
    expect(() => remove(docs, { kind: 'remove', pageId: 'p1', blockIds: ['a'], from: { parentType: 'page', parentId: 'p1', colIndex: 0, index: 1 } })).toThrow(
      /block "a" is not at column 0, index 1 of page "p1"/,
    );
    expect(() => remove(docs, { kind: 'remove', pageId: 'p1', blockIds: ['x'] })).toThrow(/block "x" is not on page "p1"/);
  });
});
