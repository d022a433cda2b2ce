/**
 * The one search interface over members (community ARCHITECTURE "Search in the database"):
 * SQLite FTS5 on the embedded default, PostgreSQL tsvector with a GIN index when scaled out.
 * Later issues add entities and posts beside it the same way.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { MemberDocument } from './member-document';
import { foldText, searchWords } from './member-document';
import { entryVector, prefixQuery } from './postgres-vector';
import { ftsMatchString, tsvectorMatch } from './text-dialect';

/** Any kysely handle (the store's database or one of its transactions): the index uses raw SQL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SearchDb = Kysely<any>;

/** `relevance`: best match first (name words weigh most), ties by name; by name without words. */
export type MemberSort = 'name' | 'newest' | 'relevance';

/** A sort on one public profile value: numbers before text, a missing (or private) value at `blankPosition`. */
export interface MemberSortBy {
  key: string;
  direction: 'asc' | 'desc';
  blankPosition?: 'first' | 'last';
}

export interface MemberQuery {
  /** Words to match (each as a prefix, all of them), against public names and public values. */
  text?: string;
  /** Accepted in at least one of these lists. */
  listIds?: string[];
  /**
   * Public value equals (or, for lists of values, contains) the given text. Filters on one key
   * match any of their values (checkboxes); filters on different keys must all match.
   */
  filters?: { key: string; value: string }[];
  /** Within radiusKm of a point (public geoLocation values). */
  near?: { lat: number; lng: number; radiusKm: number };
  sort?: MemberSort;
  /** Overrides `sort`; ties go by name. */
  sortBy?: MemberSortBy;
  /** Public number values within min..max (both included); several ranges must all match. */
  ranges?: { key: string; min?: number; max?: number }[];
  /** Public date values (YYYY-MM-DD, or a date-time starting so) within from..to, days included. */
  dateRanges?: { key: string; from?: string; to?: string }[];
  /** From 1. */
  page: number;
  limit: number;
}

export interface MemberHit {
  accountId: string;
  name: string;
}

export interface MemberResults {
  hits: MemberHit[];
  total: number;
}

/** How many matches hold each public value of one key (the filter counts of a headless search). */
export type MemberFacets = Record<string, { value: string; count: number }[]>;

/** Values per facet key, most frequent first. */
export const MAX_FACET_VALUES = 50;

export interface MemberIndex {
  /** Writes (or rewrites) one member's entry; call it in the transaction that wrote the profile or account. */
  put(db: SearchDb, doc: MemberDocument): Promise<void>;
  /** Writes many entries in few statements (seeding, reindexing everyone). */
  putMany(db: SearchDb, docs: MemberDocument[]): Promise<void>;
  remove(db: SearchDb, accountId: string): Promise<void>;
  isEmpty(db: SearchDb): Promise<boolean>;
  /** How many entries it holds. */
  count(db: SearchDb): Promise<number>;
  /** Entries after `after` up to and including `through` (account id order) that are not in `keep`: left by accounts gone since (a reindex removes them). */
  strayEntries(db: SearchDb, after: string, through: string | undefined, keep: ReadonlySet<string>): Promise<string[]>;
  search(db: SearchDb, query: MemberQuery): Promise<MemberResults>;
  /**
   * Counts of public values per key over the query's matches, each key counted with the filters
   * on the other keys only (so choosing one value does not hide the others of its key).
   */
  facets(db: SearchDb, query: MemberQuery, keys: string[]): Promise<MemberFacets>;
  /** Entries whose public values are not a JSON object (damaged outside the app): rewrite them from their documents. */
  damagedEntries(db: SearchDb): Promise<string[]>;
}

/** Filter keys are profile field names: plain words only, since they become JSON paths. */
export const FILTER_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** Words of a query past this many are ignored: a page of text is not a search. */
export const MAX_QUERY_WORDS = 8;
const EARTH_RADIUS_KM = 6371;

/** A profile field key, checked before it becomes part of a JSON path. */
function fieldKey(key: string): string {
  if (!FILTER_KEY_PATTERN.test(key)) throw new Error(`field key "${key}" is not a field name`);
  return key;
}

