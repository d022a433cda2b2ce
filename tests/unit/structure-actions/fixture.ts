/** Two page documents for the structure action tests, laid out by the column rule, and a comparison that ignores list order of blocks and fields. */
import { expect } from 'vitest';
import { applyStructureAction, normalisedLayout, type ActionContext, type PageDocs, type StructureAction } from '../../../engine/core';
import type { Block, Field, PageDocument } from '../../../schemas/model';

const laid = <T extends Block | PageDocument['page']>(item: T): T => normalisedLayout(item);

/**
 * p1: a (related display block rel), grid (columns: [c] | []), box (container: inner, whose form uses f1 > f2);
 * p2: x. `text` blocks cannot hold children.
 */
export function fixture(): PageDocs {
  const blocks: Block[] = [
    { id: 'a', type: 'text', name: 'A', relatedBlocks: { display: ['rel'] }, revision: 3 },
    { id: 'rel', type: 'text', name: 'Related' },
    laid({ id: 'grid', type: 'columns', columns: [6, 6], children: ['c'], positions: { 'col-0': ['c'], 'col-1': [] } }),
    { id: 'c', type: 'text', name: 'C' },
    laid({ id: 'box', type: 'container', children: ['inner'] }),
    { id: 'inner', type: 'text', name: 'Inner', fields: ['f1'] },
  ];
  const fields: Field[] = [
    { id: 'f1', type: 'group', childIds: ['f2'] },
    { id: 'f2', type: 'text', label: 'Name' },
  ];
  return {
    p1: { schemaVersion: 1, page: laid({ id: 'p1', slug: 'one', name: 'One', children: ['a', 'grid', 'box'] }), blocks, fields },
    p2: { schemaVersion: 1, page: laid({ id: 'p2', slug: 'two', name: 'Two', children: ['x'] }), blocks: [laid({ id: 'x', type: 'container' })], fields: [] },
  };
}

export const ctx: ActionContext = { holdsChildren: (b) => b.type !== 'text' };

/** Sequential fresh ids: b1, b2 ... for blocks and f1x, f2x ... for fields. */
export function idSource(): ActionContext {
  let n = 0;
  return { ...ctx, newId: (kind) => (kind === 'block' ? `b${++n}` : `f${++n}x`) };
}

const byId = <T extends { id: string }>(list: T[] | undefined) => [...(list ?? [])].sort((a, b) => a.id.localeCompare(b.id));

export function canonical(docs: PageDocs) {
  return Object.fromEntries(Object.entries(docs).map(([id, d]) => [id, { ...d, blocks: byId(d.blocks), fields: byId(d.fields) }]));
}

/** Runs the action, then its inverse, and expects the documents it started from; returns the documents after the action. */
export function expectInverse(docs: PageDocs, action: StructureAction, context: ActionContext = ctx): PageDocs {
  const done = applyStructureAction(docs, action, context);
  const undone = applyStructureAction(done.docs, done.inverse, context);
  expect(canonical(undone.docs)).toEqual(canonical(docs));
  // And the inverse of the inverse does the action again (redo).
  const redone = applyStructureAction(undone.docs, undone.inverse, context);
  expect(canonical(redone.docs)).toEqual(canonical(done.docs));
  return done.docs;
}

export const block = (docs: PageDocs, pageId: string, id: string) => docs[pageId].blocks.find((b) => b.id === id);
