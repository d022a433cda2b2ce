/**
 * The queue's tables (core migration `20261129T0600_core_jobs`, server/storage/migrations.ts):
 * `jobs`, one row per job from enqueue to its end, and `job_schedules`, one row per scheduled
 * job whose `next_run_at` the runners of every process race to move (the winner enqueues).
 * Times are epoch ms.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DB } from '../storage/database';
import type { JobState } from './definition';

export interface JobsTable {
  /** bigserial on PostgreSQL (read back as a string: Number() it), integer autoincrement on SQLite. */
  id: number | string;
  name: string;
  /** JSON. */
  payload: string;
  /** The key the job was enqueued with (kept for the record). */
  unique_key: string | null;
  /** `unique_key` while the job is queued, running or failed with a retry due, else null: unique, so a key is pending once. */
  pending_key: string | null;
  state: JobState;
  /** Attempts begun (a claim counts one). */
  attempts: number;
  max_attempts: number;
  /** When it is due: at enqueue, after a failed attempt (the backoff), on an admin's retry. */
  run_at: number | string;
  /** The runner holding it while it runs, and until when unless renewed. */
  lease_owner: string | null;
  lease_expires_at: number | string | null;
  /**
   * When any runner may claim it next: `run_at` while queued or failed, the lease's expiry while
   * running, null once complete or dead. One ordered index over it serves every claim.
   */
  claimable_at: number | string | null;
  last_error: string | null;
  /** JSON: what `run` returned, or the last progress it reported. */
  result: string | null;
  created_at: number | string;
  updated_at: number | string;
  finished_at: number | string | null;
}

export interface JobSchedulesTable {
  /** The job's name. */
  name: string;
  next_run_at: number | string;
  updated_at: number | string;
}

export type JobsDB = DB & { jobs: JobsTable; job_schedules: JobSchedulesTable };

export function jobsDb(db: Kysely<DB>): Kysely<JobsDB> {
  return db.withTables<{ jobs: JobsTable; job_schedules: JobSchedulesTable }>();
}

export function jobsMigration(engine: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('unique_key', 'varchar(200)')
        .addColumn('pending_key', 'varchar(200)')
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull())
        .addColumn('run_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_owner', 'varchar(100)')
        .addColumn('lease_expires_at', 'bigint')
        .addColumn('claimable_at', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('result', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      // Claiming: the due ones in order, finished jobs left out of the index.
      await db.schema.createIndex('jobs_claim').on('jobs').columns(['claimable_at', 'id']).where(sql.ref('claimable_at'), 'is not', null).execute();
      await db.schema.createIndex('jobs_pending_key').unique().on('jobs').column('pending_key').execute();
      // The admin list by state, newest first, its counts, and pruning.
      await db.schema.createIndex('jobs_state').on('jobs').columns(['state', 'id']).execute();
      await db.schema
        .createTable('job_schedules')
        .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('next_run_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
