/**
 * The /admin area catalogue (engine/core/admin-areas.ts) against the spec's lists (core 2.3 child
 * routes, route names and parameters; core 6 and community 6 permission areas), the matcher and
 * links, and who may open what: the same function the admin frame's guard and the server's
 * `requireAdminArea` use.
 */
import { describe, expect, it } from 'vitest';
import {
  ADMIN_AREAS,
  adminHref,
  adminSectionsFor,
  matchAdminPath,
  mayOpenAdminArea,
  mayOpenAdminRoute,
  type AdminRouteName,
} from '../../engine/core/admin-areas';
import type { PermissionHolder } from '../../engine/core/permissions';

/** Core 2.3, "Admin child routes". */
const CHILD_ROUTES =
  'userLists applications membershipRequests layouts entities dashboard insights insights2 notifications broadcasts notificationHistory blocks apps reports exports content settings connections users emailTemplateBuilder tools searchManagement dataMappings reportAbuse'.split(
    ' ',
  );

/** Core 2.3, "Admin route names and parameters" (membershipRequests' applicationId is its query). */
const NAMED: Record<string, string[]> = {
  dashboard: [],
  insights: [],
  insights2: [],
  insightsDashboard: ['dashboardId'],
  blocks: [],
  editBlock: ['blockId'],
  notifications: [],
  broadcasts: [],
  notificationHistory: [],
  users: [],
  usersLists: ['accountId'],
  editUser: ['accountId'],
  userLists: [],
  listDetail: ['listId'],
  listEdit: ['listId'],
  settings: [],
  editBrand: ['brandId'],
  applications: [],
  editApplication: ['applicationId'],
  listJoinRequests: ['applicationId'],
  listJoinRequest: ['applicationId', 'requestId'],
  entities: [],
  viewEntities: ['definitionId'],
  editEntity: ['definitionId', 'entityId'],
  newEntity: ['definitionId'],
  editEntityDefinition: ['definitionId', 'tab'],
  membershipRequests: [],
  membershipRequest: ['requestId'],
  layouts: [],
  editModuleLayout: ['moduleId'],
  editPageLayout: ['moduleId', 'pageId'],
  emailTemplateBuilder: [],
  editEmail: ['emailTemplate'],
  dataMappings: [],
  editMapping: ['id'],
  reportAbuse: [],
  editReportAbuse: ['id', 'bulkReports'],
  connections: [],
  viewConnection: ['connectionId'],
  tools: [],
  searchManagement: [],
};

const routes = ADMIN_AREAS.flatMap((a) => a.routes.map((r) => ({ area: a.area, ...r })));
const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

const admin: PermissionHolder = { isAdmin: true, isElevated: true };
const member: PermissionHolder = { isAdmin: false, isElevated: false, permissions: { tools: { read: true }, files: { manage: true } } };
/** The demo's Elena: elevated, page children and settings, block settings and visibility. */
const elena: PermissionHolder = {
  isAdmin: false,
  isElevated: true,
  permissions: { administration: { manageEditMode: true } },
  basePaths: {
    'items.pages': { addChildren: true, moveChildren: true, manageSettings: true },
    'items.blocks': { manageSettings: true, manageVisibility: true },
  },
};

