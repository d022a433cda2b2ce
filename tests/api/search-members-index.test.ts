/**
 * The member index on both databases: full-text on public names and values only, list and value
 * filters, sort, pages, radius, rewrites and removal. Straight against the index (no HTTP): the
 * profile calls' tests cover it through the API.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../server/storage/database';
import { migrateAll } from '../../server/domains';
import { createMemberIndex, memberDocument, type MemberIndex, type MemberQuery } from '../../server/search';
import type { DataPrivacy, ListMembership, Profile } from '../../schemas/model';
import { BACKENDS, createSchemaName, dropSchema, POSTGRES_URL, requirePostgres } from '../helpers/api-server';

interface Person {
  accountId: string;
  profile: Profile['data']['profile'];
  dataPrivacy?: DataPrivacy[];
  lists?: string[];
}

const people: Person[] = [
  {
    accountId: 'maya',
    profile: {
      firstName: 'Maya',
      lastName: 'Maker',
      phone: '+44 20 7946 0000',
      bio: 'Woodwork and lathe',
      city: 'London',
      geoLocation: { lat: 51.5, lng: -0.12 },
    },
    dataPrivacy: [{ dataSchemaId: 'phone', state: 'private' }],
    lists: ['makers'],
  },
  {
    accountId: 'victor',
    profile: { firstName: 'Victor', lastName: 'Volunteer', bio: 'Electronics', city: 'Paris', days: ['sat', 'sun'], geoLocation: { lat: 48.86, lng: 2.35 } },
    lists: ['volunteers'],
  },
  {
    accountId: 'elodie',
    profile: { firstName: 'Élodie', lastName: 'Durand', bio: 'Weaving, woodwork', secret: 'zanzibar' },
    dataPrivacy: [{ dataSchemaId: 'secret', state: 'connections' }],
    lists: ['makers', 'volunteers'],
  },
  { accountId: 'nameless', profile: { bio: 'quiet' } },
];

function doc(p: Person) {
  const listMemberships: ListMembership[] = (p.lists ?? []).map((userListId) => ({ id: `lm-${p.accountId}-${userListId}`, userListId, state: 'accepted' }));
  return memberDocument(
    { accountId: p.accountId, dataPrivacy: p.dataPrivacy, listMemberships },
    { accountId: p.accountId, data: { profile: p.profile, meta: {} } },
  );
}

describe.each(BACKENDS)('member search index on %s', (backend) => {
  let opened: OpenedDatabase;
  let index: MemberIndex;
  let dir: string | undefined;
  let schema: string | undefined;
  const ids = async (q: Partial<MemberQuery>) => (await index.search(opened.db, { page: 1, limit: 10, ...q })).hits.map((h) => h.accountId);

  beforeAll(async () => {
    if (backend === 'postgres') {
      await requirePostgres();
      schema = await createSchemaName();
      opened = await openDatabase({ dataDir: '', databaseUrl: POSTGRES_URL, databaseSchema: schema });
    } else {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-search-'));
      opened = await openDatabase({ dataDir: dir });
    }
    await migrateAll(opened.db, opened.engine, schema);
    index = createMemberIndex(opened.engine);
    for (const p of people) await index.put(opened.db, doc(p));
  });

  afterAll(async () => {
    await opened?.close();
    if (schema) await dropSchema(schema);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('matches every word as a prefix, on the public name and public values, folding accents', async () => {
    expect(await ids({ text: 'may mak' })).toEqual(['maya']);
    expect(await ids({ text: 'WOODWORK' })).toEqual(['elodie', 'maya']);
    expect(await ids({ text: 'elodie' })).toEqual(['elodie']);
    expect(await ids({ text: 'ÉLOD' })).toEqual(['elodie']);
    expect(await ids({ text: 'paris electr' })).toEqual(['victor']);
  });

  it('never matches, filters on or returns a value that is not public', async () => {
    expect(await ids({ text: '7946' })).toEqual([]);
    expect(await ids({ text: 'zanzibar' })).toEqual([]);
    expect(await ids({ filters: [{ key: 'secret', value: 'zanzibar' }] })).toEqual([]);
    // Not stored either: no column of the index (text, values, name, PostgreSQL's vector) holds one.
    const { rows } = await sql<Record<string, unknown>>`select * from member_search where account_id in ('maya', 'elodie')`.execute(opened.db);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(JSON.stringify(row)).not.toMatch(/zanzibar|7946/);
    expect(JSON.stringify(rows)).toContain('woodwork');
  });

  it('filters on lists and on values (a list of values contains it), sorts by public name, and counts', async () => {
    expect(await ids({ listIds: ['makers'] })).toEqual(['elodie', 'maya']);
    expect(await ids({ listIds: ['makers'], text: 'woodwork lathe' })).toEqual(['maya']);
    expect(await ids({ filters: [{ key: 'city', value: 'Paris' }] })).toEqual(['victor']);
    expect(await ids({ filters: [{ key: 'days', value: 'sun' }] })).toEqual(['victor']);
    const all = await index.search(opened.db, { page: 1, limit: 3 });
    expect(all.total).toBe(4);
    // The public name falls back to the account id.
    expect(all.hits.map((h) => h.name)).toEqual(['Élodie Durand', 'Maya Maker', 'nameless']);
    expect((await index.search(opened.db, { page: 2, limit: 3 })).hits.map((h) => h.accountId)).toEqual(['victor']);
  });

  it('matches any value of one filter key, and counts public values per key over the matches', async () => {
    expect(
      await ids({
        filters: [
          { key: 'city', value: 'Paris' },
          { key: 'city', value: 'London' },
        ],
      }),
    ).toEqual(['maya', 'victor']);
    expect(
      await ids({
        filters: [
          { key: 'city', value: 'Paris' },
          { key: 'days', value: 'mon' },
        ],
      }),
    ).toEqual([]);
    const all = await index.facets(opened.db, { page: 1, limit: 10 }, ['city', 'days', 'secret', 'phone']);
    expect(all.city).toEqual([
      { value: 'London', count: 1 },
      { value: 'Paris', count: 1 },
    ]);
    expect(all.days).toEqual([
      { value: 'sat', count: 1 },
      { value: 'sun', count: 1 },
    ]);
    // Private values are never counted.
    expect(all.secret).toEqual([]);
    expect(all.phone).toEqual([]);
    // A key is counted under the other keys' filters and the text, not under its own filter.
    const chosen = await index.facets(opened.db, { page: 1, limit: 10, text: 'woodwork', filters: [{ key: 'city', value: 'London' }] }, ['city', 'bio']);
    expect(chosen.city).toEqual([{ value: 'London', count: 1 }]);
    expect(chosen.bio).toEqual([{ value: 'Woodwork and lathe', count: 1 }]);
    await expect(index.facets(opened.db, { page: 1, limit: 10 }, ['a.b'])).rejects.toThrow(/not a field name/);
  });

  it('finds members within a radius of a point', async () => {
    expect(await ids({ near: { lat: 51.5, lng: -0.1, radiusKm: 50 } })).toEqual(['maya']);
    expect(await ids({ near: { lat: 50.5, lng: 1, radiusKm: 400 } })).toEqual(['maya', 'victor']);
  });

  it('takes query text as words only: search syntax of either engine is not interpreted', async () => {
    for (const text of ['"maya', 'maya OR victor', 'NEAR(maya victor)', "maya' --", 'maya & | ! :*', '*', '']) {
      const result = await index.search(opened.db, { text, page: 1, limit: 10 });
      expect(result.total).toBeGreaterThanOrEqual(0);
    }
    expect(await ids({ text: 'maya OR victor' })).toEqual([]);
  });

  it('matches a prefix of any length, short or past the longest prefix the index stores', async () => {
    const long = 'Supercalifragilisticexpialidocious';
    await index.put(opened.db, doc({ accountId: 'zed', profile: { firstName: 'Zed', lastName: 'Ängström', bio: long } }));
    for (let n = 3; n <= long.length; n++) expect(await ids({ text: long.slice(0, n) }), long.slice(0, n)).toEqual(['zed']);
    // Victor's days: sat, sun.
    expect(await ids({ text: 'su' })).toEqual(['victor', 'zed']);
    expect(await ids({ text: 's' })).toEqual(['victor', 'zed']);
    expect(await ids({ text: `${long}x` })).toEqual([]);
    expect(await ids({ text: 'z angs' })).toEqual(['zed']);
    expect(await ids({ text: 'w' })).toEqual(['elodie', 'maya']);
    expect(await ids({ text: 'wo', listIds: ['makers'] })).toEqual(['elodie', 'maya']);
    expect(await ids({ text: 'woodworkx' })).toEqual([]);
    await index.remove(opened.db, 'zed');
  });

  it('sorts by relevance: a match in the name before one in other values, ties by name; by name without words', async () => {
    await index.put(opened.db, doc({ accountId: 'zed', profile: { firstName: 'Zed', lastName: 'Woodward', bio: 'Pottery' } }));
    expect(await ids({ text: 'wood' })).toEqual(['elodie', 'maya', 'zed']);
    expect(await ids({ text: 'wood', sort: 'relevance' })).toEqual(['zed', 'elodie', 'maya']);
    const page = await index.search(opened.db, { text: 'wood', sort: 'relevance', page: 2, limit: 2 });
    expect(page).toEqual({ hits: [{ accountId: 'maya', name: 'Maya Maker' }], total: 3 });
    expect(await ids({ text: 'wood', sort: 'relevance', listIds: ['makers'] })).toEqual(['elodie', 'maya']);
    expect(await ids({ sort: 'relevance' })).toEqual(await ids({ sort: 'name' }));
    await index.remove(opened.db, 'zed');
  });

  it('rewrites an entry when the profile or its privacy changes, and removes it', async () => {
    const maya = people[0];
    await index.put(opened.db, doc({ ...maya, profile: { ...maya.profile, bio: 'Ceramics' }, dataPrivacy: [{ dataSchemaId: 'city', state: 'private' }] }));
    expect(await ids({ text: 'lathe' })).toEqual([]);
    expect(await ids({ text: 'ceramics' })).toEqual(['maya']);
    expect(await ids({ text: '7946' })).toEqual(['maya']);
    expect(await ids({ filters: [{ key: 'city', value: 'London' }] })).toEqual([]);
    await index.remove(opened.db, 'maya');
    expect(await ids({ text: 'ceramics' })).toEqual([]);
    expect(await ids({ listIds: ['makers'] })).toEqual(['elodie']);
    await index.put(opened.db, doc(maya));
  });
});
