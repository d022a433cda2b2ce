import { describe, expect, it } from 'vitest';
import { copyBlocks, paste, snapshotOf, StructureActionError, type PasteAction } from '../../../engine/core';
import { block, ctx, expectInverse, fixture, idSource } from './fixture';

const copied = () => copyBlocks(snapshotOf(fixture().p1, ['box', 'a']), idSource());

const action = (over: Partial<PasteAction> = {}): PasteAction => {
  const c = copied();
  return {
    kind: 'paste',
    pageId: 'p2',
    at: { parentType: 'block', parentId: 'x', colIndex: 0, index: 0 },
    roots: c.roots,
    blocks: c.blocks,
    fields: c.fields,
    ...over,
  };
};

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof StructureActionError ? e.code : String(e);
  }
  return 'ran';
};

describe('paste', () => {
  it('places the copies side by side in the parent on another page; the originals stay; undone by removing them', () => {
    const docs = fixture();
    const a = action();
    const { docs: next } = paste(docs, a, ctx);
    expect(block(next, 'p2', 'x')!.children).toEqual(a.roots);
    expect(next.p2.blocks).toHaveLength(1 + 4);
    expect(next.p2.fields).toHaveLength(2);
    expect(next.p1).toBe(docs.p1);
    expectInverse(docs, a);
  });

  it('needs a resolvable parent (spec 5.3): a missing parent or page is notFound, a text block cannot hold them', () => {
    const docs = fixture();
    expect(code(() => paste(docs, action({ at: { parentType: 'block', parentId: 'gone', colIndex: 0, index: 0 } }), ctx))).toBe('notFound');
    expect(code(() => paste(docs, action({ pageId: 'p9', at: { parentType: 'page', parentId: 'p9', colIndex: 0, index: 0 } }), ctx))).toBe('notFound');
    expect(code(() => paste(docs, action({ pageId: 'p1', at: { parentType: 'block', parentId: 'a', colIndex: 0, index: 0 } }), ctx))).toBe(
      'cannotHoldChildren',
    );
  });

  it('refuses ids already taken (blocks or fields), loose blocks and missing roots, changing nothing', () => {
    const docs = fixture();
    const a = action();
    expect(code(() => paste(docs, { ...a, blocks: [...a.blocks, { id: 'c', type: 'text' }] }, ctx))).toBe('badPaste');
    expect(code(() => paste(docs, { ...a, roots: [...a.roots, 'c'], blocks: [...a.blocks, { id: 'c', type: 'text' }] }, ctx))).toBe('exists');
    expect(code(() => paste(docs, { ...a, fields: [{ id: 'f1', type: 'text' }] }, ctx))).toBe('exists');
    expect(code(() => paste(docs, { ...a, roots: ['nope'] }, ctx))).toBe('badPaste');
    expect(code(() => paste(docs, { ...a, roots: [] }, ctx))).toBe('badPaste');
    const dangling = a.blocks.map((b) => (b.id === a.roots[0] ? { ...b, children: ['elsewhere'] } : b));
    expect(code(() => paste(docs, { ...a, blocks: dangling }, ctx))).toBe('badPaste');
    expect(fixture()).toEqual(docs);
  });

  it('pastes the same snapshot twice with fresh ids', () => {
    const docs = fixture();
    const snap = snapshotOf(docs.p1, ['grid']);
    const ids = idSource();
    const one = copyBlocks(snap, ids);
    const two = copyBlocks(snap, ids);
    const at = { parentType: 'page' as const, parentId: 'p1', colIndex: 0, index: 0 };
    const first = paste(docs, { kind: 'paste', pageId: 'p1', at, roots: one.roots, blocks: one.blocks }, ctx).docs;
    const second = paste(first, { kind: 'paste', pageId: 'p1', at, roots: two.roots, blocks: two.blocks }, ctx).docs;
    expect(second.p1.page.children!.slice(0, 2)).toEqual([two.roots[0], one.roots[0]]);
    expect(block(second, 'p1', 'grid')).toBe(docs.p1.blocks[2]);
  });
});
