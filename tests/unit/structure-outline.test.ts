/** The outline rules (engine/core/structure/outline.ts), who may grant what (engine/core/admin-permissions.ts) and the composer's address. */
import { describe, expect, it } from 'vitest';
import { adminPermissionRows, parsePermission, ungrantable } from '../../engine/core/admin-permissions';
import { blockRows, buildOutline, capOutline, filterOutline, visibleRows } from '../../engine/core/structure/outline';
import type { Block, Module, Page } from '../../schemas/model';
import { readComposerLink, withoutComposerLink } from '../../admin/edit-mode';
import { composerHref } from '../../admin/core/structure/outline-api';

const module: Module = { id: 'm', slug: 'm', name: 'Main', childIds: ['p'] };
const page: Page = { id: 'p', slug: 'p', name: 'Page', children: ['a', 'b'], visibility: { userListIds: ['x', 'y'] } };
const blocks: Block[] = [
  { id: 'a', type: 'container', name: 'Box', children: ['c'] },
  {
    id: 'b',
    type: 'plainText',
    options: { text: '<p>Opening   <b>hours</b> are nine to five, Monday to Friday, all year</p>' },
    visibility: { visibleOnMobile: false },
  },
  { id: 'c', type: 'plainText', name: 'Inner words', children: ['a'] },
];
const outline = buildOutline({
  modules: [{ module, pages: [page] }],
  blocksOf: () => blocks,
  statusOf: (kind, id) => (id === 'b' ? 'draftChanged' : 'published'),
});
const titles: Record<string, string> = { container: 'Container', plainText: 'Plain text' };
const typeTitle = (t: string) => titles[t];

describe('structure outline', () => {
  it('builds modules > pages > blocks with children, visibility and status; a cycle is cut', () => {
    const p = outline[0].children[0];
    expect(p.visibility).toEqual({ lists: 2 });
    expect(p.children.map((b) => b.id)).toEqual(['a', 'b']);
    expect(p.children[0].children.map((b) => b.id)).toEqual(['c']);
    expect(p.children[0].children[0].children).toEqual([]);
    expect(p.children[1]).toMatchObject({
      visibility: { hiddenOn: ['mobile'] },
      status: 'draftChanged',
      title: '',
      words: 'Opening hours are nine to five, Monday t…',
    });
    expect(p.children[0].words).toBeUndefined();
  });

  it('search keeps ancestors, matches type titles and ids, and names what to open', () => {
    const byName = filterOutline(outline, 'inner', typeTitle);
    expect(visibleRows(byName.nodes, byName.expand).map((r) => r.node.id)).toEqual(['m', 'p', 'a', 'c']);
    expect([...byName.matches]).toEqual(['c']);
    expect(filterOutline(outline, 'PLAIN TEXT', typeTitle).matches).toEqual(new Set(['c', 'b']));
    expect(filterOutline(outline, 'nothing', typeTitle).nodes).toEqual([]);
    // A block's own words are searched too.
    expect(filterOutline(outline, 'monday', typeTitle).matches).toEqual(new Set(['b']));
    expect(filterOutline(outline, '  ', typeTitle).nodes).toEqual(outline);
  });

  it('rows carry level, place and parent; collapsed nodes hide their children', () => {
    const rows = visibleRows(outline, new Set(['m']));
    expect(rows.map((r) => [r.node.id, r.level, r.position, r.siblings, r.parentId])).toEqual([
      ['m', 1, 1, 1, undefined],
      ['p', 2, 1, 1, 'm'],
    ]);
  });

  it('flat rows name their page, module and parent; the cap lists later pages without blocks', () => {
    expect(blockRows(outline).map((r) => [r.id, r.pageName, r.moduleName, r.parentId, r.childCount])).toEqual([
      ['a', 'Page', 'Main', undefined, 1],
      ['c', 'Page', 'Main', 'a', 0],
      ['b', 'Page', 'Main', undefined, 0],
    ]);
    expect(capOutline(outline, 3)).toEqual({ nodes: outline, truncated: false });
    const capped = capOutline(outline, 2);
    expect(capped.truncated).toBe(true);
    expect(capped.nodes[0].children[0].children).toEqual([]);
  });
});

describe('admin permissions of a list', () => {
  it('rows: the administration permissions, then areas grouped by their grants', () => {
    const rows = adminPermissionRows();
    expect(rows[0]).toEqual({
      key: 'administration.managePermissions',
      permissions: ['administration.managePermissions'],
      administration: 'managePermissions',
    });
    expect(rows.find((r) => r.areas?.includes('layouts'))!.permissions).toEqual(['items.modules.addChildren', 'items.pages.addChildren']);
    expect(rows.some((r) => r.areas?.includes('dashboard'))).toBe(false);
    expect(rows.every((r) => r.permissions.every((p) => parsePermission(p)))).toBe(true);
  });

  it('nobody grants what they lack; admin mode only by admins; taking away is free', () => {
    const none = { isAdmin: false, allowPermissions: true, permissions: [] as string[] };
    const editor = { isAdmin: false, isElevated: true, permissions: { administration: { manageEditMode: true } }, basePaths: {} };
    expect(ungrantable(editor, none, { ...none, permissions: ['administration.manageEditMode', 'settings.update'] })).toEqual(['settings.update']);
    expect(ungrantable(editor, none, { ...none, isAdmin: true })).toEqual(['isAdmin']);
    expect(ungrantable(editor, { ...none, isAdmin: true, permissions: ['settings.update'] }, none)).toEqual([]);
    expect(ungrantable({ isAdmin: true }, none, { ...none, isAdmin: true, permissions: ['settings.update'] })).toEqual([]);
    expect(ungrantable(editor, none, { ...none, permissions: ['nowhere.read'] })).toEqual(['nowhere.read']);
  });
});

describe('the composer opened by address', () => {
  it('composerHref asks for edit mode and the block; readComposerLink reads it back and withoutComposerLink drops it', () => {
    const href = composerHref({ moduleSlug: 'home', pageSlug: 'news', blockId: 'news 1' });
    expect(href).toBe('/home/news?edit=1&block=news+1');
    const search = href.split('?')[1];
    expect(readComposerLink(search)).toEqual({ block: 'news 1' });
    expect(readComposerLink('?edit=1')).toEqual({});
    expect(readComposerLink('?edit=0&block=x')).toBeNull();
    expect(readComposerLink('')).toBeNull();
    expect(withoutComposerLink('?tab=a_b&edit=1&block=x')).toBe('tab=a_b');
    expect(composerHref({ moduleSlug: 'home' })).toBe('/home?edit=1');
  });
});
