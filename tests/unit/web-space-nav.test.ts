/**
 * Navigation inside a space (web/nav/nav-rules.ts, core §2.7) and the choices of the fields that
 * read entities (engine/forms/entity-options.ts): the server's viewable pages are the whole rule
 * (for admins too), links stay within the space, the module title comes from the entity.
 */
import { describe, expect, it } from 'vitest';
import type { DataSchema, Entity, Module, Page } from '../../schemas/model';
import { drawerEntries, moduleTitle, spaceCanView, spacePageHref, visiblePageTabs, type SpaceNav } from '../../web/nav/nav-rules';
import { dataSchemaOptions, dataSchemaSourceOf, membershipTagOptions } from '../../engine/forms/entity-options';

const mod = (id: string, extra: Partial<Module> = {}): Module => ({ id, slug: id, name: id.toUpperCase(), ...extra });
const page = (id: string, extra: Partial<Page> = {}): Page => ({ id, slug: id, name: id.toUpperCase(), type: 'entity', ...extra });
const space: SpaceNav = { targetId: 'design-sprint', entityId: 'e1', moduleSlug: 'spaces', viewablePageIds: ['overview', 'members'] };
const pages = [page('find', { type: 'other' }), page('overview'), page('members'), page('mentors'), page('hidden', { hideFromNav: true })];

describe('navigation in a space', () => {
  it('shows only the viewable pages, for admins as for members (the decision already lets admins view every entity page)', () => {
    for (const isAdmin of [false, true])
      expect(visiblePageTabs(mod('spaces'), pages, { isAdmin, editMode: false, entityMembershipCanView: spaceCanView(space) }).map((p) => p.id)).toEqual([
        'overview',
        'members',
      ]);
    // Edit mode shows an admin every page to arrange.
    expect(visiblePageTabs(mod('spaces'), pages, { isAdmin: true, editMode: true, entityMembershipCanView: spaceCanView(space) })).toHaveLength(5);
  });
  it('links within the space, keeping the address’s target, and the module link lets the server pick the landing page', () => {
    expect(spacePageHref(space, 'members')).toBe('/space/design-sprint/spaces/members/');
    expect(spacePageHref(space)).toBe('/space/design-sprint/spaces');
    expect(spacePageHref({ targetId: 'a b', moduleSlug: 'x/y' }, 'p')).toBe('/space/a%20b/x%2Fy/p/');
  });
  it("groups the space's viewable pages in the drawer, other modules as before", () => {
    const entries = drawerEntries([mod('home'), mod('spaces')], (m) => (m.id === 'spaces' ? pages : [page('news', { type: 'other' })]), 'spaces', space);
    expect(entries[0]).toEqual({ kind: 'link', module: mod('home'), href: '/home/news' });
    expect(entries[1]).toMatchObject({ kind: 'group', open: true });
    expect(entries[1].kind === 'group' && entries[1].pages.map((p) => p.href)).toEqual([
      '/space/design-sprint/spaces/overview/',
      '/space/design-sprint/spaces/members/',
    ]);
    const one = drawerEntries([mod('spaces')], () => pages, 'spaces', { ...space, viewablePageIds: ['overview'] });
    expect(one[0]).toEqual({ kind: 'link', module: mod('spaces'), href: '/space/design-sprint/spaces/overview/' });
  });
  it("titles the module with the entity's value when showTargetValueAsTitle names one", () => {
    const entity: Entity = { id: 'e1', title: 'Design Sprint' };
    expect(moduleTitle(mod('spaces', { showTargetValueAsTitle: 'title' }), () => undefined, entity)).toBe('Design Sprint');
    expect(moduleTitle(mod('spaces', { showTargetValueAsTitle: 'title' }), () => undefined, { ...entity, title: 'Renamed' })).toBe('Renamed');
  });
});

describe('choices of the entity fields', () => {
  const entity = (powerUpData: unknown, powerUps: Entity['powerUps'] = ['membership']): Entity => ({
    id: 'e1',
    title: 'E',
    powerUps,
    powerUpData: powerUpData as Entity['powerUpData'],
  });
  it("membershipTags offers the distinct tags of the entity's membership types, skipping corrupt entries", () => {
    const e = entity({
      membership: {
        membershipType: [{ id: 'a', tags: { value: ['lead', 'team'] } }, null, { id: 'b', tags: { value: ['team', 7, ' ', 'guest'] } }, { id: 'c', tags: 'x' }],
      },
    });
    expect(membershipTagOptions(e)).toEqual(['lead', 'team', 'guest'].map((t) => ({ value: t, label: t })));
  });
  it('offers nothing without the membership power-up, types, or an entity', () => {
    expect(membershipTagOptions(entity({ membership: { membershipType: [{ id: 'a', tags: { value: ['x'] } }] } }, []))).toEqual([]);
    expect(membershipTagOptions(entity({ membership: { membershipType: 'broken' } }))).toEqual([]);
    expect(membershipTagOptions(undefined)).toEqual([]);
  });
  it('dataSchemaSelector offers one choice per schema, naming the source when several are offered', () => {
    const schemas: DataSchema[] = [
      { id: 's1', key: 'level', source: 'entity', type: 'options', label: 'Level' },
      { id: 's2', key: 'city', source: 'profile', type: 'text' },
    ];
    expect(dataSchemaOptions(schemas)).toEqual([
      { value: 's1', label: 'Level (entity)' },
      { value: 's2', label: 'city (profile)' },
    ]);
    expect(dataSchemaOptions(schemas.slice(0, 1))).toEqual([{ value: 's1', label: 'Level' }]);
    expect(dataSchemaSourceOf({ source: 'entity' })).toBe('entity');
    expect(dataSchemaSourceOf({ source: 'nope' })).toBeUndefined();
    expect(dataSchemaSourceOf(undefined)).toBeUndefined();
  });
});
