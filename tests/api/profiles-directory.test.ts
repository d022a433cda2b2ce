/**
 * The member directory on both databases: POST profile/collection and POST profile/search give
 * others only public values, never match a private one, follow profile saves at once, and hide
 * online status behind connectivity privacy.
 */
import { beforeAll, expect, it } from 'vitest';
import type { Block, Field, Profile } from '../../schemas/model';
import { describeBackends } from '../helpers/backends';

type Entry = Profile | { accountId: string; error: string };
interface SearchAnswer {
  items: { accountId: string; name: string; profile: Profile | null }[];
  total: number;
  page: number;
  limit: number;
}

describeBackends('member directory', (api) => {
  let admin: string;
  let maya: string;
  let victor: string;
  let formId: string;
  const search = async (token: string, body: object) => api.call<SearchAnswer>('POST', 'profile/search', { token, body });
  const ids = async (token: string, body: object) => (await search(token, body)).body.items.map((i) => i.accountId);

  beforeAll(async () => {
    [admin, maya, victor] = await Promise.all([api.signIn('admin'), api.signIn('maya'), api.signIn('victor')]);
    const created = await api.call<{ block: Block }>('PUT', 'structure/block', {
      token: admin,
      body: { pageId: 'news', block: { type: 'basicForm', options: { title: 'About you' } } },
    });
    formId = created.body.block.id;
    const res = await api.call<Field>('POST', 'structure/field', {
      token: admin,
      body: { itemId: formId, itemType: 'block', field: { key: 'bio', type: 'text', label: 'Bio' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('POST profile/collection answers each id as the caller may see it: public values only for others', async () => {
    const res = await api.call<Entry[]>('POST', 'profile/collection', { token: victor, body: { accountIds: ['maya', 'victor', 'nobody', 'maya'] } });
    expect(res.status).toBe(200);
    expect(res.body.map((e) => e.accountId)).toEqual(['maya', 'victor', 'nobody']);
    const [other, own, missing] = res.body as [Profile, Profile, { error: string }];
    expect(other.data.profile.firstName).toBe('Maya');
    expect(other.data.profile).not.toHaveProperty('phone');
    expect(JSON.stringify(other)).not.toContain('7946');
    expect(other.data.meta).toEqual({});
    expect(own.data.profile).toMatchObject({ firstName: 'Victor', skills: 'electronics' });
    expect(missing.error).toBe('notFound');
    // The owner and admins see everything.
    const full = await api.call<Entry[]>('POST', 'profile/collection', { token: admin, body: { accountIds: ['maya'] } });
    expect((full.body[0] as Profile).data.profile.phone).toBe('+44 20 7946 0000');
  });

  it('POST profile/collection refuses bad input with a 400 naming it, and strangers with 401', async () => {
    for (const body of [
      {},
      { accountIds: [] },
      { accountIds: [''] },
      { accountIds: Array.from({ length: 101 }, (_, i) => `a${i}`) },
      { accountIds: ['maya'], extra: 1 },
    ]) {
      const res = await api.call<{ error: string; message: string }>('POST', 'profile/collection', { token: victor, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/accountIds|extra/);
    }
    expect((await api.call('POST', 'profile/collection', { body: { accountIds: ['maya'] } })).status).toBe(401);
  });

  it('POST profile/search finds members by public name and values, never by a private value, and never returns one', async () => {
    const found = await search(victor, { text: 'maya mak' });
    expect(found.status).toBe(200);
    expect(found.body.items.map((i) => i.accountId)).toEqual(['maya']);
    expect(found.body.items[0].name).toBe('Maya Maker');
    expect(found.body.items[0].profile?.data.profile).not.toHaveProperty('phone');
    expect(found.body).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(await ids(victor, { text: 'lathe' })).toEqual(['maya']);
    expect(await ids(victor, { text: '7946' })).toEqual([]);
    expect(await ids(admin, { text: '7946' })).toEqual([]);
    expect(await ids(victor, { filters: [{ key: 'phone', value: '+44 20 7946 0000' }] })).toEqual([]);
    expect(await ids(victor, { text: 'victor', listIds: ['volunteers'] })).toEqual(['victor']);
    expect(await ids(victor, { text: 'maya', listIds: ['volunteers'] })).toEqual([]);
    const all = await search(victor, { limit: 2, page: 2 });
    expect(all.body.total).toBeGreaterThanOrEqual(4);
    expect(all.body.items).toHaveLength(2);
  });

  it('POST profile/search refuses bad input with a 400', async () => {
    for (const body of [
      { text: 5 },
      { limit: 0 },
      { limit: 101 },
      { page: 0 },
      { filters: [{ key: 'a.b', value: 'x' }] },
      { near: { lat: 91, lng: 0, radiusKm: 5 } },
      { near: { lat: 51, lng: 0, radiusKm: 501 } },
      { near: { lat: 51, lng: 0 } },
      { near: { lat: 51, lng: 0, radiusKm: 5, extra: 1 } },
      { facets: ['a.b'] },
      { facets: Array.from({ length: 11 }, (_, i) => `k${i}`) },
      { sort: 'random' },
      { sortBy: { key: 'a.b', direction: 'asc' } },
      { sortBy: { key: 'years', direction: 'up' } },
      { sortBy: { key: 'years' } },
      { ranges: [{ key: 'years', min: 'ten' }] },
      { ranges: [{ key: 'a b', min: 1 }] },
      { dateRanges: [{ key: 'joined', from: '1 May 2024' }] },
      { dateRanges: [{ key: 'joined', to: '2024-05-01', extra: 1 }] },
      { what: 1 },
    ]) {
      expect((await search(victor, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("POST profile/search finds members within a radius of a point (the demo members' public locations), in SQL", async () => {
    const nearLondon = await search(victor, { near: { lat: 51.507, lng: -0.128, radiusKm: 40 }, limit: 100 });
    expect(nearLondon.status, JSON.stringify(nearLondon.body)).toBe(200);
    const londoners = nearLondon.body.items.map((i) => i.accountId);
    expect(londoners).toEqual(expect.arrayContaining(['maya', 'amara', 'kemi', 'uma']));
    // Nobody from Paris, Leeds or Glasgow.
    expect(londoners).not.toContain('victor');
    expect(londoners).not.toContain('dev');
    const wide = await search(victor, { near: { lat: 51.507, lng: -0.128, radiusKm: 400 }, limit: 100 });
    expect(wide.body.items.map((i) => i.accountId)).toEqual(expect.arrayContaining(['maya', 'victor', 'grace', 'chloe']));
    expect(wide.body.total).toBeGreaterThan(nearLondon.body.total);
    // With text and a radius together.
    expect(await ids(victor, { text: 'maya', near: { lat: 48.857, lng: 2.352, radiusKm: 50 } })).toEqual([]);
  });

  it('POST profile/search counts public values per facet key over the matches', async () => {
    const res = await api.call<SearchAnswer & { facets: Record<string, { value: string; count: number }[]> }>('POST', 'profile/search', {
      token: victor,
      body: { facets: ['city', 'phone'], filters: [{ key: 'city', value: 'Paris' }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const paris = res.body.facets.city.find((f) => f.value === 'Paris');
    expect(paris?.count).toBe(res.body.total);
    // A key is counted without its own filter: other cities are still offered.
    expect(res.body.facets.city.length).toBeGreaterThan(1);
    // Private values are never counted: nobody's phone number is offered.
    expect(JSON.stringify(res.body.facets.phone)).not.toContain('7946');
  });

  it('POST profile/search sorts on a public value and filters on number and date ranges; a private value sorts as missing and never matches', async () => {
    for (const [id, changes] of [
      ['maya', { years: 30, joined: '2019-05-01' }],
      ['victor', { years: 4, joined: '2024-02-10T09:00:00Z' }],
      ['grace', { years: 12, joined: '2022-07-15' }],
    ] as const) {
      const res = await api.call('POST', `profile/forceUpdateProfile/${id}`, { token: admin, body: { changes } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await api.call('POST', 'user/dataPrivacy', { token: maya, body: { dataSchemaId: 'years', state: 'private' } })).status).toBe(200);
    const sorted = await search(victor, { sortBy: { key: 'years', direction: 'desc' }, limit: 3 });
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    // Maya's 30 is private: she sorts with the blanks (by name), not first.
    expect(sorted.body.items.map((i) => i.accountId).slice(0, 2)).toEqual(['grace', 'victor']);
    expect(sorted.body.items[2].accountId).not.toBe('maya');
    // Whoever asks: the index holds public values only.
    expect(await ids(admin, { ranges: [{ key: 'years', min: 10 }] })).toEqual(['grace']);
    expect(await ids(victor, { ranges: [{ key: 'years', min: 1, max: 12 }], sortBy: { key: 'years', direction: 'asc' } })).toEqual(['victor', 'grace']);
    expect(await ids(victor, { dateRanges: [{ key: 'joined', from: '2019-01-01', to: '2024-02-10' }] })).toEqual(['grace', 'maya', 'victor']);
    expect(await ids(victor, { dateRanges: [{ key: 'joined', from: '2023-01-01' }], ranges: [{ key: 'years', max: 3 }] })).toEqual([]);
  });

  it('POST profile/search sorts by relevance: a match in the name first, then matches in other values, ties by name', async () => {
    for (const id of ['grace', 'dev']) {
      const res = await api.call('POST', `profile/forceUpdateProfile/${id}`, { token: admin, body: { changes: { bio: 'Learnt the lathe from Maya' } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // By name, Dev Patel and Grace Murphy come before Maya Maker; by relevance her name wins.
    expect(await ids(victor, { text: 'maya' })).toEqual(['dev', 'grace', 'maya']);
    expect(await ids(victor, { text: 'maya', sort: 'relevance' })).toEqual(['maya', 'dev', 'grace']);
    expect(await ids(victor, { text: 'may lath', sort: 'relevance' })).toEqual(['maya', 'dev', 'grace']);
    expect(await ids(victor, { text: 'maya', sort: 'relevance', page: 2, limit: 2 })).toEqual(['grace']);
    // Without words there is nothing to rank: relevance is the name order.
    expect(await ids(victor, { sort: 'relevance', limit: 100 })).toEqual(await ids(victor, { sort: 'name', limit: 100 }));
  });

  it('follows a profile save at once', async () => {
    const saved = await api.call('POST', 'profile/maya', { token: maya, body: { blockId: formId, changes: { bio: 'Marquetry teacher' } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await ids(victor, { text: 'marquetry' })).toEqual(['maya']);
  });

  it('hides the keepalive of a person who made connectivity private', async () => {
    expect((await api.call('POST', 'user/deviceKeepalive', { token: maya, body: { deviceId: 'd-maya' } })).status).toBe(200);
    const before = await api.call<Profile[]>('POST', 'profile/collection', { token: victor, body: { accountIds: ['maya'] } });
    expect(typeof before.body[0].keepaliveTimestamp).toBe('number');
    expect((await api.call('POST', 'profile/meta/privacy/connectivity', { token: maya, body: { isConnectivityPrivate: true } })).status).toBe(200);
    const after = await api.call<Profile[]>('POST', 'profile/collection', { token: victor, body: { accountIds: ['maya'] } });
    expect(after.body[0]).not.toHaveProperty('keepaliveTimestamp');
    const own = await api.call<Profile[]>('POST', 'profile/collection', { token: maya, body: { accountIds: ['maya'] } });
    expect(typeof own.body[0].keepaliveTimestamp).toBe('number');
  });
});
