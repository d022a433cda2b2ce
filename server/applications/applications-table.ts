/**
 * The applications domain's tables (community §3 Application and Membership request): listed,
 * counted and paged, so rows, never documents. `applications` (one form per row, its fields as
 * JSON: free-form, read whole), `membership_requests` (one per application, account and entity;
 * its state mirrors the list membership it holds) and `membership_request_events` (each move of a
 * request: the history the admin reads). Times are epoch ms; flags 0 or 1 (SQLite has no boolean).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DB } from '../storage/database';

export interface ApplicationsTable {
  id: string;
  label: string;
  /** open or closed; any other value reads as closed (fail closed). */
  state: string;
  list_id: string;
  /** JSON Field[] (schemas/model/structure.ts), in form order. */
  fields: string;
  email_template_id: string | null;
  landing_page: string | null;
  /** Set when deleted: the row stays so its archived requests keep their label. */
  deleted_at: number | string | null;
  created_at: number | string;
  updated_at: number | string;
}

export interface MembershipRequestsTable {
  id: string;
  application_id: string;
  account_id: string;
  /** '' when the request names no entity (so the unique key holds on both databases). */
  entity_id: string;
  /** A membership state (engine/core MEMBERSHIP_STATUSES); any other value reads as none. */
  state: string;
  list_membership_id: string | null;
  /** JSON answers by field id. */
  answers: string;
  /** The last admin message (a return says what to change). */
  last_message: string | null;
  archived: number;
  created_at: number | string;
  updated_at: number | string;
}

export interface MembershipRequestEventsTable {
  id: string;
  request_id: string;
  /** null: the request's first move (no membership before). */
  from_state: string | null;
  to_state: string;
  by_account: string;
  message: string | null;
  at: number | string;
}

export type ApplicationsTables = {
  applications: ApplicationsTable;
  membership_requests: MembershipRequestsTable;
  membership_request_events: MembershipRequestEventsTable;
};

export const applicationsDb = (db: Kysely<DB>) => db.withTables<ApplicationsTables>();

const applicationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('applications')
      .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('label', 'varchar(120)', (c) => c.notNull())
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('list_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('fields', 'text', (c) => c.notNull())
      .addColumn('email_template_id', 'varchar(200)')
      .addColumn('landing_page', 'varchar(500)')
      .addColumn('deleted_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // A list's applications (a list an application uses cannot be deleted).
    await db.schema.createIndex('applications_list').on('applications').column('list_id').execute();
  },
};

const requestsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('membership_requests')
      .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('application_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('account_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('entity_id', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'varchar(40)', (c) => c.notNull())
      .addColumn('list_membership_id', 'varchar(200)')
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('last_message', 'text')
      .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // One request per application, account and entity: two submissions at once cannot make two.
    await db.schema.createIndex('membership_requests_one').on('membership_requests').columns(['application_id', 'account_id', 'entity_id']).unique().execute();
    // The admin queue of one application by states, newest first by keyset.
    await sql`CREATE INDEX membership_requests_queue ON membership_requests (application_id, state, created_at DESC, id DESC)`.execute(db);
    // The open (or archived) requests of one application, and of every application, newest first.
    await sql`CREATE INDEX membership_requests_by_application ON membership_requests (application_id, archived, created_at DESC, id DESC)`.execute(db);
    await sql`CREATE INDEX membership_requests_open ON membership_requests (archived, created_at DESC, id DESC)`.execute(db);
    // A member's own requests.
    await db.schema.createIndex('membership_requests_account').on('membership_requests').columns(['account_id', 'updated_at']).execute();

    await db.schema
      .createTable('membership_request_events')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('request_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('from_state', 'varchar(40)')
      .addColumn('to_state', 'varchar(40)', (c) => c.notNull())
      .addColumn('by_account', 'varchar(200)', (c) => c.notNull())
      .addColumn('message', 'text')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('membership_request_events_request').on('membership_request_events').columns(['request_id', 'at']).execute();
  },
};

export const applicationsMigrations = () => ({
  '20261129T1510_applications_applications': applicationsMigration,
  '20261129T1511_applications_requests': requestsMigration,
});
