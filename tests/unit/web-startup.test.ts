import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../web/api/client';
import { adaptInit } from '../../web/api/init-adapter';
import { isSafeMode, noFlags, runStartup, startupProgress, StartupError, type StartupDeps, type StartupFlag } from '../../web/startup/startup';
import { initFixture } from '../helpers/init-fixture';
import { fakeJwt, startJsonServer, type JsonServer } from '../helpers/json-server';
import { MemoryStorage } from '../helpers/memory-storage';

let server: JsonServer;
let storage: MemoryStorage;
const JWT = fakeJwt(Math.floor(Date.now() / 1000));

beforeAll(async () => {
  server = await startJsonServer({
    'POST /api/v1/auth/tradeSecret': (req) => {
      const b = req.body as { secret: string; serviceId: string };
      return b.secret === 'S3' && b.serviceId === 'T1' ? { body: { jwt: JWT } } : { status: 401, body: { message: 'Bad secret' } };
    },
    'GET /api/v1/checkFrameworkBadge': (req) => (req.query.get('badge') === 'good' ? { body: { ok: true } } : { status: 403, body: { message: 'Bad badge' } }),
    'GET /api/v1/settings': () => ({ body: { siteName: 'Demo', themeModeEnabled: true } }),
    'GET /api/v1/user/image_access_token': () => ({ body: { token: 'img-1' } }),
    'GET /api/v1/init': (req) =>
      req.headers.authorization === `Bearer ${JWT}` ? { body: initFixture() } : { status: 401, body: { message: 'Not authorized' } },
  });
});
afterAll(() => server.close());
beforeEach(() => {
  storage = new MemoryStorage();
  server.requests.length = 0;
});

function deps(address: string, extra: Partial<StartupDeps> = {}) {
  const flags: StartupFlag[] = [];
  const replaced: string[] = [];
  let reloads = 0;
  const d: StartupDeps = {
    api: createApiClient({ baseURL: `${server.url}/api/v1`, storage }),
    url: new URL(address, 'http://site.test'),
    online: () => true,
    onFlag: (f) => flags.push(f),
    loadTheme: async () => undefined,
    replaceUrl: (u) => replaced.push(u.pathname + u.search),
    reload: () => reloads++,
    ...extra,
  };
  return { d, flags, replaced, reloads: () => reloads };
}

describe('init adapter', () => {
  it("reads the server's shape: modules carrying their pages with an order, i18n.published, viewAs {active, userListIds}, the opening page, item permissions", () => {
    const init = adaptInit({
      user: { accountId: '7', loggedIn: true, isAdmin: false, isElevated: false, listMemberships: [], permissions: {} },
      settings: { languages: { default: 'en', enabled: ['en', 'fr'] } },
      viewAs: { active: true, userListIds: ['l1'] },
      i18n: { locale: 'fr', published: ['en', 'fr'], overrides: { 'nav.more': 'Plus encore' } },
      page: { schemaVersion: 1, page: { id: 'p1', slug: 'welcome', name: 'Welcome' }, blocks: [{ id: 'b1', type: 'plainText' }], fields: [] },
      structure: {
        order: ['m2', 'm1'],
        modules: [
          { id: 'm1', slug: 'home', name: 'Home', pages: [{ id: 'p1', slug: 'welcome', name: 'Welcome' }] },
          { id: 'm2', slug: 'events', name: 'Events', pages: [] },
        ],
      },
      permissions: { administration: { manageEditMode: true } },
      visiblePermissions: { p1: { addChildren: true } },
      basePaths: {},
      dataPrivacy: [],
      activeBrandSettings: null,
      generalAccessPermitted: true,
    });
    expect(init.moduleOrder).toEqual(['m2', 'm1']);
    expect(init.modules[0]).toEqual({ id: 'm1', slug: 'home', name: 'Home', childIds: ['p1'] });
    expect(init.pages).toEqual([{ id: 'p1', slug: 'welcome', name: 'Welcome', moduleId: 'm1' }]);
    expect(init.viewAs).toEqual(['l1']);
    expect(init.locale).toBe('fr');
    expect(init.languages).toEqual({ default: 'en', enabled: ['en', 'fr'], published: ['en', 'fr'] });
    expect(init.i18nOverrides).toEqual({ 'nav.more': 'Plus encore' });
    expect(init.blocks).toEqual([{ id: 'b1', type: 'plainText' }]);
    expect(init.openingPageId).toBe('p1');
    expect(init.itemPermissions).toEqual({ p1: { addChildren: true } });
    expect(init.activeBrand).toBeUndefined();
    expect(adaptInit({ ...initFixture(), viewAs: { active: false, userListIds: ['x'] } }).viewAs).toBeNull();
  });
});

