import { describe, expect, it } from 'vitest';
import { childBlockIds, childrenByColumn, insertChildren, migratePageDocument, normalisedLayout, removeChildFrom, withColumns } from '../../engine/core';

/** One column rule for the engine (rendering), the page migration and every structure write. */
describe('column layout rule', () => {
  const stray = { children: ['a', 'b'], positions: { 'col-0': ['a', 'ghost'], 'col-1': ['b'] } };
  const unplaced = { children: ['a', 'b', 'c'], positions: { 'col-1': ['b'] } };

  it('drops ids in positions that are not children, and lays children in no column at the end of col-0', () => {
    expect(childrenByColumn(stray.children, stray.positions)).toEqual([['a'], ['b']]);
    expect(childrenByColumn(unplaced.children, unplaced.positions)).toEqual([['a', 'c'], ['b']]);
    expect(childrenByColumn(['a', 'a', 5, ''], { 'col-0': ['a', 'a'], 'col-99': ['a'], junk: ['a'] })).toEqual([['a']]);
  });

  it('lays the same children and positions out once, frozen, and a written layout reads back as written', () => {
    const first = childrenByColumn(unplaced.children, unplaced.positions);
    expect(childrenByColumn(unplaced.children, unplaced.positions)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
    expect(() => (first[0] as string[]).push('x')).toThrow(TypeError);
    // Another positions object (an edit) is laid out afresh.
    expect(childrenByColumn(unplaced.children, { 'col-0': ['c'] })).toEqual([['c', 'a', 'b']]);
    const written = withColumns({}, [['b'], [], ['a']]);
    expect(childrenByColumn(written.children, written.positions)).toEqual([['b'], [], ['a']]);
    // Ids repeated across columns are not a layout: reading lays them out by the rule.
    const repeated = withColumns({}, [['a'], ['a', 'b']]);
    expect(childrenByColumn(repeated.children, repeated.positions)).toEqual([['a'], ['b']]);
  });

  it('writes the same answer: positions explicit, children in reading order, strays gone', () => {
    expect(normalisedLayout(stray)).toEqual({ children: ['a', 'b'], positions: { 'col-0': ['a'], 'col-1': ['b'] } });
    expect(normalisedLayout(unplaced)).toEqual({ children: ['a', 'c', 'b'], positions: { 'col-0': ['a', 'c'], 'col-1': ['b'] } });
    expect(childBlockIds(stray)).toEqual(['a', 'b']);
    expect(insertChildren(stray, ['n'], 1, 0)).toEqual({ children: ['a', 'n', 'b'], positions: { 'col-0': ['a'], 'col-1': ['n', 'b'] } });
    expect(removeChildFrom(stray, 'ghost')).toBe(stray);
    expect(removeChildFrom(unplaced, 'b')).toEqual({ children: ['a', 'c'], positions: { 'col-0': ['a', 'c'] } });
  });

  it('keeps empty columns the item declares widths for, and only those', () => {
    expect(normalisedLayout({ children: ['a'], positions: { 'col-0': ['a'], 'col-1': [], 'col-2': [] }, columns: [6, 6] }).positions).toEqual({
      'col-0': ['a'],
      'col-1': [],
    });
  });

  it('is the rule the page migration lays stored documents out by', () => {
    const doc = migratePageDocument({
      page: { id: 'p', slug: 'p', name: 'P', ...stray },
      blocks: [
        { id: 'a', type: 'container', ...unplaced },
        { id: 'b', type: 'text' },
      ],
    });
    expect(doc.page).toMatchObject({ children: ['a', 'b'], positions: { 'col-0': ['a'], 'col-1': ['b'] } });
    expect(doc.blocks[0]).toMatchObject(normalisedLayout(unplaced));
    expect(doc.blocks[1]).toEqual({ id: 'b', type: 'text' });
  });
});
