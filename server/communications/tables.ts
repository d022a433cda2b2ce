/**
 * The communications domain's tables (community §3 Communication; hot, paged and counted, so rows,
 * never documents): `communications` (posts and comments of every target: the list pages are one
 * index range by keyset, newest/oldest on (target, parent, created, id), score on (target, parent,
 * score, id), mostActive on (target, parent, children_count, id)), `communication_reactions`
 * (one row per member and reaction: its primary key makes a toggle exact under concurrency; the
 * row's `score` is moved by an atomic increment in the same transaction), `communication_history`
 * (edit history, POST_HISTORY_MAX per item) and `communication_search` (the words of title and
 * text, in the shared search dialect of server/search/text-dialect.ts).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../domain';
import { textSearchMigration } from '../search/text-dialect';
import { commentDocumentsMigration } from './comment-documents';

export interface CommunicationsTable {
  id: string;
  kind: string;
  /** '' for a post (keeps the list indexes one equality on both engines). */
  parent_id: string;
  root_id: string;
  depth: number;
  target_id: string;
  owner_kind: string;
  scope: string | null;
  scope_context_data: string | null;
  from_account: string;
  title: string | null;
  /** RichTextDoc JSON. */
  body: string;
  html: string;
  text: string;
  /** PostMedia[] JSON. */
  media: string;
  /** Mentioned account ids JSON. */
  mentions: string;
  score: number;
  children_count: number;
  created: number;
  edited: number | null;
  deleted: number;
  hidden: number;
  hidden_by: string | null;
  client_id: string | null;
}

export interface CommunicationReactionsTable {
  communication_id: string;
  account_id: string;
  reaction_id: string;
  created: number;
}

export interface CommunicationHistoryTable {
  id: string;
  communication_id: string;
  title: string | null;
  body: string;
  media: string;
  edited: number;
  by_account: string;
}

/** Top-level posts per target, hidden ones included (a reply's siblings are its parent's `children_count`): list totals without counting a million rows. */
export interface CommunicationTargetsTable {
  target_id: string;
  posts: number;
}

export type CommunicationTables = {
  communication_targets: CommunicationTargetsTable;
  communications: CommunicationsTable;
  communication_reactions: CommunicationReactionsTable;
  communication_history: CommunicationHistoryTable;
};

const tablesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('communications')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('parent_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('root_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('target_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('owner_kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('scope', 'varchar(200)')
      .addColumn('scope_context_data', 'varchar(2000)')
      .addColumn('from_account', 'varchar(200)', (c) => c.notNull())
      .addColumn('title', 'varchar(400)')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('media', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('mentions', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('children_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('edited', 'bigint')
      .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden_by', 'varchar(200)')
      .addColumn('client_id', 'varchar(64)')
      .execute();
    // Keyset pages: each order is one range of one index (page 10,000 costs what page 1 does).
    await sql`CREATE INDEX communications_created ON communications (target_id, parent_id, created, id)`.execute(db);
    await sql`CREATE INDEX communications_score ON communications (target_id, parent_id, score, id)`.execute(db);
    await sql`CREATE INDEX communications_active ON communications (target_id, parent_id, children_count, id)`.execute(db);
    // A retried create (same clientId) finds what it stored.
    await sql`CREATE UNIQUE INDEX communications_client ON communications (from_account, client_id)`.execute(db);
    await sql`CREATE INDEX communications_root ON communications (root_id)`.execute(db);
    await db.schema
      .createTable('communication_reactions')
      .addColumn('communication_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('account_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('reaction_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('communication_reactions_pk', ['communication_id', 'account_id', 'reaction_id'])
      .execute();
    await db.schema
      .createTable('communication_history')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('communication_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('title', 'varchar(400)')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('media', 'text', (c) => c.notNull())
      .addColumn('edited', 'bigint', (c) => c.notNull())
      .addColumn('by_account', 'varchar(200)', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX communication_history_item ON communication_history (communication_id, edited)`.execute(db);
  },
});

const countsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('communication_targets')
      .addColumn('target_id', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('posts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`insert into communication_targets (target_id, posts) select target_id, count(*) from communications where parent_id = '' group by target_id`.execute(
      db,
    );
    // Totals subtract the hidden items a viewer may not see: few, found by this index.
    await sql`CREATE INDEX communications_hidden ON communications (target_id, parent_id, hidden, from_account)`.execute(db);
  },
});

export const communicationMigrations = (engine: Engine): Record<string, Migration> => ({
  '20261201T2200_communications_tables': tablesMigration(),
  '20261201T2201_communications_search': textSearchMigration(engine, 'communication_search'),
  '20261201T2202_communications_comment_documents': commentDocumentsMigration(engine),
  '20261201T2203_communications_counts': countsMigration(),
});
