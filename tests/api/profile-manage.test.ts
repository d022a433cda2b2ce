/**
 * The remaining profile calls of community §7 on SQLite and PostgreSQL: forceUpdateProfile
 * (profiles update), profile meta by id, DELETE profile (admins; the person is removed, what
 * they made stays), recently viewed, list membership states, framework data and the profile
 * block statistics. Every refusal is a 4xx naming what was wrong and changes nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Profile, ProfileMeta } from '../../schemas/model';
import { describeBackends } from '../helpers/backends';
import { watchDatabase } from '../helpers/db-snapshot';
import { nextEvent, socketFor, type Socket } from '../helpers/sockets';

type Message = { error: string; message: string };

describeBackends('managing profiles', (api) => {
  let admin: string;
  let maya: string;
  let victor: string;
  let elena: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    [admin, maya, victor, elena] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('victor'), api.signIn('elena')]);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
  });

  /** Sends a request that must be refused with `status`, its message matching `message`, and nothing written. */
  async function refused(method: string, path: string, token: string | undefined, body: unknown, status: number, message?: RegExp) {
    const watch = await watchDatabase(api);
    const res = await api.call<Message>(method, path, { token, body });
    expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(status);
    if (message) expect(res.body.message).toMatch(message);
    expect(await watch.check(res.status, `${method} ${path}`)).toBeUndefined();
  }

  it('POST profile/forceUpdateProfile/{id}: profiles update only; null values dropped; bad names refused', async () => {
    await refused('POST', 'profile/forceUpdateProfile/maya', maya, { changes: { bio: 'Mine' } }, 403, /profiles update/);
    await refused('POST', 'profile/forceUpdateProfile/maya', victor, { changes: { bio: 'Hijacked' } }, 403, /profiles update/);
    await refused('POST', 'profile/forceUpdateProfile/maya', elena, { changes: { bio: 'Edited' } }, 403);
    const saved = await api.call<Profile>('POST', 'profile/forceUpdateProfile/maya', {
      token: admin,
      body: { changes: { headline: 'Master joiner', city: null } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.profile).toMatchObject({ headline: 'Master joiner', city: 'London', firstName: 'Maya' });
    await refused('POST', 'profile/forceUpdateProfile/maya', admin, { changes: { city: null } }, 400, /no value to save/);
    await refused('POST', 'profile/forceUpdateProfile/maya', admin, { changes: { 'a b': 1 } }, 400, /"a b" is not a value name/);
    await refused('POST', 'profile/forceUpdateProfile/maya', admin, { changes: 'bio' }, 400, /changes/);
    await refused('POST', 'profile/forceUpdateProfile/nobody', admin, { changes: { bio: 'x' } }, 404, /"nobody" does not exist/);
    await refused('POST', 'profile/forceUpdateProfile/maya', undefined, { changes: { bio: 'x' } }, 401);
  });

  it('POST profile/meta/{id}: the owner or profiles update sets one meta value by path', async () => {
    const own = await api.call<ProfileMeta>('POST', 'profile/meta/maya', { token: maya, body: { path: 'settings.theme', data: 'dark' } });
    expect(own.status).toBe(200);
    expect(own.body.settings?.theme).toBe('dark');
    await refused('POST', 'profile/meta/maya', victor, { path: 'settings.theme', data: 'light' }, 403, /profile meta of "maya"/);
    const byAdmin = await api.call<ProfileMeta>('POST', 'profile/meta/maya', { token: admin, body: { path: 'accessibility.noCarouselAutoPlay', data: true } });
    expect(byAdmin.body).toMatchObject({ settings: { theme: 'dark' }, accessibility: { noCarouselAutoPlay: true } });
    await refused('POST', 'profile/meta/maya', maya, { path: '../x', data: 1 }, 400, /path/);
    await refused('POST', 'profile/meta/nobody', admin, { path: 'x', data: 1 }, 404);
  });

  it('recently viewed: PUT profile/user/actions/viewedProfile records, newest first, no duplicates, never oneself; only the owner reads it', async () => {
    for (const id of ['victor', 'elena', 'victor', 'maya'])
      expect((await api.call('PUT', 'profile/user/actions/viewedProfile', { token: maya, body: { accountId: id } })).status).toBe(200);
    const list = (await api.call<{ recentlyViewed: { accountId: string; at: number }[] }>('GET', 'profile/user/actions/recentlyViewed', { token: maya })).body;
    expect(list.recentlyViewed.map((e) => e.accountId)).toEqual(['victor', 'elena']);
    expect(list.recentlyViewed[0].at).toBeGreaterThan(0);
    // Others never see it in her profile.
    expect((await api.call<Profile>('GET', 'profile/maya', { token: victor })).body.actions).toBeUndefined();
    expect((await api.call<Profile>('GET', 'profile/maya', { token: maya })).body.actions?.recentlyViewed).toHaveLength(2);
    expect((await api.call<{ recentlyViewed: unknown[] }>('GET', 'profile/user/actions/recentlyViewed', { token: victor })).body.recentlyViewed).toEqual([]);
    await refused('PUT', 'profile/user/actions/viewedProfile', maya, { accountId: 'nobody' }, 404);
    await refused('PUT', 'profile/user/actions/viewedProfile', maya, { accountId: '' }, 400, /accountId/);
    expect((await api.call<Message>('GET', 'profile/user/actions/somethingElse', { token: maya })).body.message).toMatch(/recentlyViewed/);
  });

  it('GET profile/listMembershipStates/{id}/{includeDynamic}: the owner or profiles read', async () => {
    const own = await api.call<{ states: Record<string, string> }>('GET', 'profile/listMembershipStates/maya/false', { token: maya });
    expect(own.status).toBe(200);
    expect(own.body.states).toMatchObject({ makers: 'accepted' });
    expect((await api.call('GET', 'profile/listMembershipStates/maya/true', { token: admin })).status).toBe(200);
    expect((await api.call('GET', 'profile/listMembershipStates/maya/false', { token: victor })).status).toBe(403);
    expect((await api.call<Message>('GET', 'profile/listMembershipStates/maya/maybe', { token: maya })).body.message).toMatch(/true or false/);
    expect((await api.call('GET', 'profile/listMembershipStates/nobody/true', { token: admin })).status).toBe(404);
  });

  it('GET user/frameworkData/{key} answers the own value or null', async () => {
    expect((await api.call('GET', 'user/frameworkData/isConnectivityPrivate', { token: victor })).body).toMatchObject({ key: 'isConnectivityPrivate' });
    expect((await api.call('GET', 'user/frameworkData/toString', { token: victor })).body).toEqual({ key: 'toString', value: null });
    expect((await api.call('GET', 'user/frameworkData/x')).status).toBe(401);
  });

  it('block statistics: GET user/{id}/blockStatistics/{stat} and POST user/{id}/multiBlockStatistics, the owner or profiles read', async () => {
    await api.call('PUT', 'profile/favourites/add', { token: maya, body: { type: 'pages', value: 'faq' } });
    expect((await api.call('GET', 'user/maya/blockStatistics/favourites', { token: maya })).body).toEqual({ stat: 'favourites', value: 1 });
    expect((await api.call('GET', 'user/maya/blockStatistics/acceptedLists', { token: admin })).body).toEqual({ stat: 'acceptedLists', value: 1 });
    const many = await api.call<{ stats: Record<string, number> }>('POST', 'user/maya/multiBlockStatistics', {
      token: maya,
      body: { stats: ['favourites', 'recentlyViewed', 'profileValues'] },
    });
    expect(many.body.stats).toMatchObject({ favourites: 1, recentlyViewed: 2 });
    expect(many.body.stats.profileValues).toBeGreaterThan(5);
    expect((await api.call('GET', 'user/maya/blockStatistics/favourites', { token: victor })).status).toBe(403);
    expect((await api.call<Message>('GET', 'user/maya/blockStatistics/constructor', { token: maya })).body.message).toMatch(/stat must be one of/);
    await refused('POST', 'user/maya/multiBlockStatistics', maya, { stats: ['favourites', 'nope'] }, 400, /"nope" unknown/);
    await refused('POST', 'user/maya/multiBlockStatistics', maya, { stats: [] }, 400, /stats/);
    await refused('POST', 'user/maya/multiBlockStatistics', victor, { stats: ['favourites'] }, 403);
  });

  it('DELETE profile/{id}: admins only; the person is removed, sessions end, search drops them; what they made stays', async () => {
    const zoe = await api.signIn('zoe');
    await api.call('PUT', 'profile/favourites/add', { token: maya, body: { type: 'profiles', value: 'zoe' } });
    await api.call('PUT', 'profile/user/actions/viewedProfile', { token: maya, body: { accountId: 'zoe' } });
    const watcher = await socketFor(api.url, victor);
    sockets.push(watcher);
    // Victor has Zoe's profile open: profile:update reaches the sockets viewing it.
    expect(await watcher.emitWithAck('profile:subscribe', { id: 'zoe' })).toEqual({ ok: true });
    const removedEvent = nextEvent<{ accountId: string; removed: boolean }>(watcher, 'profile:update');

    await refused('DELETE', 'profile/zoe', maya, undefined, 403, /Only admins/);
    await refused('DELETE', 'profile/zoe', elena, undefined, 403);
    await refused('DELETE', 'profile/admin', admin, undefined, 400, /your own profile/);
    await refused('DELETE', 'profile/nobody', admin, undefined, 404);
    expect((await api.call('DELETE', 'profile/zoe', { token: admin })).body).toEqual({ deleted: 'zoe' });

    expect(await removedEvent).toEqual({ accountId: 'zoe', removed: true });
    expect((await api.call('GET', 'profile/zoe', { token: maya })).status).toBe(404);
    expect((await api.call<unknown[]>('POST', 'profile/collection', { token: maya, body: { accountIds: ['zoe'] } })).body).toEqual([
      { accountId: 'zoe', error: 'notFound' },
    ]);
    expect(
      (await api.call<{ items: { accountId: string }[] }>('POST', 'profile/search', { token: maya, body: { text: 'zoe' } })).body.items.map((i) => i.accountId),
    ).not.toContain('zoe');
    // Her session is over.
    expect((await api.call('GET', 'user', { token: zoe })).status).toBe(401);
    // What others kept naming her stays theirs; recently viewed leaves out deleted profiles.
    const meta = (await api.call<Profile>('GET', 'profile/maya', { token: maya })).body.data.meta;
    expect(meta.favourites?.profiles).toContain('zoe');
    const recent = (await api.call<{ recentlyViewed: { accountId: string }[] }>('GET', 'profile/user/actions/recentlyViewed', { token: maya })).body;
    expect(recent.recentlyViewed.map((e) => e.accountId)).not.toContain('zoe');
    expect((await api.call('DELETE', 'profile/zoe', { token: admin })).status).toBe(404);
  });
});
