/**
 * Background jobs in the admin jobs view (server/jobs; docs/architecture.md, "Background jobs").
 * `GET admin/jobs?state=&limit=&before=` lists them newest first, `POST admin/jobs/{id}/retry`
 * queues a failed or dead one again.
 */

/**
 * A job's state. Community §4's names: queued is "started", running "running", complete
 * "complete", failed "failed" (an attempt failed; a retry is due), dead "errored" (no attempt left).
 */
export type JobState = 'queued' | 'running' | 'failed' | 'dead' | 'complete';

export interface AdminJob {
  id: number;
  /** `<domain>.<what>`, as the domain declared it. */
  name: string;
  state: JobState;
  /** Attempts begun so far. */
  attempts: number;
  maxAttempts: number;
  /** Epoch ms: when it is (or was) due; for a failed job, when its retry is due. */
  runAt: number;
  /** The last failed attempt's error, or null. */
  lastError: string | null;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
}

/** GET admin/jobs. */
export interface AdminJobsResponse {
  /** Newest first. */
  items: AdminJob[];
  /** Jobs not complete, by state, whatever the filter. */
  counts: { queued: number; running: number; failed: number; dead: number };
  /** Present when more items follow: pass it as `before` for the next page. */
  next?: string;
}

/** POST admin/jobs/{id}/retry: the job, queued again. */
export type AdminJobRetryResponse = AdminJob;
