/**
 * The job queue's statements, the same on SQLite and PostgreSQL but for one clause: a claim on
 * PostgreSQL locks the rows it picks with `FOR UPDATE SKIP LOCKED`, so runners of several processes
 * never pick the same job and never wait on each other; SQLite has one writer at a time, so the
 * claiming UPDATE is atomic as it stands. A claim is the pair (lease_owner, attempts): every later
 * write of the runner (renew, progress, complete, fail) names it, so a runner whose lease expired
 * and was taken over changes nothing.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AdminJob } from '../../schemas/model/api/jobs';
import type { JsonValue } from '../../schemas/model/common';
import type { DB } from '../storage/database';
import { DocumentTx } from '../storage/documents';
import { backoffDelay, type JobState, type ResolvedJob } from './definition';
import { jobsDb, type JobsTable } from './jobs-table';

/** Where an enqueue writes: the app's database, a kysely transaction, or a document-store transaction. */
export type JobWriter = Kysely<DB> | Transaction<DB> | DocumentTx;

export interface EnqueueOptions {
  /** At most one job with this key is queued, running or waiting for a retry: a second enqueue returns the first. */
  key?: string;
  /** Epoch ms; now when absent. */
  runAt?: number;
  /** Enqueue inside this transaction: the job commits with the write that caused it, or not at all. */
  tx?: Transaction<DB> | DocumentTx;
}

export interface Enqueued {
  id: number;
  /** False when a job with the same key was already pending (`id` is that job's). */
  added: boolean;
}

/** A job as a runner claimed it. */
export interface ClaimedJob {
  id: number;
  name: string;
  payload: string;
  attempts: number;
  maxAttempts: number;
  owner: string;
}

/** A job as the admin list shows it. */
export type JobRecord = AdminJob;

export const MAX_PAYLOAD_CHARS = 65_536;
const MAX_RESULT_CHARS = 65_536;
const MAX_ERROR_CHARS = 2000;
const MAX_KEY_CHARS = 200;
/** Finished jobs are kept this long for the admin list, then pruned. */
export const KEEP_COMPLETE_MS = 86_400_000;
export const KEEP_DEAD_MS = 30 * 86_400_000;
const PRUNE_BATCH = 1000;
/** What a job whose runner died mid-attempt (a SIGKILL, a crash) reads as its last error. */
export const LEASE_EXPIRED = 'its runner stopped during an attempt (the lease expired)';

const num = (value: number | string) => Number(value);
const numOrNull = (value: number | string | null) => (value === null ? null : Number(value));

