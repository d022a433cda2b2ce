/**
 * Favourite counts (favouriteButton showCount) on both databases: GET profile/favourites/count
 * follows every add and remove, the member who leaves takes their favourites out of the count,
 * and `favourites:count` reaches the sockets viewing a favourited profile and the changer only.
 * Then the per-member caps (engine/core/member-limits.ts, issue 36 finding 5): too many favourites,
 * kinds, bytes of meta, list items, privacy items are a 400 naming the cap and store nothing; the
 * derived rows change by the difference a write makes, never all of a member's rows.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_DATA_PRIVACY_ITEMS,
  MAX_FAVOURITE_TYPES,
  MAX_FAVOURITES_PER_TYPE,
  MAX_KNOWN_DEVICES,
  MAX_PROFILE_LIST_ITEMS,
  MAX_PROFILE_META_LENGTH,
} from '../../engine/core/member-limits';
import type { Profile, UserState } from '../../schemas/model';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { nextEvent, recordEvents, settle, socketFor, type Socket } from '../helpers/sockets';

interface CountAnswer {
  type: string;
  targetId: string;
  count: number;
}

describe.each(BACKENDS)('favourite counts on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  let victor: string;
  let elena: string;
  const sockets: Socket[] = [];
  const count = async (token: string, type: string, id: string) => {
    const res = await api.call<CountAnswer>('GET', `profile/favourites/count/${type}/${id}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.count;
  };
  const add = (token: string, type: string, value: string) => api.call('PUT', 'profile/favourites/add', { token, body: { type, value } });
  const remove = (token: string, type: string, targetId: string) => api.call('DELETE', 'profile/favourites', { token, body: { type, targetId } });

  beforeAll(async () => {
    api = await startApiServer(backend);
    [admin, maya, victor, elena] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('victor'), api.signIn('elena')]);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await api?.close();
  });
  const open = async (token: string) => {
    const s = await socketFor(api.url, token);
    sockets.push(s);
    return s;
  };

  it('counts the members who favourite an item, per type, after each add and remove (twice is once)', async () => {
    expect(await count(elena, 'profiles', 'grace')).toBe(0);
    expect((await add(maya, 'profiles', 'grace')).status).toBe(200);
    expect((await add(victor, 'profiles', 'grace')).status).toBe(200);
    expect((await add(victor, 'profiles', 'grace')).status).toBe(200);
    expect((await add(victor, 'entities', 'grace')).status).toBe(200);
    expect(await count(elena, 'profiles', 'grace')).toBe(2);
    expect(await count(elena, 'entities', 'grace')).toBe(1);
    expect((await remove(victor, 'profiles', 'grace')).status).toBe(200);
    expect((await remove(victor, 'profiles', 'grace')).status).toBe(200);
    expect(await count(elena, 'profiles', 'grace')).toBe(1);
    expect(await count(maya, 'profiles', 'nobody-at-all')).toBe(0);
  });

  it('refuses strangers with 401 and an over-long type or id with a 414', async () => {
    expect((await api.call('GET', 'profile/favourites/count/profiles/grace')).status).toBe(401);
    expect((await api.call('GET', `profile/favourites/count/${'t'.repeat(101)}/grace`, { token: victor })).status).toBe(414);
    expect((await api.call('GET', `profile/favourites/count/profiles/${'i'.repeat(201)}`, { token: victor })).status).toBe(414);
  });

  it('favourites:count goes to the sockets viewing the profile and to the changer, not to others', async () => {
    const [victorSocket, elenaSocket, adminSocket] = await Promise.all([open(victor), open(elena), open(admin)]);
    // Elena has Grace's profile open; the admin does not.
    expect(await elenaSocket.emitWithAck('profile:subscribe', { id: 'grace' })).toEqual({ ok: true });
    const adminHeard = recordEvents(adminSocket);
    const toElena = nextEvent<CountAnswer>(elenaSocket, 'favourites:count');
    const toVictor = nextEvent<CountAnswer>(victorSocket, 'favourites:count');
    expect((await add(victor, 'profiles', 'grace')).status).toBe(200);
    expect(await toElena).toEqual({ type: 'profiles', targetId: 'grace', count: 2 });
    expect(await toVictor).toEqual({ type: 'profiles', targetId: 'grace', count: 2 });
    await settle();
    expect(adminHeard.filter((e) => e.event === 'favourites:count')).toEqual([]);
  });

  it('leaves out the favourites of a deleted member', async () => {
    expect(await count(elena, 'profiles', 'grace')).toBe(2);
    expect((await api.call('DELETE', 'profile/maya', { token: admin })).status).toBe(200);
    expect(await count(elena, 'profiles', 'grace')).toBe(1);
  });

  describe('caps on what a member writes, and derived rows by difference', () => {
    const upsert = (token: string, path: string, data: unknown) =>
      api.call<{ message: string }>('POST', 'profile/meta/upsert', { token, body: { path, data } });
    const ownMeta = async (token: string, id: string) => (await api.call<Profile>('GET', `profile/${id}`, { token })).body.data.meta;
    const ids = (n: number, prefix = '') => Array.from({ length: n }, (_, i) => `${prefix}${i.toString(36)}`);
    /** Each of the member's favourite rows by key, with what names that physical row (a rewritten row gets a new one). */
    const rowIdentities = async (accountId: string) => {
      const identity = backend === 'sqlite' ? sql`cast(rowid as text)` : sql`xmin::text || ctid::text`;
      const { rows } = await sql<{
        k: string;
        v: string;
      }>`select type || '/' || target_id as k, ${identity} as v from favourite_targets where account_id = ${accountId}`.execute(api.server.ctx.store.kysely);
      return new Map(rows.map((r) => [r.k, r.v]));
    };
    const touched = (before: Map<string, string>, after: Map<string, string>) => ({
      added: [...after.keys()].filter((k) => !before.has(k)).length,
      removed: [...before.keys()].filter((k) => !after.has(k)).length,
      rewritten: [...after].filter(([k, v]) => before.has(k) && before.get(k) !== v).length,
    });

    it('400,000 favourite ids are refused with a 400 naming the cap, and nothing is stored', async () => {
      const amara = await api.signIn('amara');
      const before = await ownMeta(amara, 'amara');
      // 100,000 short ids per request keep each body under the 1 MB limit: four kinds, 400,000 ids.
      for (const type of ['tools', 'rooms', 'events', 'groups']) {
        const res = await upsert(amara, `favourites.${type}`, ids(100_000));
        expect(res.status, type).toBe(400);
        expect(res.body.message).toBe(
          `favourites.${type}: at most ${MAX_FAVOURITES_PER_TYPE} favourites of one kind (MAX_FAVOURITES_PER_TYPE), this would make 100000`,
        );
      }
      const kinds = Object.fromEntries(ids(MAX_FAVOURITE_TYPES + 1, 'kind').map((k) => [k, ['x']]));
      expect((await upsert(amara, 'favourites', kinds)).body.message).toContain('MAX_FAVOURITE_TYPES');
      expect((await upsert(amara, 'block.notes', 'x'.repeat(MAX_PROFILE_META_LENGTH))).body.message).toContain('MAX_PROFILE_META_LENGTH');
      expect(await ownMeta(amara, 'amara')).toEqual(before);
      expect((await rowIdentities('amara')).size).toBe(0);
    });

    it("one at a time, the cap's next favourite is refused; removing is always allowed", async () => {
      const bruno = await api.signIn('bruno');
      expect((await upsert(bruno, 'favourites.entities', ids(MAX_FAVOURITES_PER_TYPE))).status).toBe(200);
      const over = await api.call<{ message: string }>('PUT', 'profile/favourites/add', { token: bruno, body: { type: 'entities', value: 'one-more' } });
      expect(over.status).toBe(400);
      expect(over.body.message).toContain('MAX_FAVOURITES_PER_TYPE');
      expect((await remove(bruno, 'entities', '0')).status).toBe(200);
      expect((await ownMeta(bruno, 'bruno')).favourites?.entities).toHaveLength(MAX_FAVOURITES_PER_TYPE - 1);
    });

    it("a member with the cap's worth of favourites: each write touches only the rows it changes, and other members' writes none", async () => {
      const chloe = await api.signIn('chloe');
      expect((await upsert(chloe, 'favourites.profiles', ids(MAX_FAVOURITES_PER_TYPE, 'm'))).status).toBe(200);
      let rows = await rowIdentities('chloe');
      expect(rows.size).toBe(MAX_FAVOURITES_PER_TYPE);
      const step = async (what: string, write: () => Promise<{ status: number }>, expected: { added: number; removed: number }) => {
        expect((await write()).status, what).toBe(200);
        const now = await rowIdentities('chloe');
        expect(touched(rows, now), what).toEqual({ ...expected, rewritten: 0 });
        rows = now;
      };
      await step('her keepalive', () => api.call('POST', 'user/deviceKeepalive', { token: chloe, body: { deviceId: 'phone' } }), { added: 0, removed: 0 });
      await step("a block's state in her meta", () => upsert(chloe, 'block.welcome', { shown: true }), { added: 0, removed: 0 });
      await step('one favourite more', () => add(chloe, 'entities', 'workshop'), { added: 1, removed: 0 });
      await step('one favourite less', () => remove(chloe, 'profiles', 'm0'), { added: 0, removed: 1 });
      await step("another member's keepalive", () => api.call('POST', 'user/deviceKeepalive', { token: victor, body: { deviceId: 'phone' } }), {
        added: 0,
        removed: 0,
      });
      expect(await count(victor, 'profiles', 'm1')).toBe(1);
      expect(await count(victor, 'profiles', 'm0')).toBe(0);
    });

    it('list values, privacy items and devices are capped too', async () => {
      const list = await api.call<{ message: string }>('POST', 'profile/forceUpdateProfile/victor', {
        token: admin,
        body: { changes: { skills: ids(MAX_PROFILE_LIST_ITEMS + 1) } },
      });
      expect(list.status).toBe(400);
      expect(list.body.message).toContain('MAX_PROFILE_LIST_ITEMS');
      const grace = await api.signIn('grace');
      const had = (await api.call<UserState>('GET', 'user', { token: grace })).body.dataPrivacy?.length ?? 0;
      for (const id of ids(MAX_DATA_PRIVACY_ITEMS - had, 'item'))
        expect((await api.call('POST', 'user/dataPrivacy', { token: grace, body: { dataSchemaId: id, state: 'private' } })).status).toBe(200);
      const privacy = await api.call<{ message: string }>('POST', 'user/dataPrivacy', { token: grace, body: { dataSchemaId: 'oneMore', state: 'private' } });
      expect(privacy.status).toBe(400);
      expect(privacy.body.message).toContain('MAX_DATA_PRIVACY_ITEMS');
      for (const id of ids(MAX_KNOWN_DEVICES + 5, 'device'))
        expect((await api.call('POST', 'user/deviceKeepalive', { token: grace, body: { deviceId: id } })).status).toBe(200);
      expect((await api.call<UserState>('GET', 'user', { token: grace })).body.userDeviceTokens).toHaveLength(MAX_KNOWN_DEVICES);
    });
  });
});
