/**
 * The email domain's tables. `email_templates` (community §3 Email template): one row per
 * (templateId, language), '' the fallback for every language. `email_layouts`: the master
 * templates (MJML around every body) and the legal footers, one of each kind active.
 * `email_outbox`: every email, rendered, from queued to sent or failed; `idem_key` is unique, so one
 * key is one email however often it is asked for. Times are epoch ms.
 */
import type { Kysely, Migration } from 'kysely';
import type { EmailState } from '../../schemas/model/api/email';
import type { Engine } from '../domain';
import type { DB } from '../storage/database';

export interface EmailTemplatesTable {
  template_id: string;
  /** BCP 47, or '' for the fallback. */
  language: string;
  subject: string;
  html: string;
  /** JSON list of parameter names. */
  parameter_list: string;
  /** 1 for the templates the product ships (editable, not deletable). */
  built_in: number;
  updated_at: number | string;
  /** The master template (email_layouts kind master) it is wrapped in; null: the active one. Same on every language version. */
  master_id?: string | null;
  /** The legal footer (email_layouts kind footer) under it; null: the active one. */
  footer_id?: string | null;
}

export type EmailLayoutKind = 'master' | 'footer';

export interface EmailLayoutsTable {
  kind: EmailLayoutKind;
  id: string;
  name: string;
  source: string;
  /** 1 for the one of its kind every email uses. */
  active: number;
  built_in: number;
  updated_at: number | string;
}

export interface EmailOutboxTable {
  /** bigserial on PostgreSQL (read back as a string), integer autoincrement on SQLite. */
  id: number | string;
  /** `k:<sendEmail key>`, or `job:<job id>` when none was given: unique, so a retried job finds its row. */
  idem_key: string;
  to_address: string;
  account_id: string | null;
  template_id: string;
  language: string;
  subject: string;
  html: string;
  text: string;
  unsubscribe_url: string | null;
  from_name: string;
  state: EmailState;
  transport: 'smtp' | 'outbox';
  /** Delivery attempts made (SMTP). */
  attempts: number;
  last_error: string | null;
  /** While one worker sends it over SMTP: nobody else sends it before this time. */
  claimed_until: number | string | null;
  created_at: number | string;
  sent_at: number | string | null;
  updated_at: number | string;
}

export type EmailTables = { email_templates: EmailTemplatesTable; email_layouts: EmailLayoutsTable; email_outbox: EmailOutboxTable };

export function emailDb(db: Kysely<DB>): Kysely<DB & EmailTables> {
  return db.withTables<EmailTables>();
}

export function templatesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('email_templates')
        .addColumn('template_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('language', 'varchar(20)', (c) => c.notNull())
        .addColumn('subject', 'varchar(300)', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('parameter_list', 'text', (c) => c.notNull())
        .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('email_templates_pk', ['template_id', 'language'])
        .execute();
      await db.schema
        .createTable('email_layouts')
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('id', 'varchar(100)', (c) => c.notNull())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('email_layouts_pk', ['kind', 'id'])
        .execute();
    },
  };
}

/** Each template names its master template and legal footer (null: the active one of its kind). */
export function templateLayoutsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('email_templates').addColumn('master_id', 'varchar(100)').execute();
      await db.schema.alterTable('email_templates').addColumn('footer_id', 'varchar(100)').execute();
    },
  };
}

export function outboxMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('email_outbox')
        .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('idem_key', 'varchar(220)', (c) => c.notNull())
        .addColumn('to_address', 'varchar(320)', (c) => c.notNull())
        .addColumn('account_id', 'varchar(200)')
        .addColumn('template_id', 'varchar(100)', (c) => c.notNull())
        .addColumn('language', 'varchar(20)', (c) => c.notNull())
        .addColumn('subject', 'varchar(300)', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('unsubscribe_url', 'varchar(2048)')
        .addColumn('from_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('state', 'varchar(10)', (c) => c.notNull())
        .addColumn('transport', 'varchar(10)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('claimed_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('email_outbox_idem_key').unique().on('email_outbox').column('idem_key').execute();
      // The admin list by state, newest first.
      await db.schema.createIndex('email_outbox_state').on('email_outbox').columns(['state', 'id']).execute();
      await db.schema.createIndex('email_outbox_account').on('email_outbox').columns(['account_id', 'id']).execute();
    },
  };
}
