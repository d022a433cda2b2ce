/**
 * A broadcast's fan-out survives a SIGKILL of its worker (server/notifications/fan-out.ts), on
 * SQLite and PostgreSQL: the real server with its demo (tests/fixtures/jobs-probe/worker.ts, run as
 * a child process) broadcasts to a list of thousands; the worker is killed once some batches are
 * stored and others not; a second process takes the job over when its lease expires and finishes
 * it, and every member is stored once and emailed once.
 */
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { jobsDb } from '../../server/jobs/jobs-table';
import { FAN_OUT_BATCH } from '../../server/notifications/fan-out';
import { BACKENDS, signInAt } from '../helpers/api-server';
import { JobCluster } from '../helpers/job-workers';
import { notificationTables } from '../helpers/notifications';
import { until } from '../helpers/until';

const MEMBERS = 2000;

async function addMembers(db: Kysely<any>, list: string, count: number): Promise<void> {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const account = `bulk-${String(i).padStart(5, '0')}`;
    return { id: `lm-${account}`, list_id: list, account_id: account, state: 'accepted', hidden: 0, is_primary: 0, created_at: now, updated_at: now };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('list_memberships')
      .values(rows.slice(i, i + 500))
      .execute();
}

describe.each(BACKENDS)('a broadcast whose fan-out worker is killed, on %s', (backend) => {
  let cluster: JobCluster | undefined;
  afterAll(async () => cluster?.close());

  it('is finished by another process, nobody stored or emailed twice', async () => {
    cluster = await JobCluster.create(backend);
    const env = { JOBS_POLL_MS: '100', SEED_DEMO: 'true', RATE_LIMIT_SCALE: '1000' };
    const first = await cluster.start(env);
    const db = await cluster.db();
    await addMembers(db, 'makers', MEMBERS);
    const admin = await signInAt(first.url, 'admin');
    const res = await fetch(`${first.url}/api/v1/admin/broadcasts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ lists: ['makers'], title: 'Kill test', message: 'Stored once each.', channels: { inApp: true, email: true } }),
    });
    expect(res.status).toBe(202);
    const { id, recipients } = (await res.json()) as { id: string; recipients: number };
    expect(recipients).toBeGreaterThan(MEMBERS);
    const stored = async () =>
      Number(
        (
          await notificationTables(db)
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('batch_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Some batches in, not all: the kill lands mid-fan-out.
    await until('the first batches of the fan-out', stored, (n) => n > 0, 60_000);
    await first.stop('SIGKILL');
    const atKill = await stored();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(recipients);
    expect(atKill % FAN_OUT_BATCH[backend]).toBe(0); // whole batches only: each is one transaction

    await cluster.start({ JOBS_POLL_MS: '100' });
    const done = await until(
      'the second process to finish the fan-out',
      () => notificationTables(db).selectFrom('broadcasts').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      (row) => row.state === 'sent',
      60_000,
    );
    expect(Number(done.emails_queued)).toBe(recipients);
    const rows = await notificationTables(db).selectFrom('notifications').select('recipient').where('batch_id', '=', id).execute();
    expect(rows).toHaveLength(recipients);
    expect(new Set(rows.map((r) => r.recipient)).size).toBe(recipients);
    const emails = (await jobsDb(db).selectFrom('jobs').select('payload').where('name', '=', 'email.send').execute())
      .map((r) => JSON.parse(r.payload) as { accountId: string; key: string })
      .filter((e) => e.key.includes(id));
    expect(emails).toHaveLength(recipients);
    expect(new Set(emails.map((e) => e.accountId)).size).toBe(recipients);
    const job = await jobsDb(db).selectFrom('jobs').selectAll().where('name', '=', 'notifications.fanOut').orderBy('id', 'desc').executeTakeFirstOrThrow();
    // Taken over after the kill (a lease lost to a busy database may add an attempt; none stores twice).
    expect(job.state).toBe('complete');
    expect(Number(job.attempts)).toBeGreaterThanOrEqual(2);
  }, 240_000);
});