describe('start-up (spec 4.1)', () => {
  it('exchanges t and s for a session token, removes them from the address and loads everything with the five flags', async () => {
    const { d, flags, replaced } = deps('/app/home/welcome?t=T1&s=S3&tab=x');
    const out = await runStartup(d);
    expect(storage.getItem('jwt')).toBe(JWT);
    expect(replaced).toEqual(['/app/home/welcome?tab=x']);
    expect(server.requests.find((r) => r.path === '/api/v1/auth/tradeSecret')?.body).toEqual({ secret: 'S3', serviceId: 'T1' });
    expect([...flags].sort()).toEqual(['language', 'settings', 'structure', 'theme', 'user']);
    expect(out.kind).toBe('ready');
    if (out.kind === 'ready') {
      expect(out.init.modules.map((m) => m.slug)).toEqual(['home', 'events']);
      expect(out.init.user.imageAccessToken).toBe('img-1');
      expect(out.safeMode).toBe(false);
    }
  });

  it("raises 'User not logged in' without token or t/s, calling nothing", async () => {
    const { d } = deps('/app/');
    await expect(runStartup(d)).rejects.toEqual(new StartupError('User not logged in', 'notLoggedIn'));
    expect(server.requests).toEqual([]);
  });

  it('uses the stored token and skips the image token when offline', async () => {
    storage.setItem('jwt', JWT);
    const { d } = deps('/app/?safeMode=true', { online: () => false });
    const out = await runStartup(d);
    expect(out.kind === 'ready' && out.safeMode).toBe(true);
    expect(server.requests.some((r) => r.path.endsWith('image_access_token'))).toBe(false);
  });

  it('clears the token and reloads when the badge check fails', async () => {
    storage.setItem('jwt', JWT);
    const { d, reloads } = deps('/app/?badge=bad');
    await expect(runStartup(d)).rejects.toMatchObject({ kind: 'badge' });
    expect(storage.getItem('jwt')).toBeNull();
    expect(reloads()).toBe(1);
    expect(server.requests.some((r) => r.path === '/api/v1/init')).toBe(false);
  });

  it('passes a good badge and sends a user without general access to the account page', async () => {
    storage.setItem('jwt', JWT);
    server.routes.set('GET /api/v1/init', () => ({ body: initFixture({ generalAccessPermitted: false }) }));
    const { d } = deps('/app/?badge=good');
    expect(await runStartup(d)).toEqual({ kind: 'denied', redirectTo: '/account' });
    server.routes.set('GET /api/v1/init', () => ({ body: initFixture() }));
  });

  it('reads safe mode from on, 1 or true only, and counts progress in fifths', () => {
    for (const v of ['on', '1', 'true', 'TRUE']) expect(isSafeMode(new URLSearchParams({ safeMode: v }))).toBe(true);
    for (const v of ['off', '0', 'yes', '']) expect(isSafeMode(new URLSearchParams({ safeMode: v }))).toBe(false);
    expect(startupProgress(noFlags())).toBe(0);
    expect(startupProgress({ ...noFlags(), user: true, theme: true })).toBe(40);
  });

  it('rejects an answer that is not an init answer, naming what is missing', () => {
    expect(() => adaptInit({ user: { accountId: '1' } })).toThrow('Init response has no structure.modules');
    expect(() => adaptInit(null)).toThrow('Init response is not an object');
  });
});
