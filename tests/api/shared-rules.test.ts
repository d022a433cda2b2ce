/**
 * The rules kept once in engine/core give the same answers through the server's HTTP API as
 * through the admin and engine path, on SQLite and PostgreSQL:
 * - permissions (spec 6): an ordinary user with grants, an elevated user whose item grants and own
 *   permissions come before the base paths, and an admin, over the admin actions; the admin side
 *   is computed from the init answer exactly as the app receives it;
 * - slugs (spec 5.2): `About_Us` and `über` are slugs, `a/b` and `50%` are not; a page slugged
 *   `über` opens from its address.
 */
import { beforeAll, expect, it } from 'vitest';
import {
  can,
  canAddModules,
  canAddPages,
  canManageTextEdit,
  canMoveModules,
  canMovePages,
  canViewAs,
  settingsTabs,
  type PermissionUser,
} from '../../admin/core/permissions';
import { checkSlugText } from '../../admin/navigation/slug';
import { slug as slugRule } from '../../engine/core/validation/rules/slug';
import type { InitResponse } from '../../schemas/model/api/session';
import type { StructureResponse } from '../../schemas/model/api/structure';
import type { Account } from '../../server/model';
import { initOpts } from '../../web/startup/startup';
import { routeHref } from '../../web/routes/route-table';
import { type ApiServer } from '../helpers/api-server';
import { describeBackends } from '../helpers/backends';

type Role = 'ordinary' | 'elevated' | 'admin';
const ACCOUNT: Record<Role, string> = { ordinary: 'maya', elevated: 'elena', admin: 'admin' };

interface Action {
  name: string;
  /** What the admin shows for this user (from the init answer). */
  admin: (u: PermissionUser, c: Ctx) => boolean;
  /** The call behind it. */
  send: (c: Ctx) => Promise<number>;
}

interface Ctx {
  api: ApiServer;
  role: Role;
  token: string;
  /** A page of module `home` other than `welcome`, visible to this user. */
  otherPage: string;
}

const ACTIONS: Action[] = [
  {
    name: 'add a module (addModules on items.modules)',
    admin: (u) => canAddModules(u),
    send: async (c) => (await c.api.call('PUT', 'structure/module', { token: c.token, body: { module: { slug: `shared-${c.role}`, name: 'Shared' } } })).status,
  },
  {
    name: 'reorder modules (move on items.modules)',
    admin: (u) => canMoveModules(u),
    send: async (c) => {
      const { order } = (await c.api.call<StructureResponse>('GET', 'structure', { token: c.token })).body;
      return (await c.api.call('POST', 'structure/module/order', { token: c.token, body: { order } })).status;
    },
  },
  {
    name: 'add a page to module home (addChildren)',
    admin: (u) => canAddPages(u, 'home'),
    send: async (c) =>
      (await c.api.call('PUT', 'structure/page', { token: c.token, body: { moduleId: 'home', page: { slug: `shared-${c.role}`, name: 'Shared' } } })).status,
  },
  {
    name: 'reorder the pages of module home (moveChildren)',
    admin: (u) => canMovePages(u, 'home'),
    send: async (c) => {
      const home = (await c.api.call<StructureResponse>('GET', 'structure', { token: c.token })).body.modules.find((m) => m.id === 'home')!;
      return (await c.api.call('POST', 'structure/page/order', { token: c.token, body: { moduleId: 'home', order: home.pages.map((p) => p.id) } })).status;
    },
  },
  {
    name: 'page settings of welcome (manageSettings)',
    admin: (u) => settingsTabs(u, 'items.pages', 'welcome').includes('settings'),
    send: async (c) => (await c.api.call('POST', 'structure/page/welcome/property', { token: c.token, body: { key: 'name', value: 'Welcome' } })).status,
  },
  {
    name: 'page settings of another home page (manageSettings)',
    admin: (u, c) => settingsTabs(u, 'items.pages', c.otherPage).includes('settings'),
    send: async (c) => (await c.api.call('POST', `structure/page/${c.otherPage}/property`, { token: c.token, body: { key: 'icon', value: 'star' } })).status,
  },
  {
    // Inline text edits (manageTextEdit), and the translations admin of the settings area (update on settings).
    name: 'edit a label (manageTextEdit or update on settings)',
    admin: (u) => canManageTextEdit(u) || can(u, 'update', 'settings'),
    send: async (c) => (await c.api.call('POST', 'i18n/en', { token: c.token, body: { key: 'common.actions.save', value: 'Save' } })).status,
  },
  {
    name: 'view as lists (allowViewAs)',
    admin: (u) => canViewAs(u),
    send: async (c) => (await c.api.call('POST', 'admin/reset', { token: c.token })).status,
  },
  {
    name: 'change settings (update on settings)',
    admin: (u) => can(u, 'update', 'settings'),
    send: async (c) => (await c.api.call('POST', 'settings/searchSettings', { token: c.token, body: { changes: {} } })).status,
  },
];

