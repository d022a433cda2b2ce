/**
 * search.members: 100,000 generated members on SQLite and on PostgreSQL; p50 and p95 of two-word
 * queries with a list filter through the member index (FTS5 / tsvector + GIN), against the same
 * queries as a `LIKE '%word%'` scan over the same table in the same run. Both sides warm up first
 * (the table's pages read, statements prepared), then one scan goes after every tenth indexed
 * query, so load from other work lands on both alike; `ratio` is p50 / baseline p50.
 * profiles.batch: 200 profile blocks asking for their profiles at once, counted in collection calls.
 * Self-contained: it needs only the index, the data layer and a database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { createStore } from 'jotai';
import { openDatabase, type OpenedDatabase } from '../../server/storage/database';
import { migrateAll } from '../../server/domains';
import { sql } from 'kysely';
import { createMemberIndex, memberDocument, searchWords, type MemberQuery, type SearchDb } from '../../server/search';
import { createDataLayer, profilesSlice } from '../../engine/data';
import type { Profile } from '../../schemas/model';
import { roundRatio } from './harness';

const SIZE = 100_000;
const QUERIES = 200;
/** One scan per this many indexed queries (a scan costs tens of them). */
const SCAN_EVERY = 10;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const FIRST = [
  'maya',
  'victor',
  'elena',
  'ada',
  'omar',
  'lena',
  'tariq',
  'sofia',
  'ines',
  'kofi',
  'yuki',
  'noah',
  'amara',
  'felix',
  'zara',
  'ravi',
  'ivy',
  'jonas',
  'leila',
  'mateo',
];
const LAST = [
  'maker',
  'volunteer',
  'editor',
  'okafor',
  'lindqvist',
  'moreau',
  'tanaka',
  'haddad',
  'silva',
  'kowalski',
  'nguyen',
  'oduya',
  'fischer',
  'rossi',
  'patel',
  'murphy',
  'dubois',
  'jensen',
  'costa',
  'novak',
];
const CITIES = [
  'london',
  'paris',
  'leeds',
  'lyon',
  'cardiff',
  'tallinn',
  'berlin',
  'madrid',
  'tokyo',
  'glasgow',
  'bristol',
  'nantes',
  'porto',
  'oslo',
  'dublin',
  'york',
  'bath',
  'lille',
  'kyoto',
  'riga',
];
const SKILLS = [
  'woodwork',
  'lathe',
  'electronics',
  'weaving',
  'pottery',
  'welding',
  'sewing',
  'printing',
  'coding',
  'soldering',
  'glass',
  'leather',
  'painting',
  'baking',
  'robotics',
];
const LISTS = ['makers', 'volunteers', 'mentors', 'founders', 'alumni'];

/** A deterministic generator, so both databases hold the same members. */
function rng(seed: number) {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31), s / 2 ** 31);
}

function members() {
  const next = rng(42);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  return Array.from({ length: SIZE }, (_, i) => {
    const accountId = `m${i}`;
    const profile: Profile = {
      accountId,
      data: {
        profile: {
          firstName: pick(FIRST),
          lastName: `${pick(LAST)}${i % 97}`,
          city: pick(CITIES),
          bio: `${pick(SKILLS)} and ${pick(SKILLS)}`,
          phone: `+44 ${i}`,
        },
        meta: {},
      },
    };
    const lists = [pick(LISTS), ...(next() < 0.3 ? [pick(LISTS)] : [])];
    return memberDocument(
      {
        accountId,
        dataPrivacy: [{ dataSchemaId: 'phone', state: 'private' }],
        listMemberships: lists.map((userListId) => ({ id: `${accountId}-${userListId}`, userListId, state: 'accepted' })),
      },
      profile,
    );
  });
}

function queries(count: number): MemberQuery[] {
  const next = rng(7);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  return Array.from({ length: count }, () => ({ text: `${pick(FIRST)} ${pick(CITIES).slice(0, 4)}`, listIds: [pick(LISTS)], page: 1, limit: 10 }));
}

function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] * 1000) / 1000;
}

async function timed(q: MemberQuery, fn: (q: MemberQuery) => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn(q);
  return performance.now() - start;
}

/**
 * The baseline: the same query with no full-text index, each word a `LIKE '%word%'` over the
 * stored text; the list filter, order, page and count as MemberIndex.search writes them after a
 * text match (on PostgreSQL, the list copy tested in place, not through its index).
 */
