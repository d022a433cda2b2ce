/**
 * The /admin area catalogue, once (spec core 2.3 and 6, community 2 and 6): every admin child
 * route with its named routes and their parameters, the section the navigation groups it in, and
 * the permission that opens it. The admin frame builds its navigation and route guards from it,
 * the server its `GET admin/sections` and its refusals (`requireAdminArea`). Pure.
 *
 * A permission is a list of grants, any of which opens the route (admins pass every check). A
 * grant may name a route parameter: the check is then made on that item (an elevated user's item
 * grant decides first, spec 6), e.g. editBlock is `update` on the block named by `:blockId`.
 */
import { can, isStaff, SUBJECTS, type PermissionHolder, type Subject } from './permissions';

export const ADMIN_SECTIONS = ['overview', 'community', 'content', 'communication', 'insights', 'settings', 'system'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export interface AdminGrant {
  action: string;
  subject: Subject;
  /** The route parameter naming the item the check is made on. */
  item?: string;
}

export interface AdminRoute {
  /** The spec's route name (used for links and permission mapping). */
  name: string;
  /** Below /admin, wouter-like: `blocks/:blockId`, `reportAbuse/:id/:bulkReports?`. */
  path: string;
  /** Query parameters the route reads (membershipRequests by applicationId). */
  query?: readonly string[];
  /** Any of these opens it. */
  anyOf: readonly AdminGrant[];
}

export interface AdminAreaDefinition {
  /** The child route under /admin, and the folder `admin/areas/<area>/`. */
  area: string;
  section: AdminSection;
  /** The area's own screen first (its path is the area), then its named child routes. */
  routes: readonly AdminRoute[];
}

const S = SUBJECTS;
const grant = (action: string, subject: Subject, item?: string): AdminGrant => (item ? { action, subject, item } : { action, subject });
const route = <Name extends string>(name: Name, path: string, ...anyOf: AdminGrant[]) => ({ name, path, anyOf }) satisfies AdminRoute;

/** In navigation order within each section. */
export const ADMIN_AREAS = [
  // The dashboard's counts come from applications and abuse reports (spec 6); adminDashboard is the spec's own subject for it.
  {
    area: 'dashboard',
    section: 'overview',
    routes: [route('dashboard', 'dashboard', grant('read', S.applications), grant('read', S.abuseReports), grant('read', S.adminDashboard))],
  },
  {
    area: 'users',
    section: 'community',
    routes: [
      route('users', 'users', grant('read', S.profiles)),
      route('usersLists', 'users/:accountId/lists', grant('accessUsersLists', S.profiles, 'accountId')),
      route('editUser', 'users/:accountId', grant('update', S.profiles, 'accountId')),
    ],
  },
  {
    area: 'userLists',
    section: 'community',
    routes: [
      route('userLists', 'userLists', grant('read', S.userLists)),
      route('listEdit', 'userLists/:listId/edit', grant('update', S.userLists, 'listId')),
      route('listDetail', 'userLists/:listId', grant('accessUserData', S.userLists, 'listId')),
    ],
  },
  {
    area: 'applications',
    section: 'community',
    routes: [
      route('applications', 'applications', grant('read', S.applications)),
      route('listJoinRequest', 'applications/:applicationId/requests/:requestId', grant('update', S.applications, 'applicationId')),
      route('listJoinRequests', 'applications/:applicationId/requests', grant('update', S.applications, 'applicationId')),
      route('editApplication', 'applications/:applicationId', grant('update', S.applications, 'applicationId')),
    ],
  },
  {
    area: 'membershipRequests',
    section: 'community',
    routes: [
      { ...route('membershipRequests', 'membershipRequests', grant('read', S.applications)), query: ['applicationId'] },
      route('membershipRequest', 'membershipRequests/:requestId', grant('update', S.applications)),
    ],
  },
  {
    area: 'connections',
    section: 'community',
    routes: [
      route('connections', 'connections', grant('read', S.connections)),
      route('viewConnection', 'connections/:connectionId', grant('read', S.connections)),
    ],
  },
  {
    area: 'reportAbuse',
    section: 'community',
    routes: [
      route('reportAbuse', 'reportAbuse', grant('read', S.abuseReports)),
      route('editReportAbuse', 'reportAbuse/:id/:bulkReports?', grant('update', S.abuseReports, 'id')),
    ],
  },
  {
    area: 'layouts',
    section: 'content',
    routes: [
      route('layouts', 'layouts', grant('addChildren', S.modules), grant('addChildren', S.pages)),
      route('editPageLayout', 'layouts/module/:moduleId/page/:pageId', grant('addChildren', S.pages, 'pageId')),
      route('editModuleLayout', 'layouts/module/:moduleId', grant('addChildren', S.modules, 'moduleId')),
    ],
  },
  {
    area: 'blocks',
    section: 'content',
    routes: [route('blocks', 'blocks', grant('read', S.blocks)), route('editBlock', 'blocks/:blockId', grant('update', S.blocks, 'blockId'))],
  },
  {
    area: 'entities',
    section: 'content',
    routes: [
      route('entities', 'entities', grant('read', S.entities), grant('read', S.entityDefinitions)),
      route('newEntity', 'entities/:definitionId/entity/new', grant('createEntities', S.entityDefinitions, 'definitionId')),
      route(
        'editEntity',
        'entities/:definitionId/entity/:entityId',
        grant('createEntities', S.entityDefinitions, 'definitionId'),
        grant('updateEntities', S.entityDefinitions, 'definitionId'),
        grant('update', S.entities, 'entityId'),
      ),
      route(
        'editEntityDefinition',
        'entities/:definitionId/edit/:tab',
        grant('create', S.entityDefinitions, 'definitionId'),
        grant('update', S.entityDefinitions, 'definitionId'),
      ),
      route('viewEntities', 'entities/:definitionId', grant('read', S.entityDefinitions, 'definitionId')),
    ],
  },
  // The asset library: the files permission the files domain checks for every asset call.
  { area: 'content', section: 'content', routes: [route('content', 'content', grant('manage', S.files))] },
  { area: 'notifications', section: 'communication', routes: [route('notifications', 'notifications', grant('read', S.notifications))] },
  { area: 'broadcasts', section: 'communication', routes: [route('broadcasts', 'broadcasts', grant('broadcast', S.notifications))] },
  {
    area: 'notificationHistory',
    section: 'communication',
    routes: [route('notificationHistory', 'notificationHistory', grant('read', S.notifications))],
  },
  {
    area: 'emailTemplateBuilder',
    section: 'communication',
    routes: [
      route('emailTemplateBuilder', 'emailTemplateBuilder', grant('read', S.templates)),
      route('editEmail', 'emailTemplateBuilder/:emailTemplate', grant('update', S.templates, 'emailTemplate')),
    ],
  },
  { area: 'insights', section: 'insights', routes: [route('insights', 'insights', grant('read', S.insights))] },
  {
    area: 'insights2',
    section: 'insights',
    routes: [route('insights2', 'insights2', grant('read', S.insights)), route('insightsDashboard', 'insights2/dash/:dashboardId', grant('read', S.insights))],
  },
  // Saved insight reports.
  { area: 'reports', section: 'insights', routes: [route('reports', 'reports', grant('read', S.insights))] },
  // Exports run as tools' background processes (community 3, job kind exportStatus).
  { area: 'exports', section: 'insights', routes: [route('exports', 'exports', grant('read', S.tools))] },
  {
    area: 'settings',
    section: 'settings',
    routes: [
      route('settings', 'settings', grant('read', S.settings), grant('update', S.settings)),
      route('editBrand', 'settings/brand/:brandId', grant('update', S.settings)),
    ],
  },
  // The installable web app's name, colours and icons: site settings.
  { area: 'apps', section: 'settings', routes: [route('apps', 'apps', grant('update', S.settings))] },
  {
    area: 'dataMappings',
    section: 'settings',
    routes: [
      route('dataMappings', 'dataMappings', grant('read', S.dataMappings)),
      route('editMapping', 'dataMappings/:id', grant('update', S.dataMappings, 'id')),
    ],
  },
  { area: 'searchManagement', section: 'settings', routes: [route('searchManagement', 'searchManagement', grant('read', S.searchManagement))] },
  { area: 'tools', section: 'system', routes: [route('tools', 'tools', grant('read', S.tools))] },
] as const satisfies readonly AdminAreaDefinition[];

export type AdminAreaName = (typeof ADMIN_AREAS)[number]['area'];
export type AdminRouteName = (typeof ADMIN_AREAS)[number]['routes'][number]['name'];

const AREAS = new Map<string, AdminAreaDefinition>(ADMIN_AREAS.map((a) => [a.area, a]));
const ROUTES = new Map<string, AdminRoute>(ADMIN_AREAS.flatMap((a) => a.routes.map((r): [string, AdminRoute] => [r.name, r])));

export const isAdminAreaName = (name: string): name is AdminAreaName => AREAS.has(name);
export function adminArea(name: AdminAreaName): AdminAreaDefinition {
  return AREAS.get(name)!;
}

export type AdminParams = Record<string, string>;

export interface AdminMatch {
  area: AdminAreaName;
  route: AdminRoute;
  params: AdminParams;
}

/** Matches one route's pattern against path segments; undefined when it does not fit. */
function matchRoute(pattern: string, segments: readonly string[]): AdminParams | undefined {
  const parts = pattern.split('/');
  const params: AdminParams = {};
  if (segments.length > parts.length) return undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const segment = segments[i];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const name = part.slice(1, optional ? -1 : undefined);
      if (segment === undefined) {
        if (optional) continue;
        return undefined;
      }
      params[name] = segment;
    } else if (segment !== part) return undefined;
  }
  return params;
}

