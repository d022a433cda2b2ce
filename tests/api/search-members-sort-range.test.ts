/**
 * The member index on both databases: sorting on a public profile value (numbers, then text
 * without case, blanks first or last, a private value sorting as missing) and number and date
 * ranges, with the same answers on SQLite and PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../server/storage/database';
import { migrateAll } from '../../server/domains';
import { createMemberIndex, memberDocument, type MemberIndex, type MemberQuery } from '../../server/search';
import type { DataPrivacy, Profile } from '../../schemas/model';
import { BACKENDS, createSchemaName, dropSchema, POSTGRES_URL, requirePostgres } from '../helpers/api-server';

interface Person {
  accountId: string;
  profile: Profile['data']['profile'];
  dataPrivacy?: DataPrivacy[];
}

const people: Person[] = [
  { accountId: 'ada', profile: { firstName: 'Ada', years: 12, joined: '2021-03-04', city: 'leeds', tools: ['lathe'] } },
  { accountId: 'ben', profile: { firstName: 'Ben', years: 3, joined: '2023-11-30T10:00:00Z', city: 'Bath' } },
  // Cleo's years are private: they must not decide where she sorts, nor match a range.
  {
    accountId: 'cleo',
    profile: { firstName: 'Cleo', years: 40, joined: '2019-01-01', city: 'cardiff' },
    dataPrivacy: [{ dataSchemaId: 'years', state: 'private' }],
  },
  { accountId: 'dev', profile: { firstName: 'Dev', years: 7.5, joined: 'soon', city: 'Aberdeen' } },
  // Stored data may be anything: text where a number is expected sorts after numbers.
  { accountId: 'eve', profile: { firstName: 'Eve', years: 'many', city: 42 } },
  { accountId: 'finn', profile: { firstName: 'Finn' } },
];

function doc(p: Person) {
  return memberDocument(
    { accountId: p.accountId, dataPrivacy: p.dataPrivacy, listMemberships: [] },
    { accountId: p.accountId, data: { profile: p.profile, meta: {} } },
  );
}

describe.each(BACKENDS)('member search sort and ranges on %s', (backend) => {
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
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-search-sort-'));
      opened = await openDatabase({ dataDir: dir });
    }
    await migrateAll(opened.db, opened.engine, schema);
    index = createMemberIndex(opened.engine);
    await index.putMany(opened.db, people.map(doc));
  });

  afterAll(async () => {
    await opened?.close();
    if (schema) await dropSchema(schema);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sorts on a public number value either way, a private or missing value with the blanks', async () => {
    expect(await ids({ sortBy: { key: 'years', direction: 'asc' } })).toEqual(['ben', 'dev', 'ada', 'eve', 'cleo', 'finn']);
    expect(await ids({ sortBy: { key: 'years', direction: 'desc' } })).toEqual(['ada', 'dev', 'ben', 'eve', 'cleo', 'finn']);
    expect(await ids({ sortBy: { key: 'years', direction: 'desc', blankPosition: 'first' } })).toEqual(['cleo', 'finn', 'ada', 'dev', 'ben', 'eve']);
  });

  it('sorts text without regard to case, and pages through the sorted order', async () => {
    expect(await ids({ sortBy: { key: 'city', direction: 'asc' } })).toEqual(['eve', 'dev', 'ben', 'cleo', 'ada', 'finn']);
    expect(await ids({ sortBy: { key: 'city', direction: 'asc' }, page: 2, limit: 4 })).toEqual(['ada', 'finn']);
    // With words, through the full-text path.
    expect(await ids({ text: 'lathe', sortBy: { key: 'city', direction: 'desc' } })).toEqual(['ada']);
  });

  it('filters on number ranges over public values only, both ends included', async () => {
    expect(await ids({ ranges: [{ key: 'years', min: 3, max: 12 }] })).toEqual(['ada', 'ben', 'dev']);
    expect(await ids({ ranges: [{ key: 'years', min: 7.5 }] })).toEqual(['ada', 'dev']);
    expect(await ids({ ranges: [{ key: 'years', max: 5 }] })).toEqual(['ben']);
    // Cleo's 40 is private.
    expect(await ids({ ranges: [{ key: 'years', min: 30 }] })).toEqual([]);
    expect((await index.search(opened.db, { page: 1, limit: 10, ranges: [{ key: 'years', min: 30 }] })).total).toBe(0);
  });

  it('filters on date ranges by day, a date-time counting as its day, and keeps facets under the range', async () => {
    expect(await ids({ dateRanges: [{ key: 'joined', from: '2021-01-01' }] })).toEqual(['ada', 'ben']);
    expect(await ids({ dateRanges: [{ key: 'joined', from: '2019-01-01', to: '2023-11-30' }] })).toEqual(['ada', 'ben', 'cleo']);
    expect(await ids({ dateRanges: [{ key: 'joined', to: '2020-12-31' }] })).toEqual(['cleo']);
    const facets = await index.facets(opened.db, { page: 1, limit: 10, dateRanges: [{ key: 'joined', from: '2021-01-01' }] }, ['city']);
    expect(facets.city).toEqual([
      { value: 'Bath', count: 1 },
      { value: 'leeds', count: 1 },
    ]);
  });

  it('refuses a key that is not a field name before it reaches SQL', async () => {
    await expect(index.search(opened.db, { page: 1, limit: 10, sortBy: { key: 'a"b', direction: 'asc' } })).rejects.toThrow(/not a field name/);
    await expect(index.search(opened.db, { page: 1, limit: 10, ranges: [{ key: 'a.b', min: 1 }] })).rejects.toThrow(/not a field name/);
  });
});
