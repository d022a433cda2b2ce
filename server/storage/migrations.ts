/**
 * Migrations, run on SQLite and PostgreSQL alike at start (kysely schema builder; the only
 * engine-specific word is how an auto-increment key is spelt): the core's own below and every
 * domain's (server/domain.ts `migrations`), in order of name. Never edit a released one.
 */
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { DB } from './database';
import { jobsMigration } from '../jobs/jobs-table';
import { rateLimitMigration } from '../http/rate-limits';
import { realtimeLogMigration } from '../realtime-log';

type Engine = 'sqlite' | 'postgres';

/** The core's tables: documents, the audit log, the PostgreSQL change log of the caches, the job queue, the realtime rooms' log and the rate-limit counters. */
export function coreMigrations(engine: Engine): Record<string, Migration> {
  return {
    '0001_documents_and_audit': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('documents')
          .addColumn('kind', 'varchar(40)', (c) => c.notNull())
          .addColumn('id', 'varchar(200)', (c) => c.notNull())
          .addColumn('data', 'text', (c) => c.notNull())
          .addColumn('revision', 'integer', (c) => c.notNull())
          .addColumn('schema_version', 'integer')
          .addColumn('expires_at', 'bigint')
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('documents_pk', ['kind', 'id'])
          .execute();
        await db.schema.createIndex('documents_expiry').on('documents').columns(['kind', 'expires_at']).execute();
        await db.schema
          .createTable('audit_log')
          .addColumn('seq', engine === 'postgres' ? 'serial' : 'integer', (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('account_id', 'varchar(200)', (c) => c.notNull())
          .addColumn('log_type', 'varchar(40)', (c) => c.notNull())
          .addColumn('subject', 'varchar(200)', (c) => c.notNull())
          .addColumn('action_time', 'varchar(40)', (c) => c.notNull())
          .addColumn('extra', 'text')
          .addColumn('saved_at', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
    // Moved by every transaction that writes documents: PostgreSQL processes keep documents in
    // memory while it stands still (server/storage/shared-cache.ts). Unused on SQLite.
    '0004_store_generation': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('store_generation')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('value', 'bigint', (c) => c.notNull())
          .execute();
        await db
          .insertInto('store_generation' as never)
          .values({ id: 1, value: 0 } as never)
          .execute();
      },
    },
    // Background jobs and their schedules (server/jobs).
    '20261129T0600_core_jobs': jobsMigration(engine),
    // Realtime event ids per room and each room's recent events (server/realtime-log.ts).
    '20261129T0830_core_realtime_rooms': realtimeLogMigration(),
    // Rate-limit counters shared by the processes of a site (server/http/rate-limits.ts).
    '20261129T0900_core_rate_limits': rateLimitMigration,
    // PostgreSQL: the keys each writing transaction changed, which every process's cache checks
    // read (server/storage/shared-cache.ts); replaces store_generation, whose one row every writer
    // queued on. Unused on SQLite (one process, its cache written through).
    '20261129T0930_core_store_changes': {
      async up(db: Kysely<unknown>) {
        await db.schema.dropTable('store_generation').execute();
        if (engine !== 'postgres') return;
        await sql`create table store_changes (xid xid8 not null, kind varchar(40) not null, id varchar(200) not null, at bigint not null)`.execute(db);
        await sql`create index store_changes_xid on store_changes (xid)`.execute(db);
        await sql`create index store_changes_at on store_changes (at)`.execute(db);
      },
    },
  };
}

/**
 * Runs every migration not yet run. `schema` (PostgreSQL) names where the migration tables live: without it kysely takes a
 * kysely_migration_lock table in any other schema of the database (another tenant, a parallel
 * test run) for its own, skips creating one and then fails with 'relation does not exist'.
 */
export async function migrate(db: Kysely<DB>, engine: Engine, schema: string | undefined, domainMigrations: Record<string, Migration>): Promise<void> {
  const core = coreMigrations(engine);
  const clash = Object.keys(domainMigrations).find((name) => name in core);
  if (clash) throw new Error(`migration "${clash}" is declared by the core and by a domain`);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...core, ...domainMigrations }) },
    // A domain merged after others ran later-named migrations still gets its own run.
    allowUnorderedMigrations: true,
    ...(engine === 'postgres' ? { migrationTableSchema: schema ?? 'public' } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
