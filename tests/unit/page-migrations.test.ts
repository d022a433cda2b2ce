import { describe, expect, it } from 'vitest';
import { CURRENT_PAGE_SCHEMA_VERSION, migratePageDocument, pageMigrations, PageDocumentError, type PageMigration } from '../../engine/core';

describe('page document migrations', () => {
  it('forms one unbroken chain from 0 to the current version', () => {
    const froms = pageMigrations.map((m) => m.from);
    expect(froms).toEqual([...Array(CURRENT_PAGE_SCHEMA_VERSION).keys()]);
    for (const m of pageMigrations) expect(m.to).toBe(m.from + 1);
  });

  it('upgrades an unversioned page: explicit col-0 positions and visibility moved into block.visibility', () => {
    const legacy = {
      page: { id: 'p1', slug: 'home', name: 'Home', children: ['b1', 'b2'] },
      blocks: [
        { id: 'b1', type: 'plainText', options: { text: 'hi' }, visibleOnMobile: false },
        { id: 'b2', type: 'container', children: ['b3'], visibility: { visibleOnDesktop: true } },
      ],
    };
    const before = structuredClone(legacy);
    const doc = migratePageDocument(legacy);
    expect(doc.schemaVersion).toBe(CURRENT_PAGE_SCHEMA_VERSION);
    expect(doc.page.positions).toEqual({ 'col-0': ['b1', 'b2'] });
    expect(doc.blocks[0]).toEqual({ id: 'b1', type: 'plainText', options: { text: 'hi' }, visibility: { visibleOnMobile: false } });
    expect(doc.blocks[1].positions).toEqual({ 'col-0': ['b3'] });
    expect(doc.blocks[1].visibility).toEqual({ visibleOnDesktop: true });
    expect(legacy).toEqual(before); // pure: the stored input is untouched
  });

  it('leaves a current document as it is', () => {
    const current = {
      schemaVersion: CURRENT_PAGE_SCHEMA_VERSION,
      page: { id: 'p', slug: 's', name: 'n', positions: { 'col-1': ['b'] }, children: ['b'] },
      blocks: [],
    };
    expect(migratePageDocument(current)).toEqual(current);
  });

  it('runs every step in order with a longer chain', () => {
    const chain: PageMigration[] = [
      pageMigrations[0],
      { from: 1, to: 2, description: 'rename', migrate: (d) => ({ ...d, schemaVersion: 2, page: { ...d.page, name: d.page.name + ' (v2)' } }) },
      { from: 2, to: 3, description: 'suffix', migrate: (d) => ({ ...d, schemaVersion: 3, page: { ...d.page, name: d.page.name + ' (v3)' } }) },
    ];
    const doc = migratePageDocument({ page: { id: 'p', slug: 's', name: 'Home' }, blocks: [] }, chain, 3);
    expect(doc.page.name).toBe('Home (v2) (v3)');
    expect(doc.schemaVersion).toBe(3);
  });

  it('rejects documents it cannot migrate with a message naming the problem', () => {
    expect(() => migratePageDocument('nope')).toThrow(PageDocumentError);
    expect(() => migratePageDocument({ schemaVersion: 99, page: {}, blocks: [] })).toThrow(/schemaVersion 99 is newer/);
    expect(() => migratePageDocument({ schemaVersion: -1, page: {}, blocks: [] })).toThrow(/non-negative integer/);
    expect(() => migratePageDocument({ schemaVersion: 1, blocks: [] })).toThrow(/no "page" object/);
    expect(() => migratePageDocument({ schemaVersion: 1, page: {} })).toThrow(/no "blocks" array/);
    expect(() => migratePageDocument({ page: {}, blocks: [] }, [], 1)).toThrow(/no migration from schemaVersion 0 to 1/);
  });
});
