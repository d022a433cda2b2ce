/**
 * Background jobs across server processes (tests/fixtures/jobs-probe/worker.ts, the real server
 * with the probe domain, started as child processes on one database): a job whose worker is
 * killed with SIGKILL mid-job is taken over by another process once its lease expires and
 * completed, on SQLite and PostgreSQL; a scheduled job runs once per cluster, not once per
 * process, with two processes on one PostgreSQL schema.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LEASE_EXPIRED } from '../../server/jobs/queue';
import { jobsDb } from '../../server/jobs/jobs-table';
import type { OpenedDatabase } from '../../server/storage/database';
import { PROBE_LEASE_MS, probeDb, probeRuns } from '../fixtures/jobs-probe';
import { BACKENDS, createSchemaName, dropSchema, requirePostgres, type Backend } from '../helpers/api-server';
import { openProbeDatabase, startJobWorker, type JobWorker, type SharedDatabase } from '../helpers/job-workers';

const POLL_MS = '100';

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms; last seen ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function sharedDatabase(backend: Backend): Promise<SharedDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-jobs-'));
  if (backend === 'sqlite') return { backend, dataDir };
  await requirePostgres();
  return { backend, dataDir, schema: await createSchemaName() };
}

describe.each(BACKENDS)('a job whose worker is killed, on %s', (backend) => {
  const workers: JobWorker[] = [];
  let shared: SharedDatabase;
  let db: OpenedDatabase | undefined;

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop('SIGKILL')));
    await db?.close();
    if (shared?.schema) await dropSchema(shared.schema);
    if (shared) fs.rmSync(shared.dataDir, { recursive: true, force: true });
  });

  it('is claimed again after its lease and completed by another process', async () => {
    shared = await sharedDatabase(backend);
    const first = await startJobWorker(shared, { JOBS_POLL_MS: POLL_MS });
    workers.push(first);
    const res = await fetch(`${first.url}/api/v1/probe/enqueue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'probe.record', payload: { sleepMs: 600_000, firstRunOnly: true } }),
    });
    const [id] = ((await res.json()) as { ids: number[] }).ids;
    db = await openProbeDatabase(shared);
    await until(
      'the first worker to start the job',
      () => probeRuns(db!.db, id),
      (runs) => runs.length === 1,
    );
    // Past a lease renewal, so the kill lands on a job whose lease is being kept alive.
    await new Promise((r) => setTimeout(r, PROBE_LEASE_MS / 2));
    await first.stop('SIGKILL');
    const killedAt = Date.now();
    const second = await startJobWorker(shared, { JOBS_POLL_MS: POLL_MS });
    workers.push(second);
    const job = await until(
      'the second worker to complete the job',
      () => jobsDb(db!.db).selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      (row) => row.state === 'complete',
    );
    expect(job).toMatchObject({ attempts: 2, last_error: LEASE_EXPIRED, lease_owner: null });
    const runs = await probeRuns(db.db, id);
    expect(runs.map((r) => ({ attempt: r.attempt, pid: r.pid, finished: r.finishedAt !== null }))).toEqual([
      { attempt: 1, pid: first.pid, finished: false },
      { attempt: 2, pid: second.pid, finished: true },
    ]);
    // Not before the lease the killed worker last renewed had run out.
    expect(runs[1].startedAt).toBeGreaterThanOrEqual(killedAt - PROBE_LEASE_MS);
    expect(Number(job.finished_at)).toBeGreaterThanOrEqual(runs[1].startedAt);
  });
});

describe('a scheduled job with two processes on one PostgreSQL schema', () => {
  const TICK_MS = 250;
  const workers: JobWorker[] = [];
  let shared: SharedDatabase;
  let db: OpenedDatabase | undefined;

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop('SIGKILL')));
    await db?.close();
    if (shared?.schema) await dropSchema(shared.schema);
    if (shared) fs.rmSync(shared.dataDir, { recursive: true, force: true });
  });

  it('runs once per cluster each time it is due', async () => {
    shared = await sharedDatabase('postgres');
    const env = { JOBS_POLL_MS: POLL_MS, PROBE_TICK_MS: String(TICK_MS) };
    // The first migrates the schema; the second starts on it while the first already ticks.
    workers.push(await startJobWorker(shared, env));
    workers.push(await startJobWorker(shared, env));
    db = await openProbeDatabase(shared);
    const bothUpAt = Date.now();
    await new Promise((r) => setTimeout(r, 12 * TICK_MS));
    await Promise.all(workers.map((w) => w.stop()));
    const ticks = await jobsDb(db.db).selectFrom('jobs').selectAll().where('name', '=', 'probe.tick').orderBy('id').execute();
    const created = ticks.map((t) => Number(t.created_at));
    const during = created.filter((at) => at >= bothUpAt);
    // Both processes looked at the schedule every poll: one enqueue per period between them.
    expect(during.length).toBeGreaterThanOrEqual(6);
    expect(during.length).toBeLessThanOrEqual(13);
    for (let i = 1; i < created.length; i++) expect(created[i] - created[i - 1]).toBeGreaterThanOrEqual(TICK_MS / 2);
    // Every tick ran exactly once.
    const runs = await probeDb(db.db).selectFrom('probe_runs').select(['job_id']).where('name', '=', 'probe.tick').execute();
    const perJob = new Map<number, number>();
    for (const r of runs) perJob.set(Number(r.job_id), (perJob.get(Number(r.job_id)) ?? 0) + 1);
    const completed = ticks.filter((t) => t.state === 'complete').map((t) => Number(t.id));
    expect(completed.length).toBeGreaterThanOrEqual(during.length - 1);
    expect(completed.map((id) => perJob.get(id))).toEqual(completed.map(() => 1));
    expect([...perJob.values()].every((n) => n === 1)).toBe(true);
  });
});
