/**
 * The chat domain's tables (community §3 Chat and Message; hot per-member state, so rows, never
 * documents): `chats` (one per pair: `pair_key` unique; `last_sequence` is the sequence allocator,
 * moved under the chat row's lock), `chat_participants` (each member's read marker, hidden
 * timestamp and a copy of the chat's last activity, so her list is one index range),
 * `chat_messages` (`id` global and increasing: the catch-up cursor; `sequence` per chat: history
 * cursors and read markers), `chat_blocks` and `chat_reports`.
 */
import { sql, type Generated, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../domain';

export interface ChatsTable {
  id: string;
  kind: string;
  pair_key: string;
  connection_id: string | null;
  created_at: number;
  last_sequence: number;
  last_message_id: string | null;
  last_message_at: number | null;
}

export interface ChatParticipantsTable {
  chat_id: string;
  account_id: string;
  read_sequence: number;
  hidden_at: number | null;
  joined_at: number;
  /** The chat's last message date (null: none yet, a temporary chat): the list's order, by account. */
  last_message_at: number | null;
  /** When the last newMessage email for this chat went to this participant: one per CHAT_EMAIL_INTERVAL_MS. */
  emailed_at: number | null;
}

export interface ChatMessagesTable {
  /** Generated: SQLite's rowid, PostgreSQL's bigserial (read as a string). */
  id: string;
  chat_id: string;
  sequence: number;
  from_account_id: string;
  type: string;
  body: string;
  /** JSON object. */
  meta: string;
  created_at: number;
  edited_at: number | null;
  deleted_at: number | null;
  client_id: string | null;
}

export interface ChatBlocksTable {
  blocker: string;
  blocked: string;
  created_at: number;
}

export interface ChatReportsTable {
  id: string;
  message_id: string;
  chat_id: string;
  reporter: string;
  reason: string;
  /** open (a later moderation queue closes them). */
  state: string;
  created_at: number;
}

export type ChatTables = {
  chats: ChatsTable;
  chat_participants: ChatParticipantsTable;
  chat_messages: Omit<ChatMessagesTable, 'id'> & { id: ChatMessageId };
  chat_blocks: ChatBlocksTable;
  chat_reports: ChatReportsTable;
};

/** Generated on insert, read back as text (PostgreSQL's bigint) or a number (SQLite). */
export type ChatMessageId = Generated<string>;

const chatsMigration = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('chats')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull().defaultTo('private'))
      .addColumn('pair_key', 'varchar(410)', (c) => c.notNull().unique())
      .addColumn('connection_id', 'varchar(200)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_sequence', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_message_id', 'varchar(40)')
      .addColumn('last_message_at', 'bigint')
      .execute();
    await db.schema
      .createTable('chat_participants')
      .addColumn('chat_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('account_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('read_sequence', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden_at', 'bigint')
      .addColumn('joined_at', 'bigint', (c) => c.notNull())
      .addColumn('last_message_at', 'bigint')
      .addColumn('emailed_at', 'bigint')
      .addPrimaryKeyConstraint('chat_participants_pk', ['chat_id', 'account_id'])
      .execute();
    // The member's list newest first by keyset (last activity, chat id); also "her chats".
    await sql`CREATE INDEX chat_participants_list ON chat_participants (account_id, last_message_at DESC, chat_id DESC)`.execute(db);
    await db.schema
      .createTable('chat_messages')
      .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('chat_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('sequence', 'integer', (c) => c.notNull())
      .addColumn('from_account_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('meta', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('edited_at', 'bigint')
      .addColumn('deleted_at', 'bigint')
      .addColumn('client_id', 'varchar(64)')
      .execute();
    // History pages by sequence (the same cost at page 1 and page 1,000) and unread counts.
    await db.schema.createIndex('chat_messages_sequence').on('chat_messages').columns(['chat_id', 'sequence']).unique().execute();
    // Catch-up: a member's chats, each read from the id she saw (her few chats, never the whole table).
    await db.schema.createIndex('chat_messages_catch_up').on('chat_messages').columns(['chat_id', 'id']).execute();
    // A retried send (same clientId) finds the message it stored.
    await db.schema.createIndex('chat_messages_client').on('chat_messages').columns(['chat_id', 'from_account_id', 'client_id']).unique().execute();
    await db.schema
      .createTable('chat_blocks')
      .addColumn('blocker', 'varchar(200)', (c) => c.notNull())
      .addColumn('blocked', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('chat_blocks_pk', ['blocker', 'blocked'])
      .execute();
    await db.schema.createIndex('chat_blocks_blocked').on('chat_blocks').columns(['blocked', 'blocker']).execute();
    await db.schema
      .createTable('chat_reports')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('message_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('chat_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('reporter', 'varchar(200)', (c) => c.notNull())
      .addColumn('reason', 'varchar(600)', (c) => c.notNull())
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    // One open report per reporter and message; the dashboard counts open ones.
    await sql`CREATE UNIQUE INDEX chat_reports_open ON chat_reports (reporter, message_id) WHERE state = 'open'`.execute(db);
    await sql`CREATE INDEX chat_reports_state ON chat_reports (state)`.execute(db);
  },
});

export const chatMigrations = (engine: Engine): Record<string, Migration> => ({
  '20261130T0900_chat_tables': chatsMigration(engine),
});
