/**
 * The settings page's calls and profile:update on both databases: POST user/dataPrivacy sets one
 * data item's privacy (others then never read, search or receive it), user/setNotifications,
 * and profile:update after a form save reaches the owner whole and others only as they may see it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataPrivacy, Profile, UserState } from '../../schemas/model';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { watchDatabase } from '../helpers/db-snapshot';
import { nextEvent, recordEvents, settle, socketFor, type Socket } from '../helpers/sockets';

type SearchAnswer = { items: { accountId: string; profile: Profile | null }[]; total: number };

describe.each(BACKENDS)('data privacy, notifications and profile:update on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  let victor: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    api = await startApiServer(backend);
    [admin, maya, victor] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('victor')]);
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

  it('POST user/dataPrivacy makes a data item private for others, then public again; the owner always sees it', async () => {
    const made = await api.call<{ dataPrivacy: DataPrivacy[] }>('POST', 'user/dataPrivacy', { token: maya, body: { dataSchemaId: 'city', state: 'private' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.dataPrivacy).toContainEqual({ dataSchemaId: 'city', state: 'private' });
    expect((await api.call<UserState>('GET', 'user', { token: maya })).body.dataPrivacy).toContainEqual({ dataSchemaId: 'city', state: 'private' });

    const asVictor = (await api.call<Profile>('GET', 'profile/maya', { token: victor })).body;
    expect(asVictor.data.profile.city).toBeUndefined();
    expect(asVictor.data.profile.firstName).toBe('Maya');
    expect((await api.call<Profile>('GET', 'profile/maya', { token: maya })).body.data.profile.city).toBeTypeOf('string');
    // Search neither matches on nor returns the private value.
    const city = (await api.call<Profile>('GET', 'profile/maya', { token: maya })).body.data.profile.city as string;
    const found = (await api.call<SearchAnswer>('POST', 'profile/search', { token: victor, body: { text: `maya ${city}` } })).body;
    expect(found.items.map((i) => i.accountId)).not.toContain('maya');

    const back = await api.call<{ dataPrivacy: DataPrivacy[] }>('POST', 'user/dataPrivacy', { token: maya, body: { dataSchemaId: 'city', state: 'public' } });
    // Public is the default: no entry is kept for it.
    expect(back.body.dataPrivacy.find((p) => p.dataSchemaId === 'city')).toBeUndefined();
    expect((await api.call<Profile>('GET', 'profile/maya', { token: victor })).body.data.profile.city).toBe(city);
    const again = (await api.call<SearchAnswer>('POST', 'profile/search', { token: victor, body: { text: `maya ${city}` } })).body;
    expect(again.items.map((i) => i.accountId)).toContain('maya');
  });

  it('POST user/dataPrivacy refuses bad input with a 400 naming it and changes nothing', async () => {
    const watch = await watchDatabase(api);
    for (const body of [
      { dataSchemaId: 'city', state: 'secret' },
      { dataSchemaId: '', state: 'private' },
      { dataSchemaId: 'a.b', state: 'private' },
      { dataSchemaId: 'city' },
      { dataSchemaId: 'city', state: 'private', extra: 1 },
    ]) {
      const res = await api.call<{ message: string }>('POST', 'user/dataPrivacy', { token: maya, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/dataSchemaId|state|extra|additional/);
      expect(await watch.check(res.status, JSON.stringify(body))).toBeUndefined();
    }
    const anonymous = await api.call('POST', 'user/dataPrivacy', { body: { dataSchemaId: 'city', state: 'private' } });
    expect(anonymous.status).toBe(401);
    expect(await watch.check(anonymous.status, 'anonymous')).toBeUndefined();
  });

  it('POST user/setNotifications switches notifications for the own account', async () => {
    expect((await api.call('POST', 'user/setNotifications', { token: victor, body: { enabled: true } })).body).toEqual({ notificationsEnabled: true });
    expect((await api.call<UserState>('GET', 'user', { token: victor })).body.notificationsEnabled).toBe(true);
    await api.call('POST', 'user/setNotifications', { token: victor, body: { enabled: false } });
    expect((await api.call<UserState>('GET', 'user', { token: victor })).body.notificationsEnabled).toBe(false);
    expect((await api.call('POST', 'user/setNotifications', { token: victor, body: { enabled: 'yes' } })).status).toBe(400);
  });

  it('profile:update after a form save: the owner gets it whole, viewers of the profile only public values, and nothing for a private-only change', async () => {
    const [mayaSocket, victorSocket, adminSocket, elenaSocket] = await Promise.all([open(maya), open(victor), open(admin), open(await api.signIn('elena'))]);
    // Victor and the admin have Maya's profile open (profile:subscribe); Elena does not.
    expect(await victorSocket.emitWithAck('profile:subscribe', { id: 'maya' })).toEqual({ ok: true });
    expect(await adminSocket.emitWithAck('profile:subscribe', { id: 'maya' })).toEqual({ ok: true });
    expect(await elenaSocket.emitWithAck('profile:subscribe', { id: 'nobody' })).toEqual({ ok: false, error: 'forbidden' });
    const victorHeard = recordEvents(victorSocket);
    const elenaHeard = recordEvents(elenaSocket);
    const toMaya = nextEvent<{ accountId: string; profile: Profile }>(mayaSocket, 'profile:update');
    const toVictor = nextEvent<{ accountId: string; profile: Profile }>(victorSocket, 'profile:update');
    const toAdmin = nextEvent<{ accountId: string; profile: Profile }>(adminSocket, 'profile:update');
    const saved = await api.call('POST', 'profile/maya', {
      token: maya,
      body: { blockId: 'profile-about-form', changes: { bio: 'Lathe work.', phone: '+44 1' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [own, other, staff] = await Promise.all([toMaya, toVictor, toAdmin]);
    expect(own.profile.data.profile).toMatchObject({ bio: 'Lathe work.', phone: '+44 1' });
    expect(staff.profile.data.profile).toMatchObject({ bio: 'Lathe work.', phone: '+44 1' });
    expect(other.accountId).toBe('maya');
    expect(other.profile.data.profile.bio).toBe('Lathe work.');
    // Maya's phone is private (demo): it never travels to Victor.
    expect(JSON.stringify(victorHeard)).not.toContain('+44 1');
    expect(other.profile.data.meta).toEqual({});

    // A change to the private value alone is news to Maya and admins, not to Victor.
    victorHeard.length = 0;
    const ownAgain = nextEvent<{ profile: Profile }>(mayaSocket, 'profile:update');
    await api.call('POST', 'profile/maya', { token: maya, body: { blockId: 'profile-about-form', changes: { phone: '+44 2' } } });
    expect((await ownAgain).profile.data.profile.phone).toBe('+44 2');
    await settle();
    expect(victorHeard.filter((e) => e.event === 'profile:update')).toEqual([]);

    // Making a value private is news to others: their copy loses it.
    const victorSees = nextEvent<{ profile: Profile }>(victorSocket, 'profile:update');
    await api.call('POST', 'user/dataPrivacy', { token: maya, body: { dataSchemaId: 'bio', state: 'private' } });
    expect((await victorSees).profile.data.profile.bio).toBeUndefined();
    await api.call('POST', 'user/dataPrivacy', { token: maya, body: { dataSchemaId: 'bio', state: 'public' } });
    // Nobody who is not viewing the profile heard any of it.
    await settle();
    expect(elenaHeard.filter((e) => e.event === 'profile:update')).toEqual([]);

    // Victor leaves the profile: he hears no more of it; Maya still does (her own sockets).
    victorSocket.emit('profile:unsubscribe', { id: 'maya' });
    await settle();
    victorHeard.length = 0;
    const ownLast = nextEvent<{ profile: Profile }>(mayaSocket, 'profile:update');
    await api.call('POST', 'profile/maya', { token: maya, body: { blockId: 'profile-about-form', changes: { bio: 'Turning.' } } });
    expect((await ownLast).profile.data.profile.bio).toBe('Turning.');
    await settle();
    expect(victorHeard.filter((e) => e.event === 'profile:update')).toEqual([]);
  });
});
