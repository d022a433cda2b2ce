/**
 * What a background job is (docs/architecture.md, "Background jobs"): a name a domain declares in
 * its manifest (`jobs` in server/domain.ts) with the function that runs it, optionally on a
 * schedule. The queue (queue.ts) and the runner (runner.ts) know jobs by these definitions only.
 */
import type { JobState } from '../../schemas/model/api/jobs';
import type { JsonValue } from '../../schemas/model/common';
import type { ServerConfig } from '../config';
import type { AppContext } from '../context';

export type { JobState };

/**
 * The queue's states. Community §4 names them for processes as started, running, finishing,
 * complete, failed/errored: queued is "started" (registered, waiting for a runner), failed is an
 * attempt that failed with a retry due, dead is "errored" (no attempt left: the dead letter an
 * admin sees and may retry); "finishing" is what a job reports as its progress, not a state.
 */
export const JOB_STATES: readonly JobState[] = ['queued', 'running', 'failed', 'dead', 'complete'];

/** A job while it runs, as its `run` sees it. */
export interface RunningJob {
  id: number;
  name: string;
  /** 1 on the first attempt. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the process stops or another runner took the job over (its lease was lost). */
  signal: AbortSignal;
  /** Records how far it got (shown with the job; replaced by what `run` returns). */
  progress(value: JsonValue): Promise<void>;
}

export interface JobDefinition<P = unknown> {
  /** `<domain>.<what>` by convention (`structure.sweepReverts`); unique across every domain. */
  name: string;
  /**
   * Does the work. What it returns (JSON) is kept as the job's result; a throw is a failed
   * attempt, retried with backoff until `maxAttempts`, then dead. It may run more than once (a
   * worker killed mid-job is retried once its lease expires): make it safe to repeat.
   */
  run(ctx: AppContext, payload: P, job: RunningJob): unknown;
  /**
   * Called once the job is dead (its last attempt failed, or its runner died during it): lets the
   * domain record the final failure where its users look (a process's row). Errors are logged.
   */
  dead?(ctx: AppContext, payload: P, error: string): unknown;
  /** Scheduled: enqueued every this many ms, once per cluster (the `job_schedules` row). A function reads the config. */
  every?: number | ((config: ServerConfig) => number);
  /** Attempts before the job is dead (default 5). */
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles it (default 1 s, at most an hour). */
  backoffMs?: number;
  /** How long a claim holds without being renewed; renewed every third of it while the job runs (default 60 s). */
  leaseMs?: number;
}

export const JOB_DEFAULTS = { maxAttempts: 5, backoffMs: 1000, leaseMs: 60_000 } as const;
export const MAX_BACKOFF_MS = 3_600_000;

/** A definition with every default filled in (and `every` read from the config). */
export interface ResolvedJob {
  name: string;
  run: JobDefinition['run'];
  dead?: JobDefinition['dead'];
  every?: number;
  maxAttempts: number;
  backoffMs: number;
  leaseMs: number;
}

export const JOB_NAME = /^[a-z][a-z0-9-]*\.[a-zA-Z][a-zA-Z0-9.-]{0,80}$/;

export function resolveJob(definition: JobDefinition, config: ServerConfig): ResolvedJob {
  const every = typeof definition.every === 'function' ? definition.every(config) : definition.every;
  const resolved = { ...JOB_DEFAULTS, ...definition, every };
  for (const key of ['every', 'maxAttempts', 'backoffMs', 'leaseMs'] as const) {
    const value = resolved[key];
    if (value !== undefined && !(Number.isInteger(value) && value >= 1))
      throw new Error(`job ${definition.name}: ${key} must be a positive whole number, got ${value}`);
  }
  return resolved;
}

/** The delay before attempt `attempts + 1`, after `attempts` failed ones: doubling, capped. */
export function backoffDelay(job: Pick<ResolvedJob, 'backoffMs'>, attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, job.backoffMs * 2 ** Math.max(0, attempts - 1));
}
