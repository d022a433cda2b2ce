/**
 * The abuse domain's tables (community §3 Abuse report): `abuse_reports`, one row per report, and
 * `abuse_history`, what happened to each (reported, status moves, moderators' notes, hide, delete,
 * re-enable). `open_key` holds `<reporter>|<type>|<id>` while a report waits (open or inReview) and
 * null once closed: its unique index is the one-open-report-per-reporter-and-item rule on both
 * engines (NULLs never collide). A later migration copies the chat domain's `chat_reports` rows in.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../domain';

export interface AbuseReportsTable {
  id: string;
  reported_type: string;
  reported_id: string;
  category: string;
  /** JSON object: `{ reason? }`. */
  data: string;
  status: string;
  reporter_id: string;
  author_id: string | null;
  /** `<reporter>|<type>|<id>` while open or in review, else null (unique). */
  open_key: string | null;
  created: number;
  updated: number;
}

export interface AbuseHistoryTable {
  id: string;
  report_id: string;
  action: string;
  by_account: string;
  date: number;
  message: string | null;
  status: string | null;
}

export type AbuseTables = {
  abuse_reports: AbuseReportsTable;
  abuse_history: AbuseHistoryTable;
};

export const openKeyOf = (reporter: string, type: string, id: string) => `${reporter}|${type}|${id}`;

const tablesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('abuse_reports')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('reported_type', 'varchar(20)', (c) => c.notNull())
      .addColumn('reported_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('category', 'varchar(20)', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('reporter_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('author_id', 'varchar(200)')
      .addColumn('open_key', 'varchar(430)')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    // The queue: by status, newest first.
    await sql`CREATE INDEX abuse_reports_queue ON abuse_reports (status, created DESC, id DESC)`.execute(db);
    // Every report on one item (the queue's rows, the detail's bulk reports, hide and delete).
    await db.schema.createIndex('abuse_reports_item').on('abuse_reports').columns(['reported_type', 'reported_id', 'created']).execute();
    // One waiting report per reporter and item; a reporter's reports (the hourly count).
    await db.schema.createIndex('abuse_reports_open').on('abuse_reports').column('open_key').unique().execute();
    await db.schema.createIndex('abuse_reports_reporter').on('abuse_reports').columns(['reporter_id', 'reported_type', 'reported_id']).execute();
    await db.schema
      .createTable('abuse_history')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('report_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('action', 'varchar(20)', (c) => c.notNull())
      .addColumn('by_account', 'varchar(200)', (c) => c.notNull())
      .addColumn('date', 'bigint', (c) => c.notNull())
      .addColumn('message', 'text')
      .addColumn('status', 'varchar(20)')
      .execute();
    await db.schema.createIndex('abuse_history_report').on('abuse_history').columns(['report_id', 'date']).execute();
  },
};

/**
 * Chat message reports (the chat domain's `chat_reports`, issue 31) join the queue: each row becomes
 * an abuse report on the chat message (category `other`, its reason kept, its open state kept),
 * with a `reported` history entry. The chat_reports table stays, unused from now on. Ids are kept,
 * so running it on a database where some were copied changes nothing twice.
 */
const chatReportsMigration = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    const exists =
      engine === 'postgres'
        ? (
            await sql<{
              n: string;
            }>`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'chat_reports'`.execute(db)
          ).rows[0]
        : (await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'chat_reports'`.execute(db)).rows[0];
    if (!Number(exists?.n ?? 0)) return;
    const rows = (
      await sql<{
        id: string;
        message_id: string;
        reporter: string;
        reason: string;
        state: string;
        created_at: string | number;
        from_account_id: string | null;
      }>`SELECT r.id, r.message_id, r.reporter, r.reason, r.state, r.created_at, m.from_account_id
         FROM chat_reports r LEFT JOIN chat_messages m ON CAST(m.id AS varchar(40)) = r.message_id
         ORDER BY r.created_at, r.id`.execute(db)
    ).rows;
    const taken = new Set<string>();
    for (const r of rows) {
      const status = r.state === 'open' ? 'open' : 'resolved';
      let openKey: string | null = status === 'open' ? openKeyOf(r.reporter, 'chatMessage', r.message_id) : null;
      if (openKey && taken.has(openKey)) openKey = null;
      if (openKey) taken.add(openKey);
      const created = Number(r.created_at);
      const id = `chat-${r.id}`.slice(0, 64);
      const data = JSON.stringify(r.reason ? { reason: r.reason.slice(0, 500) } : {});
      const inserted =
        await sql`INSERT INTO abuse_reports (id, reported_type, reported_id, category, data, status, reporter_id, author_id, open_key, created, updated)
        VALUES (${id}, 'chatMessage', ${r.message_id}, 'other', ${data}, ${openKey ? status : status === 'open' ? 'resolved' : status}, ${r.reporter}, ${r.from_account_id}, ${openKey}, ${created}, ${created})
        ON CONFLICT DO NOTHING`.execute(db);
      if (Number(inserted.numAffectedRows ?? 0) > 0)
        await sql`INSERT INTO abuse_history (id, report_id, action, by_account, date, message, status)
          VALUES (${`${id}-reported`.slice(0, 64)}, ${id}, 'reported', ${r.reporter}, ${created}, ${r.reason || null}, ${status})
          ON CONFLICT DO NOTHING`.execute(db);
    }
  },
});

export const abuseMigrations = (engine: Engine): Record<string, Migration> => ({
  '20261201T0900_abuse_tables': tablesMigration,
  '20261201T0910_abuse_chat_reports': chatReportsMigration(engine),
});
