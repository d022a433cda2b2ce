/** The member search tables, one migration per engine's words (FTS5 and tsvector differ). */
import { sql, type Kysely, type Migration } from 'kysely';

export function searchMigrations(engine: 'sqlite' | 'postgres'): Record<string, Migration> {
  return {
    '0002_member_search': {
      async up(db: Kysely<unknown>) {
        if (engine === 'sqlite') {
          await sql`create table member_search (
            seq integer primary key autoincrement,
            account_id varchar(200) not null unique,
            name varchar(400) not null,
            sort_name varchar(200) not null,
            body text not null,
            public_data text not null,
            lat double precision, lng double precision,
            created_at bigint not null, updated_at bigint not null)`.execute(db);
          await sql`create virtual table member_search_fts using fts5(body, content = 'member_search', content_rowid = 'seq', tokenize = 'unicode61')`.execute(
            db,
          );
        } else {
          await sql`create table member_search (
            account_id varchar(200) primary key,
            name varchar(400) not null,
            sort_name varchar(200) not null,
            body text not null,
            body_tsv tsvector generated always as (to_tsvector('simple', body)) stored,
            public_data jsonb not null,
            lat double precision, lng double precision,
            created_at bigint not null, updated_at bigint not null)`.execute(db);
          await sql`create index member_search_tsv on member_search using gin (body_tsv)`.execute(db);
        }
        await sql`create index member_search_sort on member_search (sort_name, account_id)`.execute(db);
        await sql`create index member_search_created on member_search (created_at, account_id)`.execute(db);
        await sql`create index member_search_geo on member_search (lat, lng)`.execute(db);
        await sql`create table member_search_lists (
          user_list_id varchar(200) not null,
          account_id varchar(200) not null,
          primary key (user_list_id, account_id))`.execute(db);
        await sql`create index member_search_lists_account on member_search_lists (account_id)`.execute(db);
      },
    },
    '0004_member_search_gin_no_pending_list': {
      // PostgreSQL's GIN "fast update" parks new entries in a pending list that every search scans
      // linearly until a vacuum merges it (up to 4 MB): after a burst of profile writes searches
      // slowed by tens of ms. Entries now go straight into the index (writes pay a little more).
      async up(db: Kysely<unknown>) {
        if (engine !== 'postgres') return;
        await sql`alter index member_search_tsv set (fastupdate = off)`.execute(db);
        await sql`select gin_clean_pending_list('member_search_tsv'::regclass)`.execute(db);
      },
    },
    '0007_member_search_list_ids': {
      // PostgreSQL: each entry's accepted lists beside its text, in a GIN-indexed array, so a text
      // search with a list filter tests the few rows the text index found in place instead of
      // probing member_search_lists once per row (a large share of such a search's time at 100,000).
      async up(db: Kysely<unknown>) {
        if (engine !== 'postgres') return;
        await sql`alter table member_search add column list_ids text[] not null default '{}'`.execute(db);
        await sql`update member_search m set list_ids = l.ids from (select account_id, array_agg(user_list_id order by user_list_id) as ids from member_search_lists group by account_id) l where l.account_id = m.account_id`.execute(
          db,
        );
        await sql`create index member_search_list_ids on member_search using gin (list_ids) with (fastupdate = off)`.execute(db);
      },
    },
  };
}
