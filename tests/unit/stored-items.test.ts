/**
 * The tolerant readers of stored structure items (engine/core/model/stored-items.ts): whatever a
 * damaged database holds, each reader returns a valid item of the model, fails closed on
 * visibility, and marks what cannot be shown as a state. The demo content reads with no repair.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRegistry, createRuleEngine, pageVisibility } from '../../engine/core';
import { ADMINS_ONLY_RULE, readStoredBlock, readStoredField, readStoredModule, readStoredPage } from '../../engine/core/model/stored-items';
import { loadRegistry } from '../../registry/loader';
import { projectRoot } from '../../scripts/paths';

const evaluator = createRuleEngine(createRegistry(loadRegistry()));
const member = {
  user: { accountId: 'm', isAdmin: false, isElevated: false, listMemberships: [{ id: 'x', userListId: 'volunteers', state: 'accepted' as const }] },
};
const admin = { user: { ...member.user, isAdmin: true } };

describe('readStoredPage', () => {
  it('keeps a well-formed page as it is', () => {
    const page = { id: 'p', slug: 'p', name: 'P', children: ['b'], positions: { 'col-0': ['b'] }, visibility: { userListIds: ['makers'] } };
    expect(readStoredPage(page, 'p')).toEqual({ item: page, problems: [] });
  });

  it.each([
    ['data null', null],
    ['a string', 'oops'],
    ['children an object', { id: 'p', slug: 'p', name: 'P', children: { a: 'b' } }],
    ['positions of numbers', { id: 'p', slug: 'p', name: 'P', children: [], positions: { 'col-0': [1] } }],
  ])('%s: a page state, no children', (_what, raw) => {
    const { item, problems } = readStoredPage(raw, 'p');
    expect(problems.length).toBeGreaterThan(0);
    expect(item).toMatchObject({ id: 'p', children: [], positions: {}, readProblem: { kind: 'corrupt' } });
    expect(typeof item.name).toBe('string');
    expect(typeof item.slug).toBe('string');
  });

  it('a name that is not a string falls back, and is never an object React cannot render', () => {
    expect(readStoredPage({ id: 'p', slug: 'news', name: { en: 'News' } }, 'p').item).toMatchObject({ name: 'p', slug: 'news' });
    expect(readStoredPage({ id: 'p', name: 'N' }, 'Weird Id!').item.slug).toBe('weird-id');
  });

  it('a visibility that cannot be read hides the page from members (fail closed), not from admins', () => {
    for (const visibility of [{ userListIds: 'volunteers' }, 'volunteers', { rules: 'all' }, []]) {
      const { item } = readStoredPage({ id: 'p', slug: 'p', name: 'P', visibility }, 'p');
      expect(item.visibility).toEqual({ rules: ADMINS_ONLY_RULE });
      expect(pageVisibility(item.visibility, member, evaluator).visible).toBe(false);
      expect(pageVisibility(item.visibility, admin, evaluator).visible).toBe(true);
    }
    // A wholly unreadable page is admins-only too: nobody knows whom it was for.
    expect(pageVisibility(readStoredPage(null, 'p').item.visibility, member, evaluator).visible).toBe(false);
  });

  it('drops wrong-typed optional properties', () => {
    const { item, problems } = readStoredPage({ id: 'p', slug: 'p', name: 'P', moduleId: 7, hideFromNav: 'yes', relatedBlocks: { modal: 3 } }, 'p');
    expect(item).not.toHaveProperty('moduleId');
    expect(item).not.toHaveProperty('hideFromNav');
    expect(item).not.toHaveProperty('relatedBlocks');
    expect(problems).toHaveLength(3);
  });

  it('never stores or trusts a readProblem written into the document', () => {
    expect(readStoredPage({ id: 'p', slug: 'p', name: 'P', readProblem: { kind: 'corrupt', detail: 'x' } }, 'p').item).not.toHaveProperty('readProblem');
  });
});

describe('readStoredBlock', () => {
  it.each([
    ['data null', null],
    ['children an object', { id: 'b', type: 'plainText', children: { 0: 'c' } }],
    ['no type', { id: 'b', options: {} }],
    ['options a string', { id: 'b', type: 'plainText', options: 'text' }],
    ['fields not ids', { id: 'b', type: 'basicForm', fields: [1, 2] }],
  ])('%s: a block state', (_what, raw) => {
    const { item } = readStoredBlock(raw, 'b');
    expect(item).toMatchObject({ id: 'b', children: [], positions: {}, readProblem: { kind: 'corrupt' } });
    expect(typeof item.type).toBe('string');
  });

  it('a visibility that cannot be read makes the block admins-only; a damaged deletion mark reads as deleted', () => {
    const { item } = readStoredBlock({ id: 'b', type: 'plainText', options: { text: 'secret' }, visibility: { advanced: 'yes' }, wasDeleted: 'no' }, 'b');
    expect(item.visibility).toEqual({ advanced: true, rules: ADMINS_ONLY_RULE });
    expect(item.wasDeleted).toBe(true);
    expect(item.readProblem).toBeUndefined();
  });
});

describe('readStoredModule and readStoredField', () => {
  it('a module keeps a usable name, slug and childIds', () => {
    expect(readStoredModule(null, 'home').item).toEqual({ id: 'home', slug: 'home', name: 'home', childIds: [] });
    expect(readStoredModule({ id: 'm', slug: 'm', name: ['x'], childIds: 'p1,p2' }, 'm').item).toMatchObject({ name: 'm', childIds: [] });
  });

  it('a field keeps its id and a string type', () => {
    expect(readStoredField(null, 'f').item).toEqual({ id: 'f', type: '' });
    expect(readStoredField({ id: 'f', type: 'text', options: 'a,b', childIds: [1] }, 'f').item).toEqual({ id: 'f', type: 'text' });
  });
});

describe('the demo content', () => {
  it('reads with no repair at all', () => {
    const dir = path.join(projectRoot, 'server/demo/modules');
    for (const file of fs.readdirSync(dir)) {
      const module = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { pages: { blocks?: unknown[] }[]; fields?: { id: string }[] };
      const blocks: { id: string; children?: unknown[] }[] = [];
      const walk = (list: unknown[] = []) =>
        list.forEach((b) => {
          blocks.push(b as { id: string });
          walk((b as { children?: unknown[] }).children);
        });
      for (const page of module.pages) {
        const { blocks: pageBlocks, ...stored } = page as { id: string; blocks?: unknown[] };
        expect(readStoredPage(stored, stored.id).problems, `${file} ${stored.id}`).toEqual([]);
        walk(pageBlocks);
      }
      for (const block of blocks) {
        const { children, ...rest } = block as { id: string; children?: { id: string }[] };
        const stored = { ...rest, ...(children ? { children: children.map((c) => c.id) } : {}) };
        expect(readStoredBlock(stored, block.id).problems, `${file} ${block.id}`).toEqual([]);
      }
      for (const field of module.fields ?? []) expect(readStoredField(field, field.id).problems, `${file} ${field.id}`).toEqual([]);
    }
  });
});
