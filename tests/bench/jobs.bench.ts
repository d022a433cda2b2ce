import { sql } from 'kysely';
import { jobsDb } from '../../server/jobs/jobs-table';
import { probeDb } from '../fixtures/jobs-probe';
import type { Backend } from '../helpers/api-server';
import { JobCluster } from '../helpers/job-workers';
import { defineBenches, quick, round, type BenchResult } from './harness';

// jobs.queue: 10,000 jobs (2,000 under --quick) through two worker processes on one PostgreSQL
// schema and one on SQLite (the real server with the probe domain, tests/fixtures/jobs-probe,
// default JOBS_POLL_MS and JOBS_CONCURRENCY). The jobs are enqueued due in an hour, then made due
// at once by one UPDATE, so the figure is the queue's, not the enqueue's. Each job (probe.count)
// records its run in a row of its own: `ranTwice` counts jobs with more than one run, `lost` jobs
// with none; jobsPerSec is the jobs over the time from the first run's start to the last one's.
const JOBS = quick ? 2000 : 10_000;
const TIMEOUT_MS = 300_000;

async function throughQueue(backend: Backend, workerCount: number): Promise<BenchResult> {
  const cluster = await JobCluster.create(backend);
  try {
    // The first worker migrates; the others start on the migrated database.
    const first = await cluster.start();
    await Promise.all(Array.from({ length: workerCount - 1 }, () => cluster.start()));
    await cluster.enqueue(first, { name: 'probe.count', count: JOBS, runAt: Date.now() + 3_600_000 });
    const db = await cluster.db();
    const jobs = jobsDb(db);
    const now = Date.now();
    await jobs.updateTable('jobs').set({ run_at: now, claimable_at: now }).where('name', '=', 'probe.count').where('state', '=', 'queued').execute();
    const deadline = Date.now() + TIMEOUT_MS;
    for (;;) {
      const { n } = await jobs
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('name', '=', 'probe.count')
        .where('state', '=', 'complete')
        .executeTakeFirstOrThrow();
      if (Number(n) >= JOBS || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const runs = probeDb(db).selectFrom('probe_runs').where('name', '=', 'probe.count');
    const figures = await runs
      .select((eb) => [
        sql<number | string>`count(distinct ${sql.ref('job_id')})`.as('jobs'),
        eb.fn.min('started_at').as('first'),
        eb.fn.max('finished_at').as('last'),
      ])
      .executeTakeFirstOrThrow();
    const twice = await probeDb(db)
      .selectFrom((eb) => runs.select('job_id').groupBy('job_id').having(eb.fn.countAll(), '>', 1).as('twice'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const seconds = (Number(figures.last) - Number(figures.first)) / 1000;
    return {
      bench: 'jobs.queue',
      db: backend,
      jobs: JOBS,
      workers: workerCount,
      ranTwice: Number(twice.n),
      lost: JOBS - Number(figures.jobs),
      jobsPerSec: Math.round(JOBS / Math.max(seconds, 0.001)),
      seconds: round(seconds, 2),
      clock: 'wall',
      ...(quick ? { quick: true } : {}),
    };
  } finally {
    await cluster.close();
  }
}

export default defineBenches([
  {
    name: 'jobs.queue',
    async run() {
      return [await throughQueue('postgres', 2), await throughQueue('sqlite', 1)];
    },
  },
]);