/** Expected answers, in ACTIONS order: true = allowed. */
const TABLE: Record<Role, boolean[]> = {
  // Granted addModules, moveChildren and manageTextEdit as their own permissions; no item grants apply.
  ordinary: [true, false, false, true, false, false, true, false, false],
  // Own `move: false` before the base path's `move: true`; item grants addChildren on home and
  // manageSettings: false on welcome before the base path; settings update from the base paths
  // (which also makes the translations admin, so labels may be edited).
  elevated: [false, false, true, false, false, true, true, false, true],
  admin: ACTIONS.map(() => true),
};

const SLUGS: [string, boolean][] = [
  ['About_Us', true],
  ['über', true],
  ['a/b', false],
  ['50%', false],
];

describeBackends('shared rules', (api) => {
  beforeAll(async () => {
    const store = api.server.ctx.store;
    await store.transaction(async (tx) => {
      const maya = (await tx.get<Account>('account', 'maya'))!.data;
      await tx.put('account', 'maya', {
        ...maya,
        permissions: { 'items.modules': { addModules: true, moveChildren: true }, administration: { manageTextEdit: true } },
      });
      const elena = (await tx.get<Account>('account', 'elena'))!.data;
      await tx.put('account', 'elena', {
        ...elena,
        permissions: { ...elena.permissions, 'items.modules': { move: false } },
        basePaths: { ...elena.basePaths, 'items.modules': { move: true }, settings: { update: true } },
      });
      await tx.put('itemPermissions', 'home', { addChildren: true });
      await tx.put('itemPermissions', 'welcome', { manageSettings: false });
    });
  });

  it.each(['ordinary', 'elevated', 'admin'] as Role[])('permission table: the %s user gets the same answer from the server and the admin', async (role) => {
    const token = await api.signIn(ACCOUNT[role]);
    const init = (await api.call<InitResponse>('GET', 'init', { token })).body;
    // The admin's view of the user, built as the app builds it from init (web/api/init-adapter.ts).
    const user: PermissionUser = {
      isAdmin: init.user.isAdmin,
      isElevated: init.user.isElevated,
      permissions: init.user.permissions,
      basePaths: init.user.basePaths ?? init.basePaths,
      itemPermissions: init.visiblePermissions,
    };
    const home = init.structure.modules.find((m) => m.id === 'home')!;
    const otherPage = home.pages.find((p) => p.id !== 'welcome')!.id;
    const c: Ctx = { api, role, token, otherPage };
    const shown: boolean[] = [];
    const allowed: boolean[] = [];
    for (const action of ACTIONS) {
      shown.push(action.admin(user, c));
      const status = await action.send(c);
      expect([200, 403], `${role}: ${action.name} answered ${status}`).toContain(status);
      allowed.push(status === 200);
    }
    expect(allowed).toEqual(TABLE[role]);
    expect(shown).toEqual(allowed);
  });

  it('slugs: the server accepts exactly what the admin and the form rule accept', async () => {
    const token = await api.signIn('admin');
    for (const [slug, valid] of SLUGS) {
      const res = await api.call<{ message: string }>('PUT', 'structure/page', { token, body: { moduleId: 'home', page: { slug, name: `Slug ${slug}` } } });
      expect(res.status, `${slug}: ${JSON.stringify(res.body)}`).toBe(valid ? 200 : 400);
      expect(checkSlugText(slug) === null, slug).toBe(valid);
      expect(slugRule.validate(slug, true, {} as never) === null, slug).toBe(valid);
    }
  });

  it('a page slugged über opens from its address', async () => {
    const token = await api.signIn('admin');
    const created = await api.call<{ id: string }>('PUT', 'structure/page', {
      token,
      body: { moduleId: 'home', page: { slug: 'über-uns', name: 'Über uns' } },
    });
    expect(created.status).toBe(200);
    const href = routeHref.page({ moduleSlug: 'home', pageSlug: 'über-uns' });
    expect(href).toBe('/home/%C3%BCber-uns');
    const opts = initOpts(new URL(`${api.url}/app${href}`));
    const init = (await api.call<InitResponse>('GET', `init?opts=${encodeURIComponent(opts!)}`, { token })).body;
    expect(init.page?.page.id).toBe(created.body.id);
    expect(init.page?.page.slug).toBe('über-uns');
  });
});
