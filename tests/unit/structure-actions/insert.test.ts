import { describe, expect, it } from 'vitest';
import { insert, StructureActionError } from '../../../engine/core';
import { block, ctx, expectInverse, fixture } from './fixture';

describe('insert', () => {
  it('places a new block at a column and index, with its related blocks and fields, and leaves the input untouched', () => {
    const docs = fixture();
    const before = structuredClone(docs);
    const { docs: next, inverse } = insert(
      docs,
      {
        kind: 'insert',
        pageId: 'p1',
        at: { parentType: 'block', parentId: 'grid', colIndex: 1, index: 0 },
        blocks: [
          { id: 'n', type: 'form', relatedBlocks: { display: ['n-rel'] }, fields: ['nf'] },
          { id: 'n-rel', type: 'text' },
        ],
        fields: [{ id: 'nf', type: 'text' }],
      },
      ctx,
    );
    expect(block(next, 'p1', 'grid')).toMatchObject({ children: ['c', 'n'], positions: { 'col-0': ['c'], 'col-1': ['n'] } });
    expect(block(next, 'p1', 'n-rel')).toEqual({ id: 'n-rel', type: 'text' });
    expect(next.p1.fields?.map((f) => f.id)).toContain('nf');
    expect(inverse).toEqual({ kind: 'remove', pageId: 'p1', blockIds: ['n'], from: { parentType: 'block', parentId: 'grid', colIndex: 1, index: 0 } });
    expect(docs).toEqual(before);
    expect(next.p2).toBe(docs.p2);
  });

  it('clamps the index to the column and undoes exactly through its inverse', () => {
    const next = expectInverse(fixture(), {
      kind: 'insert',
      pageId: 'p1',
      at: { parentType: 'page', parentId: 'p1', colIndex: 0, index: 99 },
      blocks: [{ id: 'n', type: 'text' }],
    });
    expect(next.p1.page.children).toEqual(['a', 'grid', 'box', 'n']);
  });

  it('refuses taken ids, unknown parents and parents that cannot hold children', () => {
    const docs = fixture();
    const at = { parentType: 'page' as const, parentId: 'p1', colIndex: 0, index: 0 };
    expect(() => insert(docs, { kind: 'insert', pageId: 'p1', at, blocks: [{ id: 'x', type: 'text' }] })).toThrow(/block "x" already exists/);
    expect(() =>
      insert(docs, { kind: 'insert', pageId: 'p1', at: { ...at, parentType: 'block', parentId: 'nope' }, blocks: [{ id: 'n', type: 'text' }] }),
    ).toThrow(StructureActionError);
    expect(() =>
      insert(docs, { kind: 'insert', pageId: 'p1', at: { ...at, parentType: 'block', parentId: 'c' }, blocks: [{ id: 'n', type: 'text' }] }, ctx),
    ).toThrow(/cannot hold child blocks/);
    expect(() => insert(docs, { kind: 'insert', pageId: 'p9', at, blocks: [{ id: 'n', type: 'text' }] })).toThrow(/page "p9" does not exist/);
  });
});
