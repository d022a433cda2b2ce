/**
 * One runner per process: it enqueues the scheduled jobs that are due (once per cluster, see
 * JobQueue.runDueSchedules), claims due jobs up to its concurrency and runs them, renewing each
 * claim's lease every third of it while the job runs. It claims again as soon as a slot frees while
 * jobs wait, and otherwise sleeps until the next poll, the next schedule, or a wake-up: an enqueue
 * in this process, or (PostgreSQL) a NOTIFY from an enqueue anywhere in the cluster.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import type { AppContext } from '../context';
import { backoffDelay } from './definition';
import type { ClaimedJob, JobQueue } from './queue';

export interface RunnerOptions {
  /** The longest sleep between two looks at the queue (schedules and due retries are looked at when due). */
  pollMs: number;
  /** Jobs run at once in this process. */
  concurrency: number;
  /** How long `stop` waits for running jobs before handing them back to the queue. */
  graceMs: number;
  /** PostgreSQL: LISTEN on this channel with a connection of this pool, to wake at once on an enqueue. */
  listen?: { pool: pg.Pool; channel: string };
}

const LISTEN_RETRY_MS = 5000;

interface Running {
  job: ClaimedJob;
  abort: AbortController;
  done: Promise<void>;
}

export class JobRunner {
  /** Names this runner's claims: unique per process and start. */
  readonly owner = `${os.hostname().slice(0, 60)}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private readonly running = new Map<number, Running>();
  private stopped = false;
  private loopDone?: Promise<void>;
  /** Set while the loop sleeps: ends the sleep. */
  private wakeSleeper?: () => void;
  /** Whether a finished job also ends the sleep (the last claim was full: more jobs may wait). */
  private sleepingForSlot = false;
  /** A wake-up that came while the loop was busy: the next sleep is skipped. */
  private woken = false;
  /** When the soonest retry this runner scheduled is due (epoch ms). */
  private retryDue = Infinity;
  private listener?: pg.PoolClient;
  private listenTimer?: ReturnType<typeof setTimeout>;
  /** Jobs that ended by stopping when asked to (the server stops): handed back, not failed. */
  private readonly stoppedJobs: ClaimedJob[] = [];
  /** Jobs handed back at stop: whatever they do afterwards is not reported. */
  private handedBack = false;
  /** Finished jobs waiting for the completion under way: written together when it is done (group commit). */
  private completions: { job: ClaimedJob; result: unknown; written: { resolve(): void; reject(error: unknown): void } }[] = [];
  private completing = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly queue: JobQueue,
    private readonly options: RunnerOptions,
  ) {}

  start(): void {
    this.loopDone = this.loop();
    if (this.options.listen) void this.listen(this.options.listen);
  }

  /** Looks at the queue now (a job was enqueued or retried). */
  wake(): void {
    if (this.wakeSleeper) this.wakeSleeper();
    else this.woken = true;
  }

  private async loop(): Promise<void> {
    let nextScheduleCheck = 0;
    while (!this.stopped) {
      const now = Date.now();
      let sleepMs = this.options.pollMs;
      let untilSlot = false;
      try {
        if (now >= nextScheduleCheck) nextScheduleCheck = Math.min(now + this.options.pollMs, await this.queue.runDueSchedules(now));
        const free = this.options.concurrency - this.running.size;
        if (free > 0 && !this.stopped) {
          const claimed = await this.queue.claim(this.owner, free);
          for (const job of claimed) this.begin(job);
          untilSlot = claimed.length === free;
        } else untilSlot = true;
      } catch (error) {
        if (!this.stopped) this.ctx.log(error);
        // The database is unreachable or refusing: look again after a poll, not at once.
        nextScheduleCheck = Date.now() + this.options.pollMs;
        untilSlot = false;
      }
      if (this.retryDue <= Date.now()) this.retryDue = Infinity;
      sleepMs = Math.max(0, Math.min(sleepMs, nextScheduleCheck - Date.now(), this.retryDue - Date.now()));
      await this.sleep(sleepMs, untilSlot);
    }
  }

  private async sleep(ms: number, untilSlot: boolean): Promise<void> {
    if (this.woken || this.stopped || (untilSlot && this.running.size < this.options.concurrency)) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.wakeSleeper = undefined;
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.wakeSleeper = end;
      this.sleepingForSlot = untilSlot;
    });
    this.woken = false;
  }

  private begin(job: ClaimedJob): void {
    const abort = new AbortController();
    const definition = this.queue.jobs.get(job.name)!;
    const heartbeat = setInterval(
      () => {
        this.queue.renew(job, definition.leaseMs).then(
          (held) => held || abort.abort(new Error('the lease was lost to another runner')),
          (error) => this.report(error),
        );
      },
      Math.max(1, Math.floor(definition.leaseMs / 3)),
    );
    heartbeat.unref();
    const done = (async () => {
      try {
        // A job whose runner died on its last attempt is claimed once more only to be buried.
        if (job.attempts > job.maxAttempts) {
          await this.queue.fail(job, lastError(), undefined);
          return void (await this.buried(job, lastError()));
        }
        let payload: unknown;
        try {
          payload = JSON.parse(job.payload);
        } catch {
          return void (await this.queue.fail(job, new Error('its stored payload is not JSON'), undefined));
        }
        // Like a request: see every commit that finished before the job started (PostgreSQL's shared cache).
        await this.ctx.store.freshen();
        const result = await definition.run(this.ctx, payload, {
          id: job.id,
          name: job.name,
          attempt: job.attempts,
          maxAttempts: job.maxAttempts,
          signal: abort.signal,
          progress: (value) => this.queue.progress(job, value),
        });
        await this.complete(job, result);
      } catch (error) {
        if (this.stopped && abort.signal.aborted) return void this.stoppedJobs.push(job);
        this.report(new Error(`job ${job.name} #${job.id} attempt ${job.attempts} failed: ${(error as Error)?.message ?? error}`, { cause: error }));
        const state = await this.queue.fail(job, error, definition).catch((e) => this.report(e));
        if (state === 'dead') await this.buried(job, error);
        if (state === 'failed') {
          // Sleep no longer than until the retry is due (the loop works out its sleep again).
          this.retryDue = Math.min(this.retryDue, Date.now() + backoffDelay(definition, job.attempts));
          this.wake();
        }
      }
    })().finally(() => {
      clearInterval(heartbeat);
      this.running.delete(job.id);
      if (this.wakeSleeper && this.sleepingForSlot) this.wakeSleeper();
    });
    this.running.set(job.id, { job, abort, done });
  }

  /**
   * Records a job complete. While one write of completions is under way, the jobs finishing meanwhile
   * wait and go together in the next: each commit costs a disk flush, so under load one serves many.
   */
  private complete(job: ClaimedJob, result: unknown): Promise<void> {
    return new Promise((resolve, reject) => {
      this.completions.push({ job, result, written: { resolve, reject } });
      if (!this.completing) void this.writeCompletions();
    });
  }

  private async writeCompletions(): Promise<void> {
    this.completing = true;
    while (this.completions.length) {
      const batch = this.completions;
      this.completions = [];
      try {
        await this.queue.complete(batch);
        for (const done of batch) done.written.resolve();
      } catch (error) {
        for (const done of batch) done.written.reject(error);
      }
    }
    this.completing = false;
  }

  /** Tells the job's definition it is dead (its `dead` hook), when it has one; its errors are logged. */
  private async buried(job: ClaimedJob, error: unknown): Promise<void> {
    const dead = this.queue.jobs.get(job.name)?.dead;
    if (!dead) return;
    try {
      await dead(this.ctx, JSON.parse(job.payload), String((error as Error)?.message ?? error));
    } catch (e) {
      this.report(e);
    }
  }

  private report(error: unknown): void {
    if (!this.handedBack) this.ctx.log(error);
  }

  /** Keeps one pooled connection LISTENing; a lost one is replaced after a pause (polling covers the gap). */
  private async listen({ pool, channel }: NonNullable<RunnerOptions['listen']>): Promise<void> {
    if (this.stopped) return;
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect();
      const lost = (error: unknown) => {
        if (this.listener !== client) return;
        this.listener = undefined;
        client!.release(error instanceof Error ? error : true);
        if (this.stopped) return;
        this.report(error);
        this.listenTimer = setTimeout(() => void this.listen({ pool, channel }), LISTEN_RETRY_MS);
        this.listenTimer.unref();
      };
      client.on('error', lost);
      client.on('notification', () => this.wake());
      this.listener = client;
      await client.query(`LISTEN "${channel}"`);
      if (this.stopped) await this.unlisten();
    } catch (error) {
      if (client && this.listener === client) {
        this.listener = undefined;
        client.release(true);
      }
      if (this.stopped) return;
      this.report(error);
      this.listenTimer = setTimeout(() => void this.listen({ pool, channel }), LISTEN_RETRY_MS);
      this.listenTimer.unref();
    }
  }

  private async unlisten(): Promise<void> {
    clearTimeout(this.listenTimer);
    const client = this.listener;
    this.listener = undefined;
    if (!client) return;
    // Released broken: the connection is closed rather than returned to the pool still listening.
    await client.query('UNLISTEN *').catch(() => undefined);
    client.release(true);
  }

  /**
   * Stops claiming, asks running jobs to stop (their signal), waits up to the grace for them, and
   * hands those still running back to the queue, due at once for another process.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loopDone;
    await this.unlisten();
    const running = [...this.running.values()];
    for (const r of running) r.abort.abort(new Error('the server is stopping'));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all(running.map((r) => r.done)), new Promise((resolve) => (timer = setTimeout(resolve, this.options.graceMs)))]);
    clearTimeout(timer);
    const left = [...this.stoppedJobs, ...[...this.running.values()].map((r) => r.job)];
    if (left.length) await this.queue.release(left).catch((error) => this.ctx.log(error));
    this.handedBack = true;
  }
}

function lastError(): Error {
  return new Error('its runner stopped during its last attempt (the lease expired)');
}