async function scan(db: SearchDb, engine: 'sqlite' | 'postgres', q: MemberQuery): Promise<number> {
  const lists = sql.join(q.listIds ?? []);
  const where = sql.join(
    [
      ...searchWords(q.text ?? '').map((w) => sql`m.body like ${`%${w}%`}`),
      engine === 'sqlite'
        ? sql`exists (select 1 from member_search_lists l where l.account_id = m.account_id and l.user_list_id in (${lists}))`
        : sql`(m.list_ids || '{}'::text[]) && array[${lists}]::text[]`,
    ],
    sql` and `,
  );
  const [, count] = await Promise.all([
    sql`select m.account_id, m.name from member_search m where ${where} order by m.sort_name, m.account_id limit ${q.limit} offset ${(q.page - 1) * q.limit}`.execute(
      db,
    ),
    sql<{ total: number | string }>`select count(*) as total from member_search m where ${where}`.execute(db),
  ]);
  return Number(count.rows[0].total);
}

async function open(db: 'sqlite' | 'postgres'): Promise<{ opened: OpenedDatabase; cleanup: () => Promise<void> }> {
  if (db === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-search-'));
    const opened = await openDatabase({ dataDir: dir });
    await migrateAll(opened.db, 'sqlite');
    return { opened, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const opened = await openDatabase({ dataDir: '', databaseUrl: POSTGRES_URL, databaseSchema: schema });
  await migrateAll(opened.db, 'postgres', schema);
  return {
    opened,
    cleanup: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

async function searchBench(db: 'sqlite' | 'postgres') {
  const { opened, cleanup } = await open(db);
  try {
    const index = createMemberIndex(opened.engine);
    await opened.db.transaction().execute((tx) => index.putMany(tx, members()));
    if (db === 'postgres') await analyze(opened);
    const list = queries(QUERIES);
    const search = (q: MemberQuery) => index.search(opened.db, q);
    const baseline = (q: MemberQuery) => scan(opened.db, db, q);
    for (const q of list.slice(0, 20)) await timed(q, search);
    for (const q of list.slice(0, 2)) await timed(q, baseline);
    const times: number[] = [];
    const scanTimes: number[] = [];
    for (const [i, q] of list.entries()) {
      times.push(await timed(q, search));
      if (i % SCAN_EVERY === 0) scanTimes.push(await timed(q, baseline));
    }
    return {
      bench: 'search.members',
      db,
      size: SIZE,
      p50Ms: percentile(times, 50),
      p95Ms: percentile(times, 95),
      baseline: "LIKE '%word%' scan",
      baselineP50Ms: percentile(scanTimes, 50),
      baselineP95Ms: percentile(scanTimes, 95),
      ratio: roundRatio(percentile(times, 50) / percentile(scanTimes, 50)),
    };
  } finally {
    await opened.close();
    await cleanup();
  }
}

/** What autovacuum does to a freshly loaded table in production: statistics, visibility map, hint bits. */
async function analyze(opened: OpenedDatabase) {
  await sql`vacuum analyze member_search`.execute(opened.db);
  await sql`vacuum analyze member_search_lists`.execute(opened.db);
}

/** 200 blocks ask for 200 profiles in the same tick, as a page of profile blocks mounts. */
async function batchBench() {
  let requests = 0;
  const layer = createDataLayer(createStore(), {
    async request<A>(call: { body?: unknown }) {
      requests++;
      return (call.body as { accountIds: string[] }).accountIds.map((accountId) => ({ accountId, data: { profile: {}, meta: {} } })) as A;
    },
  });
  const profiles = layer.slice(profilesSlice);
  const blocks = 200;
  await Promise.all(Array.from({ length: blocks }, (_, i) => profiles.ensure(`u${i}`)));
  return { bench: 'profiles.batch', blocks, requests };
}

export default [
  {
    name: 'search.members',
    run: async () => {
      // BENCH_SEARCH_DB=postgres (or sqlite) measures one database only.
      const only = process.env.BENCH_SEARCH_DB;
      const dbs = (['sqlite', 'postgres'] as const).filter((db) => !only || only === db);
      const out = [];
      for (const db of dbs) out.push(await searchBench(db));
      return out;
    },
  },
  { name: 'profiles.batch', run: async () => [await batchBench()] },
];
