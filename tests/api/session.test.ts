import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitResponse } from '../../schemas/model/api/session';
import type { UserState } from '../../schemas/model';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';

describe.each(BACKENDS)('session and init on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  let victor: string;
  beforeAll(async () => {
    api = await startApiServer(backend);
    [admin, maya, victor] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('victor')]);
  });
  afterAll(async () => api?.close());

  it('the stand-in login lists the demo accounts and redirects with t and s', async () => {
    const page = await fetch(`${api.url}/login`);
    const html = await page.text();
    // "Sign in as" is read out, not shown: the card shows the name, role and address.
    expect(html).toContain('<span class="vh">Sign in as </span>Ada Admin');
    expect(html).toContain('<span class="vh">Sign in as </span>Maya Maker</span><span class="detail">member · maya@example.org');
    // Staff first, then members, each a card naming role and address; light and dark as the device prefers.
    expect(html.indexOf('<h2 id="staff">Staff</h2>')).toBeGreaterThan(0);
    expect(html.indexOf('<h2 id="members">Members</h2>')).toBeGreaterThan(html.indexOf('Elena Editor'));
    expect(html).toContain('prefers-color-scheme:dark');
    const res = await fetch(`${api.url}/login`, { method: 'POST', body: new URLSearchParams({ accountId: 'maya' }), redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/app\/\?t=tessera&s=[\w-]+$/);
    const unknown = await fetch(`${api.url}/login`, { method: 'POST', body: new URLSearchParams({ accountId: 'nobody' }), redirect: 'manual' });
    expect(unknown.status).toBe(404);
  });

  it('a login secret is traded once, for the service it was issued to', async () => {
    const res = await fetch(`${api.url}/login`, { method: 'POST', body: new URLSearchParams({ accountId: 'maya' }), redirect: 'manual' });
    const s = new URL(res.headers.get('location')!, api.url).searchParams.get('s');
    expect((await api.call('POST', 'auth/tradeSecret', { body: { secret: s, serviceId: 'other' } })).status).toBe(401);
    // The wrong service burned it: single use.
    expect((await api.call('POST', 'auth/tradeSecret', { body: { secret: s, serviceId: 'tessera' } })).status).toBe(401);
    expect(await api.call('POST', 'auth/tradeSecret', { body: { secret: 'made-up', serviceId: 'tessera' } })).toMatchObject({
      status: 401,
      body: { error: 'notAuthorized', message: 'Not authorized' },
    });
  });

  it('refresh returns a new working token; a tampered token is refused everywhere', async () => {
    const refreshed = await api.call<{ jwt: string }>('POST', 'auth/refresh', { body: { jwt: maya } });
    expect(refreshed.status).toBe(200);
    expect((await api.call<UserState>('GET', 'user', { token: refreshed.body.jwt })).body.accountId).toBe('maya');
    const [h, p, s] = maya.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = [h, Buffer.from(JSON.stringify({ ...payload, sub: 'admin' })).toString('base64url'), s].join('.');
    expect(await api.call('GET', 'user', { token: forged })).toMatchObject({ status: 401, body: { message: 'Not authorized' } });
    expect((await api.call('POST', 'auth/refresh', { body: { jwt: forged } })).status).toBe(401);
    expect((await api.call('GET', 'init')).status).toBe(401);
  });

  it('init gives the shell everything for the first page, and leaves out pages the user may not view', async () => {
    const res = await api.call<InitResponse>('GET', `init?opts=${encodeURIComponent(JSON.stringify({ moduleSlug: 'home', pageSlug: 'welcome' }))}`, {
      token: maya,
    });
    expect(res.status).toBe(200);
    const init = res.body;
    expect(init.user).toMatchObject({ accountId: 'maya', loggedIn: true, isAdmin: false, serviceId: 'tessera' });
    expect(init.settings.siteName).toBe('Riverside Makers');
    expect(init.i18n).toMatchObject({ locale: 'en', published: ['en', 'fr'] });
    expect(init.structure.modules.map((m) => m.id)).toEqual(['home', 'community', 'resources', 'members-area', 'people', 'spaces', 'global']);
    const area = init.structure.modules.find((m) => m.id === 'members-area')!;
    expect(area.pages.map((p) => p.id)).toEqual(['lounge', 'volunteer', 'my-settings', 'notice-board']); // maya is a maker, not a volunteer
    expect(init.page!.page.id).toBe('welcome');
    expect(init.page!.blocks.map((b) => b.id)).toContain('welcome-every-page');
    expect(init.page!.schemaVersion).toBe(1);
    expect(init.activeBrandSettings).toMatchObject({ brandId: '1', themeCssUrl: '/api/v1/service/brands/active/theme.css' });
    expect(init.visiblePermissions).toEqual({});
    expect(init.generalAccessPermitted).toBe(true);
    const victorInit = (await api.call<InitResponse>('GET', 'init', { token: victor })).body;
    expect(victorInit.structure.modules.find((m) => m.id === 'members-area')!.pages.map((p) => p.id)).toEqual([
      'volunteers',
      'volunteer',
      'my-settings',
      'notice-board',
      'shifts',
    ]);
    const adminInit = (await api.call<InitResponse>('GET', 'init', { token: admin })).body;
    expect(adminInit.structure.modules.find((m) => m.id === 'members-area')!.pages.map((p) => p.id)).toEqual([
      'lounge',
      'volunteers',
      'volunteer',
      'my-settings',
      'notice-board',
      'shifts',
    ]);
    expect(adminInit.user.isAdmin).toBe(true);
    // A page named in opts that the user may not view is not sent.
    expect((await api.call<InitResponse>('GET', `init?opts=${encodeURIComponent('{"pageId":"volunteers"}')}`, { token: maya })).body.page).toBeNull();
    expect((await api.call('GET', 'init?opts=not-json', { token: maya })).status).toBe(400);
  });

  it('view-as: an admin sees the site as the chosen lists, then as themselves again', async () => {
    expect((await api.call('POST', 'user/viewAs', { token: maya, body: { userListIds: ['volunteers'] } })).status).toBe(403);
    expect((await api.call('POST', 'user/viewAs', { token: admin, body: { userListIds: ['nope'] } })).status).toBe(400);
    expect((await api.call('POST', 'user/viewAs', { token: admin, body: { userListIds: ['volunteers'] } })).body).toEqual({
      active: true,
      userListIds: ['volunteers'],
    });
    const viewing = (await api.call<InitResponse>('GET', 'init', { token: admin })).body;
    expect(viewing.viewAs).toEqual({ active: true, userListIds: ['volunteers'] });
    // The page shown by a visibility rule (shifts) is judged as a volunteer would be, on the server too.
    expect(viewing.structure.modules.find((m) => m.id === 'members-area')!.pages.map((p) => p.id)).toEqual([
      'volunteers',
      'volunteer',
      'my-settings',
      'notice-board',
      'shifts',
    ]);
    await api.call('POST', 'user/viewAs', { token: admin, body: { userListIds: ['makers'] } });
    const asMaker = (await api.call<InitResponse>('GET', 'init', { token: admin })).body;
    expect(asMaker.structure.modules.find((m) => m.id === 'members-area')!.pages.map((p) => p.id)).toEqual([
      'lounge',
      'volunteer',
      'my-settings',
      'notice-board',
    ]);
    expect((await api.call('GET', 'structure/page/shifts', { token: admin })).status).toBe(404);
    await api.call('POST', 'user/viewAs', { token: admin, body: { userListIds: [] } });
    const back = (await api.call<InitResponse>('GET', 'init', { token: admin })).body;
    expect(back.viewAs.active).toBe(false);
    expect(back.structure.modules.find((m) => m.id === 'members-area')!.pages).toHaveLength(6);
  });

  it('inline text edits are stored per published locale and come back in init', async () => {
    expect((await api.call('POST', 'i18n/en', { token: maya, body: { key: 'common.actions.save', value: 'Keep' } })).status).toBe(403);
    expect((await api.call('POST', 'i18n/pt', { token: admin, body: { key: 'common.actions.save', value: 'Guardar' } })).status).toBe(400);
    expect((await api.call('POST', 'i18n/en', { token: admin, body: { key: 'not a key', value: 'x' } })).status).toBe(400);
    expect((await api.call('POST', 'i18n/en', { token: admin, body: { key: 'common.actions.save', value: 'Keep' } })).body).toEqual({
      'common.actions.save': 'Keep',
    });
    expect((await api.call<InitResponse>('GET', 'init', { token: maya })).body.i18n.overrides).toEqual({ 'common.actions.save': 'Keep' });
    await api.call('POST', 'i18n/en', { token: admin, body: { key: 'common.actions.save', value: null } });
    expect((await api.call<InitResponse>('GET', 'init', { token: maya })).body.i18n.overrides).toEqual({});
  });

  it('checkFrameworkBadge accepts the session service and refuses another', async () => {
    expect((await api.call('GET', 'checkFrameworkBadge?badge=tessera', { token: maya })).status).toBe(200);
    expect((await api.call('GET', 'checkFrameworkBadge?badge=elsewhere', { token: maya })).status).toBe(403);
  });

  it('user, listMemberships, permissions, keepalive and notifications', async () => {
    expect((await api.call<UserState>('GET', 'user', { token: maya })).body.listMemberships).toEqual([
      { id: 'lm-maya-makers', userListId: 'makers', state: 'accepted' },
    ]);
    expect((await api.call('GET', 'user/listMemberships', { token: victor })).body).toEqual([
      { id: 'lm-victor-volunteers', userListId: 'volunteers', state: 'accepted' },
    ]);
    expect((await api.call('GET', 'user/permissions', { token: maya })).body).toMatchObject({ permissions: {}, itemPermissions: {} });
    const keep = await api.call<{ keepaliveTimestamp: number }>('POST', 'user/deviceKeepalive', { token: maya, body: { deviceId: 'device-1' } });
    expect(keep.status).toBe(200);
    expect((await api.call<{ keepaliveTimestamp: number }>('GET', 'profile/maya', { token: maya })).body.keepaliveTimestamp).toBe(keep.body.keepaliveTimestamp);
    expect((await api.call<UserState>('GET', 'user', { token: maya })).body.userDeviceTokens).toEqual(['device-1']);
    expect((await api.call('POST', 'user/setNotifications', { token: maya, body: { enabled: true } })).status).toBe(200);
    expect((await api.call<UserState>('GET', 'user', { token: maya })).body.notificationsEnabled).toBe(true);
  });

  it('profile: 200 confirms it exists; private values are hidden from others', async () => {
    const own = await api.call<{ data: { profile: Record<string, string> } }>('GET', 'profile/maya', { token: maya });
    expect(own.body.data.profile.phone).toBe('+44 20 7946 0000');
    const other = await api.call<{ data: { profile: Record<string, string> } }>('GET', 'profile/maya', { token: victor });
    expect(other.status).toBe(200);
    expect(other.body.data.profile.firstName).toBe('Maya');
    expect(other.body.data.profile.phone).toBeUndefined();
    expect((await api.call('GET', 'profile/nobody', { token: victor })).status).toBe(404);
  });

  it('favourites are added once and removed; connectivity privacy is kept in profile meta', async () => {
    await api.call('PUT', 'profile/favourites/add', { token: maya, body: { type: 'pages', value: 'faq' } });
    const twice = await api.call<{ favourites: Record<string, string[]> }>('PUT', 'profile/favourites/add', {
      token: maya,
      body: { type: 'pages', value: 'faq' },
    });
    expect(twice.body.favourites.pages).toEqual(['faq']);
    const removed = await api.call<{ favourites: Record<string, string[]> }>('DELETE', 'profile/favourites', {
      token: maya,
      body: { type: 'pages', targetId: 'faq' },
    });
    expect(removed.body.favourites.pages).toEqual([]);
    const privacy = await api.call<{ settings: { privacy: { isConnectivityPrivate: boolean } } }>('POST', 'profile/meta/privacy/connectivity', {
      token: maya,
      body: { isConnectivityPrivate: true },
    });
    expect(privacy.body.settings.privacy.isConnectivityPrivate).toBe(true);
  });

  it('the language chosen is kept in profile meta and init answers in it on any device; only published languages', async () => {
    const token = await api.signIn('victor');
    const chosen = await api.call<{ language: string }>('POST', 'profile/meta/upsert', { token, body: { path: 'language', data: 'fr' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.language).toBe('fr');
    // A new session (another browser) reads it.
    const init = await api.call<{ i18n: { locale: string } }>('GET', 'init', { token: await api.signIn('victor') });
    expect(init.body.i18n.locale).toBe('fr');
    for (const data of ['de', 7, null]) {
      const wrong = await api.call<{ message: string }>('POST', 'profile/meta/upsert', { token, body: { path: 'language', data } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toContain('published languages (en, fr)');
    }
    expect((await api.call<{ language: string }>('GET', 'profile/victor', { token })).body).toMatchObject({ data: { meta: { language: 'fr' } } });
  });

  it('the colour mode chosen is kept in profile meta and init hands it to every device; only light, dark or auto', async () => {
    const token = await api.signIn('chloe');
    expect((await api.call<{ user: { theme?: string } }>('GET', 'init', { token })).body.user.theme).toBeUndefined();
    const chosen = await api.call<{ settings: { theme: string } }>('POST', 'profile/meta/upsert', { token, body: { path: 'settings.theme', data: 'dark' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.settings.theme).toBe('dark');
    const init = await api.call<{ user: { theme?: string } }>('GET', 'init', { token: await api.signIn('chloe') });
    expect(init.body.user.theme).toBe('dark');
    for (const data of ['purple', 1, null, { mode: 'dark' }]) {
      const wrong = await api.call<{ message: string }>('POST', 'profile/meta/upsert', { token, body: { path: 'settings.theme', data } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('data: the colour mode must be one of light, dark, auto');
    }
    expect((await api.call<{ data: { meta: { settings: { theme: string } } } }>('GET', 'profile/chloe', { token })).body.data.meta.settings.theme).toBe('dark');
  });

  it('getDefaultPagesViewPermission answers a show flag per page name', async () => {
    const res = await api.call('POST', 'settings/permission/getDefaultPagesViewPermission', {
      token: maya,
      body: { defaultPageNames: ['lounge', 'volunteers', 'missing'] },
    });
    expect(res.body).toEqual({ lounge: true, volunteers: false, missing: false });
  });

  it('logout ends the session: the token stops working', async () => {
    const token = await api.signIn('victor');
    expect((await api.call('GET', 'logout', { token })).status).toBe(200);
    expect((await api.call('GET', 'user', { token })).status).toBe(401);
    expect((await api.call('POST', 'auth/refresh', { body: { jwt: token } })).status).toBe(401);
    expect((await api.call('GET', 'user', { token: victor })).status).toBe(200); // other sessions live on
  });
});