/**
 * The admin route of an address (`/admin/blocks/b1`, `blocks/b1`): its area, named route and
 * decoded parameters. Undefined for `/admin` itself, a child route the spec does not name, or a
 * segment that is not valid percent-encoding.
 */
export function matchAdminPath(path: string): AdminMatch | undefined {
  const rest = path
    .split(/[?#]/)[0]
    .replace(/^\/?admin(?=\/|$)/, '')
    .replace(/^\/+|\/+$/g, '');
  if (!rest) return undefined;
  let segments: string[];
  try {
    segments = rest.split('/').map((s) => decodeURIComponent(s));
  } catch {
    return undefined;
  }
  if (segments.some((s) => !s)) return undefined;
  const area = AREAS.get(segments[0]);
  if (!area) return undefined;
  for (const r of area.routes) {
    const params = matchRoute(r.path, segments);
    if (params) return { area: area.area as AdminAreaName, route: r, params };
  }
  return undefined;
}

/** Whether the holder may open this route with these parameters: staff (the /admin check) holding any of its grants. */
export function mayOpenAdminRoute(holder: PermissionHolder | undefined, r: AdminRoute, params: AdminParams = {}): boolean {
  if (!isStaff(holder)) return false;
  return r.anyOf.some((g) => can(holder, g.action, g.subject, g.item ? params[g.item] : undefined));
}

/** Whether the holder may open the area (its own screen). */
export const mayOpenAdminArea = (holder: PermissionHolder | undefined, area: AdminAreaName): boolean => mayOpenAdminRoute(holder, adminArea(area).routes[0]);

export interface AdminSectionAreas {
  section: AdminSection;
  areas: { area: AdminAreaName; name: string; path: string }[];
}

/** The areas the holder may open, grouped in sections in navigation order; sections with none are left out. */
export function adminSectionsFor(holder: PermissionHolder | undefined): AdminSectionAreas[] {
  return ADMIN_SECTIONS.map((section) => ({
    section,
    areas: ADMIN_AREAS.filter((a) => a.section === section && mayOpenAdminArea(holder, a.area)).map((a) => ({
      area: a.area,
      name: a.routes[0].name,
      path: `/admin/${a.area}`,
    })),
  })).filter((s) => s.areas.length > 0);
}

/** The address of a named admin route (relative to the app base), its parameters encoded as segments. */
export function adminHref(name: AdminRouteName, params: Record<string, string | number> = {}): string {
  const r = ROUTES.get(name)!;
  const path = r.path
    .split('/')
    .flatMap((part) => {
      if (!part.startsWith(':')) return [part];
      const optional = part.endsWith('?');
      const key = part.slice(1, optional ? -1 : undefined);
      const value = params[key];
      if (value === undefined || value === '') {
        if (optional) return [];
        throw new Error(`admin route ${name} needs its parameter ${key}`);
      }
      return [encodeURIComponent(String(value))];
    })
    .join('/');
  return `/admin/${path}`;
}
