import { describe, expect, it } from 'vitest';
import type { Block, Field, Page } from '../../schemas/model';
import { formBlockOf, type StructureLookup } from '../../web/engine/form-block';
import { initOpts } from '../../web/startup/startup';
import { setAtPath } from '../../server/profiles/profile-data';

function lookupOf(pages: Page[], blocks: Block[], fields: Field[]): StructureLookup {
  return {
    page: (id) => pages.find((p) => p.id === id),
    block: (id) => blocks.find((b) => b.id === id),
    field: (id) => fields.find((f) => f.id === id),
  };
}

describe('formBlockOf: which form block a submission belongs to', () => {
  const fields: Field[] = [
    { id: 'name', type: 'text' },
    { id: 'list', type: 'repeater', childIds: ['item'] },
    { id: 'item', type: 'text' },
    { id: 'other', type: 'text' },
  ];
  const blocks: Block[] = [
    { id: 'intro', type: 'plainText' },
    { id: 'box', type: 'container', children: ['form-a'] },
    { id: 'form-a', type: 'basicForm', fields: ['name', 'list'] },
    { id: 'form-b', type: 'basicForm', fields: ['other'] },
    { id: 'gone', type: 'basicForm', fields: ['name'], wasDeleted: true },
  ];
  const pages: Page[] = [{ id: 'p', slug: 'p', name: 'P', children: ['gone', 'intro', 'box'], relatedBlocks: { modal: 'form-b' } }];
  const lookup = lookupOf(pages, blocks, fields);

  it('finds a nested form block holding the submitted fields, descendants included, skipping deleted ones', () => {
    expect(formBlockOf(lookup, 'p', ['name', 'item'])).toBe('form-a');
  });
  it('finds the page modal’s form', () => {
    expect(formBlockOf(lookup, 'p', ['other'])).toBe('form-b');
  });
  it('names the fields when no form of the page holds them all', () => {
    expect(() => formBlockOf(lookup, 'p', ['name', 'other'])).toThrow('No form block on page "p" holds the fields name, other');
  });
});

describe('initOpts: the page init should bring along', () => {
  it('names module and page of a page address', () => {
    expect(JSON.parse(initOpts(new URL('https://x.org/app/home/news/123'))!)).toEqual({ moduleSlug: 'home', pageSlug: 'news' });
    expect(JSON.parse(initOpts(new URL('https://x.org/app/caf%C3%A9/menu?x=1'))!)).toEqual({ moduleSlug: 'café', pageSlug: 'menu' });
  });
  it("names a space page's module, page and entity", () => {
    expect(JSON.parse(initOpts(new URL('https://x.org/app/space/pottery/workshops/about/'))!)).toEqual({
      moduleSlug: 'workshops',
      pageSlug: 'about',
      entityId: 'pottery',
    });
  });
  it('is absent for home, module-only, space redirects and admin addresses', () => {
    for (const p of ['/app/', '/app/home', '/app/space/e1/home', '/app/space/e1', '/app/admin/users', '/app/%E0%A4%A/x'])
      expect(initOpts(new URL(`https://x.org${p}`)), p).toBeUndefined();
  });
});

describe('setAtPath: profile meta upsert', () => {
  it('sets a value at a dotted path, keeping siblings and never changing the original', () => {
    const meta = { block: { a: { shown: true } }, language: 'en' };
    const next = setAtPath(meta, 'block.b', { agreed: true });
    expect(next).toEqual({ block: { a: { shown: true }, b: { agreed: true } }, language: 'en' });
    expect(meta.block).toEqual({ a: { shown: true } });
    expect(setAtPath({ language: 'en' }, 'language.x', 1)).toEqual({ language: { x: 1 } });
  });
});
