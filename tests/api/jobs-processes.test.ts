/**
 * Background jobs across server processes (tests/fixtures/jobs-probe/worker.ts, the real server
 * with the probe domain, started as child processes on one database): a job whose worker is
 * killed with SIGKILL mid-job is taken over by another process once its lease expires and
 * completed, on SQLite and PostgreSQL; a scheduled job runs once per cluster, not once per
 * process, with two processes on one PostgreSQL schema.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { LEASE_EXPIRED } from '../../server/jobs/queue';
import { jobsDb } from '../../server/jobs/jobs-table';
import { PROBE_LEASE_MS, probeDb, probeRuns } from '../fixtures/jobs-probe';
import { BACKENDS } from '../helpers/api-server';
import { JobCluster } from '../helpers/job-workers';
import { until } from '../helpers/until';

const POLL_MS = '100';

describe.each(BACKENDS)('a job whose worker is killed, on %s', (backend) => {
  let cluster: JobCluster | undefined;
  afterAll(async () => cluster?.close());

  it('is claimed again after its lease and completed by another process', async () => {
    cluster = await JobCluster.create(backend);
    const first = await cluster.start({ JOBS_POLL_MS: POLL_MS });
    const [id] = await cluster.enqueue(first, { name: 'probe.record', payload: { sleepMs: 600_000, firstRunOnly: true } });
    const db = await cluster.db();
    await until(
      'the first worker to start the job',
      () => probeRuns(db, id),
      (runs) => runs.length === 1,
    );
    // Past a lease renewal, so the kill lands on a job whose lease is being kept alive.
    await new Promise((r) => setTimeout(r, PROBE_LEASE_MS / 2));
    await first.stop('SIGKILL');
    const killedAt = Date.now();
    const second = await cluster.start({ JOBS_POLL_MS: POLL_MS });
    const job = await until(
      'the second worker to complete the job',
      () => jobsDb(db).selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      (row) => row.state === 'complete',
    );
    expect(job).toMatchObject({ attempts: 2, last_error: LEASE_EXPIRED, lease_owner: null });
    const runs = await probeRuns(db, id);
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
  let cluster: JobCluster | undefined;
  afterAll(async () => cluster?.close());

  it('runs once per cluster each time it is due', async () => {
    cluster = await JobCluster.create('postgres');
    const env = { JOBS_POLL_MS: POLL_MS, PROBE_TICK_MS: String(TICK_MS) };
    // The first migrates the schema; the second starts on it while the first already ticks.
    await cluster.start(env);
    await cluster.start(env);
    const db = await cluster.db();
    const bothUpAt = Date.now();
    await new Promise((r) => setTimeout(r, 12 * TICK_MS));
    await Promise.all(cluster.workers.map((w) => w.stop()));
    const ticks = await jobsDb(db).selectFrom('jobs').selectAll().where('name', '=', 'probe.tick').orderBy('id').execute();
    const created = ticks.map((t) => Number(t.created_at));
    const during = created.filter((at) => at >= bothUpAt);
    // Both processes looked at the schedule every poll: one enqueue per period between them.
    expect(during.length).toBeGreaterThanOrEqual(6);
    expect(during.length).toBeLessThanOrEqual(13);
    for (let i = 1; i < created.length; i++) expect(created[i] - created[i - 1]).toBeGreaterThanOrEqual(TICK_MS / 2);
    // Every tick ran exactly once.
    const runs = await probeDb(db).selectFrom('probe_runs').select(['job_id']).where('name', '=', 'probe.tick').execute();
    const perJob = new Map<number, number>();
    for (const r of runs) perJob.set(Number(r.job_id), (perJob.get(Number(r.job_id)) ?? 0) + 1);
    const completed = ticks.filter((t) => t.state === 'complete').map((t) => Number(t.id));
    expect(completed.length).toBeGreaterThanOrEqual(during.length - 1);
    expect(completed.map((id) => perJob.get(id))).toEqual(completed.map(() => 1));
    expect([...perJob.values()].every((n) => n === 1)).toBe(true);
  });
});
