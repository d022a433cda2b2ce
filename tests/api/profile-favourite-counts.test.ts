/**
 * Favourite counts (favouriteButton showCount) on both databases: GET profile/favourites/count
 * follows every add and remove, the member who leaves takes their favourites out of the count,
 * and `favourites:count` reaches the sockets viewing a favourited profile and the changer only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
