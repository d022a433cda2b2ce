/**
 * The full-text dialect shared by every search index (members, posts): SQLite FTS5 on the embedded
 * default, PostgreSQL tsvector with a GIN index when scaled out. Words are `searchWords` (folded
 * letters and digits); a query word matches as a prefix on both engines. The member index
 * (member-index.ts) uses the match expressions; a simple index of one text per item (posts) uses
 * the whole of `textIndex`: a table `<name>` and, on SQLite, its FTS5 table `<name>_fts`.
 */
import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import { searchWords } from './member-document';
import type { SearchDb } from './member-index';
import { entryVector, prefixQuery } from './postgres-vector';

export { searchWords, entryVector, prefixQuery };

/** Words of one query at most. */
export const MAX_TEXT_QUERY_WORDS = 8;

/** SQLite FTS5's match string of search words: each quoted, as a prefix (FTS5 syntax never leaks in). */
export const ftsMatchString = (words: string[]): string => words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' ');

/** PostgreSQL: the tsquery of search words against a tsvector column. */
export const tsvectorMatch = (column: RawBuilder<unknown>, words: string[]): RawBuilder<unknown> => sql`${column} @@ ${prefixQuery(words)}::tsquery`;

/** The tables of a one-text-per-item index. */
export function textSearchMigration(engine: 'sqlite' | 'postgres', name: string): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (engine === 'sqlite') {
        await sql`create table ${sql.id(name)} (seq integer primary key autoincrement, item_id varchar(64) not null unique, body text not null)`.execute(db);
        await sql`create virtual table ${sql.id(`${name}_fts`)} using fts5(body, content = ${sql.lit(name)}, content_rowid = 'seq', tokenize = 'unicode61')`.execute(
          db,
        );
      } else {
        await sql`create table ${sql.id(name)} (item_id varchar(64) primary key, body_tsv tsvector not null)`.execute(db);
        await sql`create index ${sql.id(`${name}_tsv`)} on ${sql.id(name)} using gin (body_tsv)`.execute(db);
      }
    },
  };
}

export interface TextIndex {
  /** Sets (or replaces) an item's text, in the caller's transaction. */
  put(db: SearchDb, itemId: string, text: string): Promise<void>;
  remove(db: SearchDb, itemId: string): Promise<void>;
  /** The FROM part joining the index to `items alias` by `items.id`, and the match condition, for these words. */
  match(words: string[], items: string, alias: string): { from: RawBuilder<unknown>; where: RawBuilder<unknown> };
}

export function textIndex(engine: 'sqlite' | 'postgres', name: string): TextIndex {
  const table = sql.id(name);
  const fts = sql.id(`${name}_fts`);
  if (engine === 'sqlite')
    return {
      async put(db, itemId, text) {
        await this.remove(db, itemId);
        const body = searchWords(text).join(' ');
        await sql`insert into ${table} (item_id, body) values (${itemId}, ${body})`.execute(db);
        await sql`insert into ${fts} (rowid, body) select seq, body from ${table} where item_id = ${itemId}`.execute(db);
      },
      async remove(db, itemId) {
        await sql`insert into ${fts} (${fts}, rowid, body) select 'delete', seq, body from ${table} where item_id = ${itemId}`.execute(db);
        await sql`delete from ${table} where item_id = ${itemId}`.execute(db);
      },
      match(words, items, alias) {
        // CROSS JOIN keeps the full-text match the outer loop (see member-index.ts).
        return {
          from: sql`${fts} f cross join ${table} s on s.seq = f.rowid join ${sql.id(items)} ${sql.id(alias)} on ${sql.id(alias)}.id = s.item_id`,
          where: sql`${fts} match ${ftsMatchString(words)}`,
        };
      },
    };
  return {
    async put(db, itemId, text) {
      const vector = entryVector('', searchWords(text).join(' '));
      await sql`insert into ${table} (item_id, body_tsv) values (${itemId}, ${vector}::tsvector)
        on conflict (item_id) do update set body_tsv = excluded.body_tsv`.execute(db);
    },
    async remove(db, itemId) {
      await sql`delete from ${table} where item_id = ${itemId}`.execute(db);
    },
    match(words, items, alias) {
      return {
        from: sql`${table} s join ${sql.id(items)} ${sql.id(alias)} on ${sql.id(alias)}.id = s.item_id`,
        where: tsvectorMatch(sql`s.body_tsv`, words),
      };
    },
  };
}
