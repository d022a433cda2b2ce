import { describe, expect, it } from 'vitest';
import { docChanges, move, type StructureActionError } from '../../../engine/core';
import { block, ctx, expectInverse, fixture } from './fixture';

const page = (index: number) => ({ parentType: 'page' as const, parentId: 'p1', colIndex: 0, index });

describe('move', () => {
  it('keeps ids; the index counts once the block has left its old place', () => {
    const next = expectInverse(fixture(), { kind: 'move', fromPageId: 'p1', toPageId: 'p1', moves: [{ blockId: 'a', to: page(1) }] });
    expect(next.p1.page.children).toEqual(['grid', 'a', 'box']);
  });

  it('moves several blocks in turn, into another column of another parent, and back through the inverse', () => {
    const next = expectInverse(fixture(), {
      kind: 'move',
      fromPageId: 'p1',
      toPageId: 'p1',
      moves: [
        { blockId: 'a', to: { parentType: 'block', parentId: 'grid', colIndex: 1, index: 0 } },
        { blockId: 'inner', to: { parentType: 'block', parentId: 'grid', colIndex: 1, index: 0 } },
      ],
    });
    expect(block(next, 'p1', 'grid')?.positions).toEqual({ 'col-0': ['c'], 'col-1': ['inner', 'a'] });
    expect(block(next, 'p1', 'box')?.children).toEqual([]);
  });

  it('carries a block and everything under it to another page', () => {
    const docs = fixture();
    const next = expectInverse(docs, {
      kind: 'move',
      fromPageId: 'p1',
      toPageId: 'p2',
      moves: [{ blockId: 'box', to: { parentType: 'block', parentId: 'x', colIndex: 0, index: 0 } }],
    });
    expect(next.p1.blocks.map((b) => b.id)).not.toContain('inner');
    expect(block(next, 'p2', 'x')?.children).toEqual(['box']);
    expect(block(next, 'p2', 'inner')).toBe(block(docs, 'p1', 'inner'));
    const changes = docChanges(docs, next);
    expect(changes.blocks.map((c) => `${c.pageId}:${c.block.id}`).sort()).toEqual(['p2:box', 'p2:inner', 'p2:x']);
    expect(changes.pages.map((p) => p.id)).toEqual(['p1']);
    expect(changes.removedBlocks).toEqual([]);
  });

  it('refuses a move into itself or its own descendant (the cycle check), and into blocks that hold no children', () => {
    const docs = fixture();
    const into = (parentId: string) => ({ parentType: 'block' as const, parentId, colIndex: 0, index: 0 });
    expect(() => move(docs, { kind: 'move', fromPageId: 'p1', toPageId: 'p1', moves: [{ blockId: 'box', to: into('box') }] }, ctx)).toThrow(
      /cannot go inside itself/,
    );
    expect(() => move(docs, { kind: 'move', fromPageId: 'p1', toPageId: 'p1', moves: [{ blockId: 'box', to: into('inner') }] })).toThrow(
      expect.objectContaining({ code: 'cycle' }) as StructureActionError,
    );
    expect(() => move(docs, { kind: 'move', fromPageId: 'p1', toPageId: 'p1', moves: [{ blockId: 'a', to: into('c') }] }, ctx)).toThrow(
      /cannot hold child blocks/,
    );
    expect(() => move(docs, { kind: 'move', fromPageId: 'p1', toPageId: 'p1', moves: [{ blockId: 'rel', to: page(0) }] })).toThrow(/not placed/);
  });
});
