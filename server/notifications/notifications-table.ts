/**
 * The notifications domain's tables (community §3 Notification; hot per-member state, so rows, never
 * documents): `notifications` (one row per recipient), `notification_preferences` (a switch per
 * account, event and channel; absent means the event's default), `followed_items` (what a member
 * follows or muted) and `broadcasts` (one row per fan-out: a broadcast to lists, or an event sent to
 * many; its history and where the fan-out has got to).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export interface NotificationsTable {
  id: string;
  recipient: string;
  event: string;
  type_id: number;
  /** chat, system or admin. */
  type: string;
  target_id: string | null;
  /** The chat a chat notification belongs to (data.chatId or targetId): what the chat's hidden timestamp filters. */
  chat_id: string | null;
  /** For admin notifications naming a list or an entity: `<userListId>|<entityId>`, what the replacement rule matches. */
  replace_key: string | null;
  /** NotificationData as JSON (plus messageKey and params when the caller gave them). */
  data: string;
  from_account_id: string | null;
  title: string;
  message: string;
  /** 0 or 1 (SQLite has no boolean). */
  seen: number;
  read: number;
  /** Epoch ms. */
  date: number;
  /** The notify() call or fan-out that stored it: unique with the recipient, so a retried batch never stores twice. */
  batch_id: string;
}

export interface NotificationPreferencesTable {
  account_id: string;
  event: string;
  /** inApp or email. */
  channel: string;
  active: number;
  updated_at: number;
}

export interface FollowedItemsTable {
  account_id: string;
  /** post, list, entity or chat. */
  kind: string;
  target_id: string;
  muted: number;
  since: number;
}

export interface BroadcastsTable {
  id: string;
  /** 'broadcast' (an admin's, listed in the history with its lists) or 'notify' (a notify() to many). */
  kind: string;
  event: string;
  title: string;
  message: string;
  /** What each notification carries (notify data: typeId, targetId, data, fromAccountId, messageKey, params, email params). */
  payload: string;
  /** JSON: { lists } | { accounts } | { followersOf }. */
  audience: string;
  /** JSON Record<channel, boolean>: what the sender asked for (each member's preferences still apply). */
  channels: string;
  /** Recipients resolved when it was sent. */
  recipients: number;
  emails_queued: number;
  /** sending, sent or failed. */
  state: string;
  /** The last recipient account id stored: the fan-out resumes after it. */
  cursor: string | null;
  by_account: string | null;
  /** Epoch ms: the date of every notification it stores. */
  date: number;
  finished_at: number | null;
}

export type NotificationsTables = {
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  followed_items: FollowedItemsTable;
  broadcasts: BroadcastsTable;
};

const notificationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notifications')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('recipient', 'varchar(200)', (c) => c.notNull())
      .addColumn('event', 'varchar(60)', (c) => c.notNull())
      .addColumn('type_id', 'integer', (c) => c.notNull())
      .addColumn('type', 'varchar(10)', (c) => c.notNull())
      .addColumn('target_id', 'varchar(200)')
      .addColumn('chat_id', 'varchar(200)')
      .addColumn('replace_key', 'varchar(410)')
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('from_account_id', 'varchar(200)')
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('date', 'bigint', (c) => c.notNull())
      .addColumn('batch_id', 'varchar(120)', (c) => c.notNull())
      .execute();
    // Pages newest first by keyset (recipient, type, date, id): the same cost at page 1 and 1,000.
    await sql`CREATE INDEX notifications_page ON notifications (recipient, type, date DESC, id DESC)`.execute(db);
    // The badge: only unseen rows are in it, so a member's count reads what is unseen, never the seen history.
    await sql`CREATE INDEX notifications_unseen ON notifications (recipient, type) WHERE seen = 0`.execute(db);
    // The replacement rule reads a member's unread admin notifications of one list and entity.
    await sql`CREATE INDEX notifications_replace ON notifications (recipient, replace_key) WHERE read = 0 AND replace_key IS NOT NULL`.execute(db);
    // A retried fan-out batch stores nobody twice; also the history's per-batch counts.
    await db.schema.createIndex('notifications_batch').on('notifications').columns(['batch_id', 'recipient']).unique().execute();
  },
};

const preferencesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notification_preferences')
      .addColumn('account_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('event', 'varchar(60)', (c) => c.notNull())
      .addColumn('channel', 'varchar(20)', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_preferences_pk', ['account_id', 'event', 'channel'])
      .execute();
  },
};

const followedItemsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('followed_items')
      .addColumn('account_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('target_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('since', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('followed_items_pk', ['account_id', 'kind', 'target_id'])
      .execute();
    // followersOf(kind, id), in account order: what a fan-out walks by cursor.
    await db.schema.createIndex('followed_items_target').on('followed_items').columns(['kind', 'target_id', 'account_id']).execute();
  },
};

const broadcastsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('broadcasts')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('event', 'varchar(60)', (c) => c.notNull())
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('audience', 'text', (c) => c.notNull())
      .addColumn('channels', 'text', (c) => c.notNull())
      .addColumn('recipients', 'integer', (c) => c.notNull())
      .addColumn('emails_queued', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('cursor', 'varchar(200)')
      .addColumn('by_account', 'varchar(200)')
      .addColumn('date', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.createIndex('broadcasts_history').on('broadcasts').columns(['kind', 'date', 'id']).execute();
  },
};

export function notificationsMigrations(): Record<string, Migration> {
  return {
    '20261129T1200_notifications_notifications': notificationsMigration,
    '20261129T1201_notifications_preferences': preferencesMigration,
    '20261129T1202_notifications_followed_items': followedItemsMigration,
    '20261129T1203_notifications_broadcasts': broadcastsMigration,
  };
}
