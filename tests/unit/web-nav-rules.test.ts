import { describe, expect, it } from 'vitest';
import type { Module, Page } from '../../schemas/model';
import { drawerEntries, moduleHref, moduleTitle, scrollShadows, showPageRow, splitOverflow, visibleModuleTabs, visiblePageTabs } from '../../web/nav/nav-rules';

const mod = (id: string, extra: Partial<Module> = {}): Module => ({ id, slug: id, name: id.toUpperCase(), ...extra });
const page = (id: string, extra: Partial<Page> = {}): Page => ({ id, slug: id, name: id.toUpperCase(), ...extra });

describe('module tabs', () => {
  const modules = [mod('home'), mod('hidden', { hideFromNav: true }), mod('abs', { isAbstract: true }), mod('old', { archived: true }), mod('events')];
  it('leaves out hidden, archived and abstract modules', () => {
    expect(visibleModuleTabs(modules, { editMode: false }).map((m) => m.id)).toEqual(['home', 'events']);
  });
  it('adds the current module when it is abstract and not in edit mode', () => {
    expect(visibleModuleTabs(modules, { editMode: false, currentModuleId: 'abs' }).map((m) => m.id)).toEqual(['home', 'abs', 'events']);
  });
  it('keeps all modules in edit mode', () => {
    expect(visibleModuleTabs(modules, { editMode: true })).toHaveLength(5);
  });
});

describe('page tabs', () => {
  const pages = [page('a'), page('b', { isAbstract: true }), page('c', { hideFromNav: true }), page('d')];
  it('shows non-abstract pages in a normal module, abstract ones only in an abstract module, and never hidden ones', () => {
    expect(visiblePageTabs(mod('m'), pages, { isAdmin: false, editMode: false }).map((p) => p.id)).toEqual(['a', 'd']);
    expect(visiblePageTabs(mod('m', { isAbstract: true }), pages, { isAdmin: false, editMode: false }).map((p) => p.id)).toEqual(['b']);
  });
  it('always shows the current page', () => {
    expect(visiblePageTabs(mod('m'), pages, { isAdmin: false, editMode: false, currentPageId: 'c' }).map((p) => p.id)).toEqual(['a', 'c', 'd']);
  });
  it('shows only viewable pages of an entity with membership permissions', () => {
    expect(visiblePageTabs(mod('m'), pages, { isAdmin: false, editMode: false, entityMembershipCanView: (p) => p.id === 'b' }).map((p) => p.id)).toEqual(['b']);
  });
  it("outside a space, leaves out entity pages (the spaces' template) but for those who compose them", () => {
    const withEntity = [page('a'), page('e', { type: 'entity' })];
    const member = { isAdmin: false, permissions: {} };
    const editor = { isAdmin: false, permissions: { administration: { manageEditMode: true } } };
    expect(visiblePageTabs(mod('m'), withEntity, { isAdmin: false, editMode: false, holder: member }).map((p) => p.id)).toEqual(['a']);
    expect(visiblePageTabs(mod('m'), withEntity, { isAdmin: false, editMode: false, holder: editor }).map((p) => p.id)).toEqual(['a', 'e']);
    expect(drawerEntries([mod('m')], () => withEntity, undefined, undefined, member)).toEqual([{ kind: 'link', module: mod('m'), href: '/m/a' }]);
  });
  it('shows admins every page but hidden ones, and everything in edit mode', () => {
    expect(visiblePageTabs(mod('m'), pages, { isAdmin: true, editMode: false }).map((p) => p.id)).toEqual(['a', 'b', 'd']);
    expect(visiblePageTabs(mod('m'), pages, { isAdmin: true, editMode: true })).toHaveLength(4);
  });
});

describe('page row', () => {
  it('shows for an existing module without hideSubNav, unless route meta displayPages overrides', () => {
    expect(showPageRow(mod('m'))).toBe(true);
    expect(showPageRow(mod('m', { hideSubNav: true }))).toBe(false);
    expect(showPageRow(undefined)).toBe(false);
    expect(showPageRow(mod('m', { hideSubNav: true }), { displayPages: true })).toBe(true);
    expect(showPageRow(mod('m'), { displayPages: false })).toBe(false);
  });
});

describe('mobile drawer', () => {
  const pagesOf: Record<string, Page[]> = {
    many: [page('p1'), page('p2', { hideFromNav: true }), page('p3'), page('p4', { isAbstract: true })],
    one: [page('only'), page('hid', { hideFromNav: true })],
    none: [],
  };
  it('groups modules with more than one visible non-abstract page, open for the current module; others are single links', () => {
    const entries = drawerEntries([mod('many'), mod('one'), mod('none')], (m) => pagesOf[m.id], 'many');
    expect(entries[0]).toMatchObject({ kind: 'group', open: true });
    expect(entries[0].kind === 'group' && entries[0].pages.map((p) => p.href)).toEqual(['/many/p1', '/many/p3']);
    expect(entries[1]).toMatchObject({ kind: 'link', href: '/one/only' });
    expect(entries[2]).toMatchObject({ kind: 'link', href: '/none/' });
    expect(drawerEntries([mod('many')], (m) => pagesOf[m.id])[0]).toMatchObject({ open: false });
  });
  it('links a missing module to moduleSlug 404', () => {
    expect(moduleHref(undefined)).toBe('/404/');
    expect(moduleHref(mod('x'), page('y'))).toBe('/x/y');
  });
});

describe('tab overflow', () => {
  it('keeps everything when it all fits', () => {
    expect(splitOverflow([100, 100, 100], 300, 0)).toEqual({ visible: [0, 1, 2], overflow: [] });
  });
  it('reserves 70 px for the dropdown once something overflows', () => {
    // 400 - 70 = 330 of room: three 100 px tabs fit, the rest overflow.
    expect(splitOverflow([100, 100, 100, 100, 100], 400, 0)).toEqual({ visible: [0, 1, 2], overflow: [3, 4] });
  });
  it('always keeps the current tab visible by giving it the last fitted place', () => {
    expect(splitOverflow([100, 100, 100, 100, 100], 400, 4)).toEqual({ visible: [0, 1, 4], overflow: [2, 3] });
    expect(splitOverflow([100, 100, 100, 100, 250], 400, 4)).toEqual({ visible: [4], overflow: [0, 1, 2, 3] });
  });
});

describe('scroll shadows and titles', () => {
  it('shows a shadow only when more than 5 px are hidden on that side', () => {
    expect(scrollShadows(0, 500, 300)).toEqual({ left: false, right: true });
    expect(scrollShadows(5, 500, 300)).toEqual({ left: false, right: true });
    expect(scrollShadows(196, 500, 300)).toEqual({ left: true, right: false });
    expect(scrollShadows(6, 306, 300)).toEqual({ left: true, right: false });
  });
  it('takes the module title from the target entity when showTargetValueAsTitle names a value', () => {
    const m = mod('space', { showTargetValueAsTitle: 'data.title', customI18NKey: 'custom.space' });
    expect(moduleTitle(m, () => undefined, { data: { title: 'Acme Ltd' } })).toBe('Acme Ltd');
    expect(moduleTitle(m, (k) => (k === 'custom.space' ? 'Espace' : undefined), { data: {} })).toBe('Espace');
    expect(moduleTitle(mod('plain'), () => undefined)).toBe('PLAIN');
  });
});