describe('the admin area catalogue', () => {
  it('has one area per child route of core 2.3, each first route being the area itself', () => {
    expect(ADMIN_AREAS.map((a) => a.area).sort()).toEqual([...CHILD_ROUTES].sort());
    for (const a of ADMIN_AREAS) expect(a.routes[0].path, a.area).toBe(a.area);
  });

  it('names every admin route of core 2.3 with its parameters, and only those (plus the four unnamed screens)', () => {
    const named = Object.fromEntries(routes.map((r) => [r.name, paramsOf(r.path)]));
    expect(named).toEqual({ ...NAMED, apps: [], reports: [], exports: [], content: [] });
    expect(routes.find((r) => r.name === 'membershipRequests')?.query).toEqual(['applicationId']);
  });

  it('maps routes to the permission areas of core 6 and community 6', () => {
    const grants = (name: string) => routes.find((r) => r.name === name)!.anyOf.map((g) => `${g.action} ${g.subject}${g.item ? ` :${g.item}` : ''}`);
    expect(grants('dashboard')).toEqual(['read applications', 'read abuseReports', 'read adminDashboard']);
    expect(grants('editBlock')).toEqual(['update items.blocks :blockId']);
    expect(grants('blocks')).toEqual(['read items.blocks']);
    expect(grants('broadcasts')).toEqual(['broadcast notifications']);
    expect(grants('usersLists')).toEqual(['accessUsersLists profiles :accountId']);
    expect(grants('editUser')).toEqual(['update profiles :accountId']);
    expect(grants('listDetail')).toEqual(['accessUserData userLists :listId']);
    expect(grants('listEdit')).toEqual(['update userLists :listId']);
    expect(grants('editApplication')).toEqual(['update applications :applicationId']);
    expect(grants('listJoinRequest')).toEqual(['update applications :applicationId']);
    expect(grants('viewEntities')).toEqual(['read entityDefinitions :definitionId']);
    expect(grants('editEntity')).toEqual([
      'createEntities entityDefinitions :definitionId',
      'updateEntities entityDefinitions :definitionId',
      'update entities :entityId',
    ]);
    expect(grants('newEntity')).toEqual(['createEntities entityDefinitions :definitionId']);
    expect(grants('editEntityDefinition')).toEqual(['create entityDefinitions :definitionId', 'update entityDefinitions :definitionId']);
    expect(grants('editModuleLayout')).toEqual(['addChildren items.modules :moduleId']);
    expect(grants('editPageLayout')).toEqual(['addChildren items.pages :pageId']);
    expect(grants('editMapping')).toEqual(['update dataMappings :id']);
    expect(grants('content')).toEqual(['manage files']);
    expect(grants('tools')).toEqual(['read tools']);
    expect(grants('searchManagement')).toEqual(['read searchManagement']);
  });

  it('matches addresses to named routes with decoded parameters, and nothing else', () => {
    expect(matchAdminPath('/admin/blocks/welcome%20greeting')).toMatchObject({
      area: 'blocks',
      route: { name: 'editBlock' },
      params: { blockId: 'welcome greeting' },
    });
    expect(matchAdminPath('/admin/reportAbuse/r1')).toMatchObject({ route: { name: 'editReportAbuse' }, params: { id: 'r1' } });
    expect(matchAdminPath('/admin/reportAbuse/r1/bulk')).toMatchObject({ params: { id: 'r1', bulkReports: 'bulk' } });
    expect(matchAdminPath('/admin/entities/d1/entity/new')).toMatchObject({ route: { name: 'newEntity' }, params: { definitionId: 'd1' } });
    expect(matchAdminPath('/admin/entities/d1/entity/e1')).toMatchObject({ route: { name: 'editEntity' }, params: { definitionId: 'd1', entityId: 'e1' } });
    expect(matchAdminPath('/admin/layouts/module/m1/page/p1')).toMatchObject({ route: { name: 'editPageLayout' }, params: { moduleId: 'm1', pageId: 'p1' } });
    expect(matchAdminPath('/admin/tools/?x=1')).toMatchObject({ route: { name: 'tools' } });
    for (const path of [
      '/admin',
      '/admin/',
      '/admin/nope',
      '/admin/tools/extra',
      '/admin/blocks/%E0%A4%A',
      '/admin/blocks//x',
      '/administer/tools',
      '/admin/users/a/b',
    ])
      expect(matchAdminPath(path), path).toBeUndefined();
  });

  it('builds every named route and reads it back', () => {
    for (const r of routes) {
      const params = Object.fromEntries(paramsOf(r.path).map((p) => [p, `${p} /?#%`]));
      const href = adminHref(r.name as AdminRouteName, params);
      expect(matchAdminPath(href), href).toMatchObject({ area: r.area, route: { name: r.name }, params });
    }
    expect(adminHref('editBrand', { brandId: 3 })).toBe('/admin/settings/brand/3');
    expect(adminHref('editReportAbuse', { id: 'r1' })).toBe('/admin/reportAbuse/r1');
    expect(() => adminHref('editBlock')).toThrow('admin route editBlock needs its parameter blockId');
  });

  it('opens areas to staff holding a grant: admins all, Elena layouts only, a member none even with grants', () => {
    // The catalogue is written in section order, so an admin's navigation lists it as written.
    expect(adminSectionsFor(admin).flatMap((s) => s.areas.map((a) => a.area))).toEqual(ADMIN_AREAS.map((a) => a.area));
    expect(adminSectionsFor(admin).map((s) => s.section)).toEqual(['overview', 'community', 'content', 'communication', 'insights', 'settings', 'system']);
    expect(adminSectionsFor(elena)).toEqual([{ section: 'content', areas: [{ area: 'layouts', name: 'layouts', path: '/admin/layouts' }] }]);
    expect(adminSectionsFor(member)).toEqual([]);
    expect(adminSectionsFor(undefined)).toEqual([]);
    expect(mayOpenAdminArea(member, 'tools')).toBe(false);
    expect(mayOpenAdminArea({ ...elena, basePaths: { tools: { read: true } } }, 'tools')).toBe(true);
  });

  it('checks item routes on the item: an elevated user granted one block edits that block only', () => {
    const editor: PermissionHolder = { isAdmin: false, isElevated: true, itemPermissions: { b1: { update: true } } };
    const editBlock = routes.find((r) => r.name === 'editBlock')!;
    expect(mayOpenAdminRoute(editor, editBlock, { blockId: 'b1' })).toBe(true);
    expect(mayOpenAdminRoute(editor, editBlock, { blockId: 'b2' })).toBe(false);
    expect(mayOpenAdminArea(editor, 'blocks')).toBe(false);
    // An item grant that refuses wins over a subject-wide grant.
    const refused: PermissionHolder = { ...editor, permissions: { 'items.blocks': { update: true } }, itemPermissions: { b1: { update: false } } };
    expect(mayOpenAdminRoute(refused, editBlock, { blockId: 'b1' })).toBe(false);
    expect(mayOpenAdminRoute(refused, editBlock, { blockId: 'b2' })).toBe(true);
  });
});