export class JobQueue {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly engine: 'sqlite' | 'postgres',
    readonly jobs: ReadonlyMap<string, ResolvedJob>,
    /** PostgreSQL: the channel runners LISTEN on; an enqueue NOTIFYs it as it commits. */
    private readonly channel: string | undefined,
    /** Tells this process's runner at once (the other processes hear the NOTIFY). */
    private readonly onEnqueue: () => void,
  ) {}

  private get table() {
    return jobsDb(this.db);
  }

  async enqueue(name: string, payload: unknown, options: EnqueueOptions = {}): Promise<Enqueued> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named "${name}" is declared (a domain's manifest declares its jobs)`);
    const text = JSON.stringify(payload ?? null);
    if (text.length > MAX_PAYLOAD_CHARS) throw new Error(`job ${name}: the payload is over ${MAX_PAYLOAD_CHARS} characters of JSON`);
    if (options.key !== undefined && (!options.key || options.key.length > MAX_KEY_CHARS))
      throw new Error(`job ${name}: a key is 1 to ${MAX_KEY_CHARS} characters`);
    const writer = options.tx instanceof DocumentTx ? options.tx.raw : (options.tx ?? this.db);
    const now = Date.now();
    const runAt = options.runAt ?? now;
    const key = options.key ?? null;
    const row = await jobsDb(writer)
      .insertInto('jobs')
      .values({
        name,
        payload: text,
        unique_key: key,
        pending_key: key,
        state: 'queued',
        attempts: 0,
        max_attempts: job.maxAttempts,
        run_at: runAt,
        claimable_at: runAt,
        created_at: now,
        updated_at: now,
      } as never)
      .onConflict((oc) => oc.column('pending_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) {
      const pending = await jobsDb(writer).selectFrom('jobs').select('id').where('pending_key', '=', key).executeTakeFirst();
      // Finished between the insert and this read: the key is free again, so try once more.
      if (!pending) return this.enqueue(name, payload, options);
      return { id: num(pending.id), added: false };
    }
    if (runAt <= now) await this.announce(writer);
    return { id: num(row.id), added: true };
  }

  /** Wakes runners: PostgreSQL delivers the NOTIFY when the enqueuing transaction commits. */
  private async announce(writer: Kysely<DB> | Transaction<DB>): Promise<void> {
    if (this.channel) await sql`select pg_notify(${this.channel}, '')`.execute(writer);
    this.onEnqueue();
  }

  /** Claims up to `limit` due jobs of the names this process knows (and running ones whose lease expired). */
  async claim(owner: string, limit: number, now = Date.now()): Promise<ClaimedJob[]> {
    const names = [...this.jobs.keys()];
    if (!names.length || limit < 1) return [];
    // Literals: every value is a validated name or a whole number, and PostgreSQL would otherwise
    // guess a parameter added to a bigint to be a 4-byte integer.
    const leaseUntil = sql<number>`case ${sql.ref('name')} ${sql.join(
      [...this.jobs.values()].map((job) => sql`when ${sql.lit(job.name)} then ${sql.lit(now + job.leaseMs)}`),
      sql` `,
    )} end`;
    const due = this.table
      .selectFrom('jobs')
      .select('id')
      .where('claimable_at', '<=', now)
      .where('name', 'in', names)
      .orderBy('claimable_at')
      .orderBy('id')
      .limit(limit)
      .$if(this.engine === 'postgres', (q) => q.forUpdate().skipLocked());
    const rows = await this.table
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        attempts: eb('attempts', '+', 1),
        lease_owner: owner,
        lease_expires_at: leaseUntil,
        claimable_at: leaseUntil,
        last_error: sql<string | null>`case when ${sql.ref('state')} = 'running' then ${LEASE_EXPIRED} else ${sql.ref('last_error')} end`,
        updated_at: now,
      }))
      .where('id', 'in', due)
      .returning(['id', 'name', 'payload', 'attempts', 'max_attempts'])
      .execute();
    return rows
      .map((r) => ({ id: num(r.id), name: r.name, payload: r.payload, attempts: Number(r.attempts), maxAttempts: Number(r.max_attempts), owner }))
      .sort((a, b) => a.id - b.id);
  }

  private held(job: ClaimedJob, db: Kysely<DB> = this.db) {
    return jobsDb(db)
      .updateTable('jobs')
      .where('id', '=', job.id)
      .where('lease_owner', '=', job.owner)
      .where('attempts', '=', job.attempts)
      .where('state', '=', 'running');
  }

  /** Extends the claim; false when it was lost (taken over after it expired). */
  async renew(job: ClaimedJob, leaseMs: number): Promise<boolean> {
    const until = Date.now() + leaseMs;
    const result = await this.held(job).set({ lease_expires_at: until, claimable_at: until }).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async progress(job: ClaimedJob, value: JsonValue): Promise<void> {
    await this.held(job)
      .set({ result: capped(value), updated_at: Date.now() })
      .execute();
  }

  /** Completes jobs in one transaction: one commit (one disk flush) for every job that finished since the last. */
  async complete(done: readonly { job: ClaimedJob; result: unknown }[]): Promise<void> {
    const now = Date.now();
    const write = async (db: Kysely<DB>) => {
      for (const { job, result } of done)
        await this.held(job, db)
          .set({ state: 'complete', ...(result === undefined ? {} : { result: capped(result) }), ...finished(now) })
          .execute();
    };
    if (done.length === 1) await write(this.db);
    else await this.db.transaction().execute(write);
  }

  /** Records a failed attempt: a retry after the backoff, or dead when none is left. */
  async fail(job: ClaimedJob, error: unknown, definition: Pick<ResolvedJob, 'backoffMs'> | undefined): Promise<'failed' | 'dead'> {
    const message = errorText(error);
    const now = Date.now();
    if (!definition || job.attempts >= job.maxAttempts) {
      await this.held(job)
        .set({ state: 'dead', attempts: Math.min(job.attempts, job.maxAttempts), last_error: message, ...finished(now) })
        .execute();
      return 'dead';
    }
    const runAt = now + backoffDelay(definition, job.attempts);
    await this.held(job)
      .set({ state: 'failed', last_error: message, run_at: runAt, claimable_at: runAt, lease_owner: null, lease_expires_at: null, updated_at: now })
      .execute();
    return 'failed';
  }

  /**
   * Hands back jobs still running when their process stops: due at once, the interrupted attempt
   * not counted (it did not fail).
   */
  async release(jobs: readonly ClaimedJob[]): Promise<void> {
    const now = Date.now();
    for (const job of jobs)
      await this.held(job)
        .set({
          state: job.attempts > 1 ? 'failed' : 'queued',
          attempts: job.attempts - 1,
          run_at: now,
          claimable_at: now,
          lease_owner: null,
          lease_expires_at: null,
          updated_at: now,
        })
        .execute();
  }

  /** Adds the schedule rows the scheduled jobs lack (due at once), and brings one due later than a shorter `every` forward. */
  async ensureSchedules(now = Date.now()): Promise<void> {
    for (const job of this.jobs.values()) {
      if (!job.every) continue;
      await this.table
        .insertInto('job_schedules')
        .values({ name: job.name, next_run_at: now, updated_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      await this.table
        .updateTable('job_schedules')
        .set({ next_run_at: now + job.every, updated_at: now })
        .where('name', '=', job.name)
        .where('next_run_at', '>', now + job.every)
        .execute();
    }
  }

  /**
   * Enqueues each scheduled job that is due, once per cluster: the runners of every process race
   * to move its `next_run_at` from the value they read, and only the one whose update matched
   * enqueues (in the same transaction). Answers when the next one is due.
   */
  async runDueSchedules(now = Date.now()): Promise<number> {
    const scheduled = [...this.jobs.values()].filter((job) => job.every);
    if (!scheduled.length) return Infinity;
    const rows = await this.table
      .selectFrom('job_schedules')
      .select(['name', 'next_run_at'])
      .where(
        'name',
        'in',
        scheduled.map((job) => job.name),
      )
      .execute();
    let next = Infinity;
    for (const row of rows) {
      const every = this.jobs.get(row.name)!.every!;
      const due = Number(row.next_run_at);
      if (due > now) {
        next = Math.min(next, due);
        continue;
      }
      // From the moment of the move, not of the read: periods stay `every` apart however slow the read was.
      const movedAt = Date.now();
      await this.db.transaction().execute(async (trx) => {
        const moved = await jobsDb(trx)
          .updateTable('job_schedules')
          .set({ next_run_at: movedAt + every, updated_at: movedAt })
          .where('name', '=', row.name)
          .where('next_run_at', '=', row.next_run_at)
          .executeTakeFirst();
        // The previous run still pending (a slow sweep) keeps its key: no second one queues behind it.
        if (Number(moved.numUpdatedRows) === 1) await this.enqueue(row.name, {}, { key: `schedule:${row.name}`, tx: trx });
      });
      next = Math.min(next, movedAt + every);
    }
    return next;
  }

  /** Deletes complete jobs older than a day and dead ones older than 30 days, in batches; answers how many. */
  async prune(now = Date.now()): Promise<number> {
    let deleted = 0;
    for (const [state, keep] of [
      ['complete', KEEP_COMPLETE_MS],
      ['dead', KEEP_DEAD_MS],
    ] as const) {
      for (;;) {
        const old = this.table
          .selectFrom('jobs')
          .select('id')
          .where('state', '=', state)
          .where('finished_at', '<', now - keep)
          .orderBy('id')
          .limit(PRUNE_BATCH);
        const result = await this.table.deleteFrom('jobs').where('id', 'in', old).executeTakeFirst();
        deleted += Number(result.numDeletedRows);
        if (Number(result.numDeletedRows) < PRUNE_BATCH) break;
      }
    }
    return deleted;
  }

  /** Newest first; `before` is the id the previous page ended at. */
  async list(options: { state?: JobState; limit: number; before?: number }): Promise<{ items: JobRecord[]; next?: string }> {
    const rows = await this.table
      .selectFrom('jobs')
      .select(RECORD_COLUMNS)
      .$if(options.state !== undefined, (q) => q.where('state', '=', options.state!))
      .$if(options.before !== undefined, (q) => q.where('id', '<', options.before!))
      .orderBy('id', 'desc')
      .limit(options.limit + 1)
      .execute();
    const items = rows.slice(0, options.limit).map(toRecord);
    return rows.length > options.limit ? { items, next: String(items[items.length - 1].id) } : { items };
  }

  /** Jobs not complete, by state. */
  async counts(): Promise<Record<'queued' | 'running' | 'failed' | 'dead', number>> {
    const counts = { queued: 0, running: 0, failed: 0, dead: 0 };
    const rows = await this.table
      .selectFrom('jobs')
      .select((eb) => ['state', eb.fn.countAll<number | string>().as('n')])
      .where('state', 'in', ['queued', 'running', 'failed', 'dead'])
      .groupBy('state')
      .execute();
    for (const row of rows) if (row.state in counts) counts[row.state as keyof typeof counts] = Number(row.n);
    return counts;
  }

  async get(id: number): Promise<JobRecord | undefined> {
    const row = await this.table.selectFrom('jobs').select(RECORD_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * Puts a failed or dead job back in the queue, due now, with its attempts reset. Answers why
   * not otherwise: no such job, a state that cannot be retried, or its key pending on another job.
   */
  async retry(id: number): Promise<JobRecord | 'missing' | 'notRetryable' | 'keyPending'> {
    const now = Date.now();
    let row: RecordRow | undefined;
    try {
      row = await this.table
        .updateTable('jobs')
        .set((eb) => ({
          state: 'queued',
          attempts: 0,
          run_at: now,
          claimable_at: now,
          pending_key: eb.ref('unique_key'),
          lease_owner: null,
          lease_expires_at: null,
          finished_at: null,
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('state', 'in', ['failed', 'dead'])
        .returning(RECORD_COLUMNS)
        .executeTakeFirst();
    } catch (error) {
      if (isUniqueViolation(error)) return 'keyPending';
      throw error;
    }
    if (!row) return (await this.get(id)) ? 'notRetryable' : 'missing';
    await this.announce(this.db);
    // As it was queued: a runner may have claimed it since.
    return toRecord(row);
  }
}

/** The columns a finished job gets: no lease, not claimable, its key free again. */
function finished(now: number) {
  return { lease_owner: null, lease_expires_at: null, claimable_at: null, pending_key: null, finished_at: now, updated_at: now };
}

function capped(value: unknown): string {
  const text = JSON.stringify(value ?? null);
  return text.length > MAX_RESULT_CHARS ? JSON.stringify(`(a result of ${text.length} characters of JSON, not kept)`) : text;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

const RECORD_COLUMNS = ['id', 'name', 'state', 'attempts', 'max_attempts', 'run_at', 'last_error', 'created_at', 'updated_at', 'finished_at'] as const;
type RecordRow = Pick<JobsTable, (typeof RECORD_COLUMNS)[number]>;

function toRecord(row: RecordRow): JobRecord {
  return {
    id: num(row.id),
    name: row.name,
    state: row.state,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    runAt: num(row.run_at),
    lastError: row.last_error,
    createdAt: num(row.created_at),
    updatedAt: num(row.updated_at),
    finishedAt: numOrNull(row.finished_at),
  };
}