export function createMemberIndex(engine: 'sqlite' | 'postgres'): MemberIndex {
  const dialect = engine === 'sqlite' ? sqliteDialect : postgresDialect;

  /** WHERE clauses shared by search and facets. */
  function conditions(query: MemberQuery): RawBuilder<unknown>[] {
    const where: RawBuilder<unknown>[] = [];
    const words = searchWords(query.text ?? '').slice(0, MAX_QUERY_WORDS);
    if (words.length) where.push(dialect.textMatch(words));
    if (query.listIds?.length) where.push(dialect.inLists(query.listIds, words.length > 0));
    const byKey = new Map<string, string[]>();
    for (const f of query.filters ?? []) {
      fieldKey(f.key);
      byKey.set(f.key, [...(byKey.get(f.key) ?? []), f.value]);
    }
    for (const [key, values] of byKey)
      where.push(
        sql`(${sql.join(
          values.map((value) => dialect.valueEquals(key, value)),
          sql` or `,
        )})`,
      );
    for (const r of query.ranges ?? []) {
      const value = dialect.numberOf(fieldKey(r.key));
      if (r.min !== undefined) where.push(sql`${value} >= ${r.min}`);
      if (r.max !== undefined) where.push(sql`${value} <= ${r.max}`);
    }
    for (const r of query.dateRanges ?? []) {
      const value = dialect.dayOf(fieldKey(r.key));
      if (r.from !== undefined) where.push(sql`${value} >= ${r.from}`);
      if (r.to !== undefined) where.push(sql`${value} <= ${r.to}`);
    }
    if (query.near) {
      const { lat, lng, radiusKm } = query.near;
      // A box on the indexed columns first, then the exact great-circle distance.
      const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
      const dLng = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
      where.push(sql`m.lat between ${lat - dLat} and ${lat + dLat}`);
      if (lng - dLng > -180 && lng + dLng < 180) where.push(sql`m.lng between ${lng - dLng} and ${lng + dLng}`);
      where.push(
        sql`${EARTH_RADIUS_KM * 2} * asin(sqrt(power(sin(radians(m.lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(m.lat)) * power(sin(radians(m.lng - ${lng}) / 2), 2))) <= ${radiusKm}`,
      );
    }
    return where;
  }

  async function run(db: SearchDb, query: MemberQuery, from: RawBuilder<unknown>, where: RawBuilder<unknown>[], words: string[]): Promise<MemberResults> {
    const clause = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    const rank = query.sort === 'relevance' && !query.sortBy && words.length ? dialect.rank(words) : undefined;
    const offset = (Math.max(1, query.page) - 1) * query.limit;
    const hits = (rows: { account_id: string; name: string }[]) => rows.map((r) => ({ accountId: r.account_id, name: r.name }));
    const count = async () => Number((await sql<{ total: number | string }>`select count(*) as total from ${from} ${clause}`.execute(db)).rows[0]?.total ?? 0);
    if (words.length && dialect.matchFirst) {
      // The matches come from the full-text index first (a materialised CTE the planner cannot
      // flatten), then one LIMITed top-N sort and the count over them. Left to itself, PostgreSQL
      // walks the name index under the LIMIT and tests every row's text: seconds for a rare match.
      // The rank is computed in the CTE, over the matches only.
      const { rows } = await sql<{ account_id: string; name: string; total: number | string }>`with hits as materialized (
          select m.account_id, m.name, m.sort_name, m.created_at${query.sortBy ? sql`, m.public_data` : sql``}${rank ? sql`, ${rank} as rank` : sql``} from ${from} ${clause})
        select m.account_id, m.name, (select count(*) from hits) as total from hits m order by ${orderOf(query, rank && sql`m.rank`)} limit ${query.limit} offset ${offset}`.execute(
        db,
      );
      return { hits: hits(rows), total: rows.length ? Number(rows[0].total) : offset > 0 ? await count() : 0 };
    }
    const [rows, total] = await Promise.all([
      sql<{
        account_id: string;
        name: string;
      }>`select m.account_id, m.name from ${from} ${clause} order by ${orderOf(query, rank)} limit ${query.limit} offset ${offset}`.execute(db),
      count(),
    ]);
    return { hits: hits(rows.rows), total };
  }

  /**
   * ORDER BY over `m`: a public value (numbers, then text without case, then blanks), else the
   * rank (smaller is better) when given, name or newest; ties by name, then id.
   */
  function orderOf(query: MemberQuery, rank?: RawBuilder<unknown>): RawBuilder<unknown> {
    const by = query.sortBy;
    if (!by) return query.sort === 'newest' ? sql`m.created_at desc, m.account_id` : sql`${rank ? sql`${rank}, ` : sql``}m.sort_name, m.account_id`;
    const key = fieldKey(by.key);
    const dir = by.direction === 'desc' ? sql`desc` : sql`asc`;
    const num = dialect.numberOf(key);
    const text = dialect.textOf(key);
    const blank = sql`case when ${num} is null and ${text} is null then 1 else 0 end ${by.blankPosition === 'first' ? sql`desc` : sql`asc`}`;
    return sql`${blank}, ${num} ${dir} nulls last, ${text} ${dir} nulls last, m.sort_name, m.account_id`;
  }

  async function putMany(db: SearchDb, many: MemberDocument[]): Promise<void> {
    const docs = [...new Map(many.map((d) => [d.accountId, d])).values()];
    // Chunks keep the parameter count under SQLite's limit (9 per row).
    for (let i = 0; i < docs.length; i += 500) {
      const chunk = docs.slice(i, i + 500);
      const ids = chunk.map((d) => d.accountId);
      // A rewrite keeps the entry's first-indexed time, the "newest" sort key.
      const { rows: kept } = await sql<{
        account_id: string;
        created_at: number | string;
      }>`select account_id, created_at from member_search where account_id in (${sql.join(ids)})`.execute(db);
      const createdAt = new Map(kept.map((r) => [r.account_id, Number(r.created_at)]));
      await dialect.removeTexts(db, ids);
      await sql`delete from member_search_lists where account_id in (${sql.join(ids)})`.execute(db);
      await sql`delete from member_search where account_id in (${sql.join(ids)})`.execute(db);
      const now = Date.now();
      await sql`insert into member_search (account_id, name, sort_name, body, public_data, lat, lng${dialect.extraColumns}, created_at, updated_at) values ${sql.join(
        chunk.map(
          (d) =>
            sql`(${d.accountId}, ${d.name}, ${sortName(d)}, ${d.body}, ${dialect.json(JSON.stringify(d.values))}, ${d.lat}, ${d.lng}${dialect.extraValues(d)}, ${createdAt.get(d.accountId) ?? now}, ${now})`,
        ),
      )}`.execute(db);
      await dialect.addTexts(db, ids);
      const lists = chunk.flatMap((d) => [...new Set(d.listIds)].map((l) => sql`(${l}, ${d.accountId})`));
      for (let j = 0; j < lists.length; j += 1000)
        await sql`insert into member_search_lists (user_list_id, account_id) values ${sql.join(lists.slice(j, j + 1000))}`.execute(db);
    }
  }

  return {
    put: (db, doc) => putMany(db, [doc]),
    putMany,
    async isEmpty(db) {
      const { rows } = await sql<{ one: number }>`select 1 as one from member_search limit 1`.execute(db);
      return rows.length === 0;
    },
    async count(db) {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from member_search`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },
    async strayEntries(db, after, through, keep) {
      const upTo = through === undefined ? sql`` : sql`and account_id <= ${through}`;
      const { rows } = await sql<{ account_id: string }>`select account_id from member_search where account_id > ${after} ${upTo}`.execute(db);
      return rows.map((r) => r.account_id).filter((id) => !keep.has(id));
    },
    async remove(db, accountId) {
      await dialect.removeTexts(db, [accountId]);
      await sql`delete from member_search_lists where account_id = ${accountId}`.execute(db);
      await sql`delete from member_search where account_id = ${accountId}`.execute(db);
    },
    async search(db, query) {
      const words = searchWords(query.text ?? '').slice(0, MAX_QUERY_WORDS);
      return run(db, query, dialect.searchFrom(words), conditions(query), words);
    },
    async facets(db, query, keys) {
      const words = searchWords(query.text ?? '').slice(0, MAX_QUERY_WORDS);
      const answer: MemberFacets = {};
      for (const key of [...new Set(keys)]) {
        if (!FILTER_KEY_PATTERN.test(key)) throw new Error(`facet key "${key}" is not a field name`);
        const others = { ...query, filters: (query.filters ?? []).filter((f) => f.key !== key) };
        const where = conditions(others);
        const clause = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
        const { rows } = await sql<{ value: string; count: number | string }>`select v.value as value, count(*) as count
          from ${dialect.searchFrom(words)} cross join ${dialect.valuesOf(key)} v ${clause}
          group by v.value order by count(*) desc, v.value limit ${MAX_FACET_VALUES}`.execute(db);
        answer[key] = rows.filter((r) => typeof r.value === 'string' && r.value !== '').map((r) => ({ value: r.value, count: Number(r.count) }));
      }
      return answer;
    },
    async damagedEntries(db) {
      const { rows } = await sql<{ account_id: string }>`select account_id from member_search where ${dialect.notAnObject(sql`public_data`)}`.execute(db);
      return rows.map((r) => r.account_id);
    },
  };
}

interface Dialect {
  /** Text searches take their matches from the full-text index before sorting (see run). */
  matchFirst: boolean;
  /** Drops / adds the full-text entries of rows about to be deleted / just inserted (SQLite's external-content table). */
  removeTexts(db: SearchDb, accountIds: string[]): Promise<void>;
  addTexts(db: SearchDb, accountIds: string[]): Promise<void>;
  json(text: string): RawBuilder<unknown>;
  /** The FROM of a search (SQLite joins the FTS table when there are words). */
  searchFrom(words: string[]): RawBuilder<unknown>;
  textMatch(words: string[]): RawBuilder<unknown>;
  /** How well a text match matches (smaller is better): name words weigh more than the rest. */
  rank(words: string[]): RawBuilder<unknown>;
  /** Accepted in at least one of the lists; `afterText`: tested on the rows a text match found. */
  inLists(listIds: string[], afterText: boolean): RawBuilder<unknown>;
  /** Extra columns of an entry's row, after `lat, lng` (PostgreSQL: `list_ids, body_tsv`), and their values. */
  extraColumns: RawBuilder<unknown>;
  extraValues(doc: MemberDocument): RawBuilder<unknown>;
  valueEquals(key: string, value: string): RawBuilder<unknown>;
  /** A table of the text values of `m.public_data`'s key (one row, or one per item of a list), as column `value`. */
  valuesOf(key: string): RawBuilder<unknown>;
  /** The key's public value when it is a number, else null (stored data may hold anything). */
  numberOf(key: string): RawBuilder<unknown>;
  /** The key's public value when it is text, lower-cased and compared byte-wise on both databases, else null. */
  textOf(key: string): RawBuilder<unknown>;
  /** The day (YYYY-MM-DD) the key's public value starts with, else null. */
  dayOf(key: string): RawBuilder<unknown>;
  /** Whether a public values column holds anything but a JSON object (never an error, whatever it holds). */
  notAnObject(column: RawBuilder<unknown>): RawBuilder<unknown>;
}

const sortName = (doc: MemberDocument) => foldText(doc.name).slice(0, 200);

/**
 * SQLite: FTS5 external-content table over member_search.body (the text is stored once); an
 * entry is deleted with the old text before its row goes, as FTS5 requires.
 */
const sqliteDialect: Dialect = {
  // The CROSS JOIN below already makes the match the outer loop.
  matchFirst: false,
  async removeTexts(db, accountIds) {
    await sql`insert into member_search_fts (member_search_fts, rowid, sort_name, body) select 'delete', seq, sort_name, body from member_search where account_id in (${sql.join(accountIds)})`.execute(
      db,
    );
  },
  async addTexts(db, accountIds) {
    await sql`insert into member_search_fts (rowid, sort_name, body) select seq, sort_name, body from member_search where account_id in (${sql.join(accountIds)})`.execute(
      db,
    );
  },
  json: (text) => sql`${text}`,
  searchFrom(words) {
    // CROSS JOIN makes the full-text match the outer loop: left to itself the planner walks a
    // list's members and runs the whole match once per row (at 100,000 members, orders of
    // magnitude slower than search.members in docs/benchmarks.md).
    return words.length ? sql`member_search_fts f cross join member_search m on m.seq = f.rowid` : sql`member_search m`;
  },
  textMatch(words) {
    // Words are letters and digits only (searchWords), quoted anyway: FTS5 syntax never leaks in.
    return sql`member_search_fts match ${ftsMatchString(words)}`;
  },
  // The folded name's column (sort_name) weighs 10, the whole text (body, the name included) 1.
  rank: () => sql`bm25(member_search_fts, 10.0, 1.0)`,
  inLists(listIds) {
    return sql`exists (select 1 from member_search_lists l where l.account_id = m.account_id and l.user_list_id in (${sql.join(listIds)}))`;
  },
  extraColumns: sql``,
  extraValues: () => sql``,
  valueEquals(key, value) {
    return sql`exists (select 1 from json_each(m.public_data, ${`$."${key}"`}) j where j.value = ${value})`;
  },
  valuesOf(key) {
    // json_each of a scalar gives the scalar itself, of a list its items (values that are not text are dropped by the caller).
    return sql`json_each(m.public_data, ${`$."${key}"`})`;
  },
  numberOf(key) {
    const path = `$."${key}"`;
    return sql`(case when json_type(m.public_data, ${path}) in ('integer', 'real') then json_extract(m.public_data, ${path}) end)`;
  },
  textOf(key) {
    const path = `$."${key}"`;
    // SQLite's lower() folds ASCII only; PostgreSQL's folds more, so non-ASCII capitals may order differently.
    return sql`(case when json_type(m.public_data, ${path}) = 'text' then lower(json_extract(m.public_data, ${path})) end)`;
  },
  dayOf(key) {
    const path = `$."${key}"`;
    return sql`(case when json_type(m.public_data, ${path}) = 'text' and json_extract(m.public_data, ${path}) glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*' then substr(json_extract(m.public_data, ${path}), 1, 10) end)`;
  },
  // json_type of text that is not JSON is an error; json_valid never is.
  notAnObject: (column) => sql`(case when json_valid(${column}) then json_type(${column}) end) is not 'object'`,
};

/** PostgreSQL: a tsvector written with the row (postgres-vector.ts: words, prefixes, name weighted A) with a GIN index. */
const postgresDialect: Dialect = {
  matchFirst: true,
  async removeTexts() {},
  async addTexts() {},
  json: (text) => sql`${text}::jsonb`,
  searchFrom() {
    return sql`member_search m`;
  },
  textMatch(words) {
    return tsvectorMatch(sql`m.body_tsv`, words);
  },
  // ts_rank's default weights: the name's words (A) 1.0, the rest (D) 0.1.
  rank: (words) => sql`-ts_rank(m.body_tsv, ${prefixQuery(words)}::tsquery)`,
  inLists(listIds, afterText) {
    // The GIN-indexed copy (migration 0007). After a text match it is tested in place on the few
    // rows found: written so the index cannot serve it, else the planner ANDs in a bitmap of the
    // whole list (25,000 entries, most of the query's time). Without words the index serves it.
    return afterText ? sql`(m.list_ids || '{}'::text[]) && array[${sql.join(listIds)}]::text[]` : sql`m.list_ids && array[${sql.join(listIds)}]::text[]`;
  },
  // Written with the row: a later UPDATE would leave every entry a dead twin in each index.
  extraColumns: sql`, list_ids, body_tsv`,
  extraValues: (doc) => sql`, ${[...new Set(doc.listIds)].sort()}::text[], ${entryVector(doc.name, doc.body)}::tsvector`,
  valueEquals(key, value) {
    return sql`(m.public_data -> ${key} = to_jsonb(${value}::text) or m.public_data -> ${key} @> jsonb_build_array(${value}::text))`;
  },
  valuesOf(key) {
    return sql`lateral (select x as value from jsonb_array_elements_text(case jsonb_typeof(m.public_data -> ${key})
        when 'array' then m.public_data -> ${key} when 'string' then jsonb_build_array(m.public_data -> ${key}) else '[]'::jsonb end) x
      where x is not null) `;
  },
  numberOf(key) {
    return sql`(case when jsonb_typeof(m.public_data -> ${key}) = 'number' then (m.public_data ->> ${key})::double precision end)`;
  },
  textOf(key) {
    return sql`(case when jsonb_typeof(m.public_data -> ${key}) = 'string' then lower(m.public_data ->> ${key}) end) collate "C"`;
  },
  dayOf(key) {
    return sql`(case when jsonb_typeof(m.public_data -> ${key}) = 'string' and m.public_data ->> ${key} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then left(m.public_data ->> ${key}, 10) end)`;
  },
  notAnObject: (column) => sql`jsonb_typeof(${column}) <> 'object'`,
};
