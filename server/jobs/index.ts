/**
 * Background jobs, a core service (docs/architecture.md, "Background jobs"): the queue in the
 * database (queue.ts), one runner per process (runner.ts), the jobs domains declare in their
 * manifests (definition.ts), and the admin calls of the jobs view (admin-routes.ts). The app opens
 * it after migrating, starts the runner once it listens and stops it first on close; domains
 * enqueue with `enqueue(ctx, name, payload)`.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { ServerConfig } from '../config';
import type { AppContext } from '../context';
import { collectJobs, type Domain } from '../domain';
import { jobsAdminRoutes } from './admin-routes';
import { resolveJob, type JobDefinition, type ResolvedJob } from './definition';
import { JobQueue, type EnqueueOptions, type Enqueued } from './queue';
import { JobRunner } from './runner';

export type { JobDefinition, JobState, RunningJob } from './definition';
export type { EnqueueOptions, Enqueued } from './queue';

/** The core's own job: finished jobs do not pile up. */
const CORE_JOBS: readonly JobDefinition[] = [{ name: 'jobs.prune', every: 3_600_000, run: (ctx) => queueOf(ctx).prune() }];

/** How long a stopping server waits for running jobs before handing them back. */
const STOP_GRACE_MS = 5000;

export interface OpenedJobs {
  /** Adds the missing schedules and starts this process's runner. */
  start(): Promise<void>;
  stop(): Promise<void>;
  routes(api: FastifyInstance): void;
}

const queues = new WeakMap<AppContext, JobQueue>();

function queueOf(ctx: AppContext): JobQueue {
  const queue = queues.get(ctx);
  if (!queue) throw new Error('background jobs are not open in this app');
  return queue;
}

/**
 * Adds a job to the queue; `tx` makes it part of a transaction (a store transaction's `tx` or a
 * kysely one), so it is queued exactly when the write that caused it commits. With a `key`, a job
 * already queued, running or waiting for a retry under that key is answered instead of a new one.
 */
export function enqueue(ctx: AppContext, name: string, payload: unknown, options?: EnqueueOptions): Promise<Enqueued> {
  return queueOf(ctx).enqueue(name, payload, options);
}

/** The NOTIFY channel of one database schema (a channel is database-wide; a name is at most 63 bytes). */
function channelOf(schema: string | undefined): string {
  const name = `tessera_jobs_${schema ?? 'public'}`;
  return name.length <= 63 ? name : `tessera_jobs_${crypto.createHash('sha256').update(schema!).digest('hex').slice(0, 40)}`;
}

/** The core's and the domains' jobs, checked (names, numbers) before the app touches its database. */
export function jobDefinitions(domains: readonly Domain[], config: ServerConfig): ResolvedJob[] {
  return [...collectJobs(domains, CORE_JOBS).values()].map((d) => resolveJob(d, config));
}

/** Opens the queue of an app (enqueue works from here on: seeds, domains' `open`); `start` runs it. */
export function openJobs(ctx: AppContext, definitions: readonly ResolvedJob[], pool?: pg.Pool): OpenedJobs {
  const channel = pool ? channelOf(ctx.config.databaseSchema) : undefined;
  let runner: JobRunner | undefined;
  const queue = new JobQueue(ctx.store.kysely, ctx.engine, new Map(definitions.map((d) => [d.name, d])), channel, () => runner?.wake());
  queues.set(ctx, queue);
  return {
    async start() {
      await queue.ensureSchedules();
      runner = new JobRunner(ctx, queue, {
        pollMs: ctx.config.jobPollMs,
        concurrency: ctx.config.jobConcurrency,
        graceMs: STOP_GRACE_MS,
        listen: pool && channel ? { pool, channel } : undefined,
      });
      runner.start();
    },
    async stop() {
      await runner?.stop();
      runner = undefined;
    },
    routes: (api) => jobsAdminRoutes(api, ctx, queue),
  };
}
