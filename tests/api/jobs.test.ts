/**
 * Background jobs on a real server, on SQLite and PostgreSQL, with the probe domain
 * (tests/fixtures/jobs-probe) added: the sweeps as scheduled jobs, unique keys, a job enqueued
 * inside a transaction, retries with doubling backoff then the dead letter, a job handed back when
 * its server stops, and the admin jobs calls with their refusals. Killed workers and several
 * processes: tests/api/jobs-processes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminJob, AdminJobsResponse } from '../../schemas/model/api/jobs';
import type { Account } from '../../server/model';
import { DOMAINS } from '../../server/domains';
import { enqueue } from '../../server/jobs';
import probe, { PROBE_BACKOFF_MS, PROBE_MAX_ATTEMPTS, probeDb, probeRuns, type RecordPayload } from '../fixtures/jobs-probe';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { until } from '../helpers/until';

const POLL_MS = 50;

describe.each(BACKENDS)('background jobs on %s', (backend) => {
  let api: ApiServer;
  let admin: string;

  const ctx = () => api.server.ctx;
  const record = (payload: RecordPayload, options?: { key?: string }) => enqueue(ctx(), 'probe.record', payload, options);
  const jobNow = async (id: number): Promise<AdminJob> => {
    const rows = await api.call<AdminJobsResponse>('GET', `admin/jobs?limit=1&before=${id + 1}`, { token: admin });
    return rows.body.items[0];
  };
  const settled = (id: number, state: AdminJob['state']) =>
    until(
      `job ${id} ${state}`,
      () => jobNow(id),
      (j) => j?.state === state,
    );
  const runs = (id: number) => probeRuns(ctx().store.kysely, id);

  beforeAll(async () => {
    api = await startApiServer(backend, { JOBS_POLL_MS: String(POLL_MS) }, {}, { domains: [...DOMAINS, probe] });
    admin = await api.signIn('admin');
  });
  afterAll(async () => api?.close());

  it('runs the sweeps as scheduled jobs, due at the first start', async () => {
    const sweeps = ['files.sweepUnclaimed', 'jobs.prune', 'session.sweepLoginSecrets', 'structure.sweepReverts'];
    const complete = async () =>
      (await api.call<AdminJobsResponse>('GET', 'admin/jobs?state=complete&limit=100', { token: admin })).body.items.map((j) => j.name);
    await until('every sweep to run', complete, (names) => sweeps.every((name) => names.includes(name)));
  });

  it('adds a job with a key once while it is queued or running, and again once it finished', async () => {
    const first = await record({ sleepMs: 600 }, { key: 'report:1' });
    expect(first.added).toBe(true);
    expect(await record({ sleepMs: 600 }, { key: 'report:1' })).toEqual({ id: first.id, added: false });
    await until(
      'the first run',
      () => runs(first.id),
      (r) => r.length === 1,
    );
    expect((await jobNow(first.id)).state).toBe('running');
    expect(await record({}, { key: 'report:1' })).toEqual({ id: first.id, added: false });
    await settled(first.id, 'complete');
    const again = await record({}, { key: 'report:1' });
    expect(again).toMatchObject({ added: true });
    expect(again.id).toBeGreaterThan(first.id);
    await settled(again.id, 'complete');
    expect((await runs(first.id)).length + (await runs(again.id)).length).toBe(2);
  });

  it('queues a job with the transaction that enqueued it, or not at all', async () => {
    const before = (await api.call<AdminJobsResponse>('GET', 'admin/jobs?limit=1', { token: admin })).body.items[0].id;
    await expect(
      ctx().store.transaction(async (tx) => {
        await enqueue(ctx(), 'probe.record', {}, { tx, key: 'rolled-back' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect((await api.call<AdminJobsResponse>('GET', 'admin/jobs?limit=1', { token: admin })).body.items[0].id).toBe(before);
    const kept = await ctx().store.transaction((tx) => enqueue(ctx(), 'probe.record', {}, { tx, key: 'rolled-back' }));
    expect(kept.added).toBe(true);
    await settled(kept.id, 'complete');
  });

  it('refuses a job no domain declares', async () => {
    await expect(enqueue(ctx(), 'probe.unknown', {})).rejects.toThrow('no job named "probe.unknown"');
  });

  it('retries a failing job after a doubling backoff, then keeps it dead with its error', async () => {
    const once = await record({ failTimes: 1 });
    const dead = await record({ failTimes: 99 });
    const recovered = await settled(once.id, 'complete');
    expect(recovered).toMatchObject({ attempts: 2, lastError: 'planned failure 1' });
    const buried = await settled(dead.id, 'dead');
    expect(buried).toMatchObject({ attempts: PROBE_MAX_ATTEMPTS, maxAttempts: PROBE_MAX_ATTEMPTS, lastError: `planned failure ${PROBE_MAX_ATTEMPTS}` });
    expect(buried.finishedAt).toBeGreaterThanOrEqual(buried.createdAt);
    const attempts = await runs(dead.id);
    expect(attempts.map((r) => r.attempt)).toEqual([1, 2, 3]);
    // The second attempt waits the backoff, the third twice it.
    expect(attempts[1].startedAt - attempts[0].startedAt).toBeGreaterThanOrEqual(PROBE_BACKOFF_MS);
    expect(attempts[2].startedAt - attempts[1].startedAt).toBeGreaterThanOrEqual(2 * PROBE_BACKOFF_MS);
  });

  it('hands a running job back when its server stops, and runs it after the restart', async () => {
    const slow = await record({ sleepMs: 30_000, firstRunOnly: true });
    await until(
      'the slow job to start',
      () => runs(slow.id),
      (r) => r.length === 1,
    );
    await api.restart();
    admin = await api.signIn('admin');
    const done = await settled(slow.id, 'complete');
    // The interrupted attempt did not fail: it is not counted.
    expect(done.attempts).toBe(1);
    expect((await runs(slow.id)).map((r) => r.finishedAt !== null)).toEqual([false, true]);
  });

  describe('the admin jobs calls', () => {
    let deadJob: number;
    let maya: string;
    let elena: string;

    const grant = async (accountId: string, actions: Record<string, boolean>) => {
      await ctx().store.transaction(async (tx) => {
        const account = (await tx.get<Account>('account', accountId))!.data;
        await tx.put('account', accountId, { ...account, basePaths: { ...account.basePaths, tools: actions } });
      });
    };

    beforeAll(async () => {
      await probeDb(ctx().store.kysely).insertInto('probe_switches').values({ name: 'admin-retry' }).execute();
      deadJob = (await record({ failWhile: 'admin-retry' })).id;
      await settled(deadJob, 'dead');
      maya = await api.signIn('maya');
      elena = await api.signIn('elena');
    });

    it('lists jobs newest first with counts, by state, a page at a time', async () => {
      const all = await api.call<AdminJobsResponse>('GET', 'admin/jobs', { token: admin });
      expect(all.status).toBe(200);
      const ids = all.body.items.map((j) => j.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(all.body.counts.dead).toBeGreaterThanOrEqual(2);
      expect(Object.keys(all.body.counts).sort()).toEqual(['dead', 'failed', 'queued', 'running']);
      const dead = await api.call<AdminJobsResponse>('GET', 'admin/jobs?state=dead', { token: admin });
      expect(dead.body.items.map((j) => j.state)).toEqual(dead.body.items.map(() => 'dead'));
      expect(dead.body.items.find((j) => j.id === deadJob)).toMatchObject({ name: 'probe.record', lastError: 'switch admin-retry is on', attempts: 3 });
      expect(dead.body.counts).toEqual(all.body.counts);
      const first = await api.call<AdminJobsResponse>('GET', 'admin/jobs?limit=2', { token: admin });
      expect(first.body.items.map((j) => j.id)).toEqual(ids.slice(0, 2));
      expect(first.body.next).toBe(String(ids[1]));
      const second = await api.call<AdminJobsResponse>('GET', `admin/jobs?limit=2&before=${first.body.next}`, { token: admin });
      expect(second.body.items.map((j) => j.id)).toEqual(ids.slice(2, 4));
      const last = await api.call<AdminJobsResponse>('GET', `admin/jobs?limit=100&before=${ids[ids.length - 1]}`, { token: admin });
      expect(last.body.next).toBeUndefined();
    });

    it('retries a dead job: queued again with its attempts reset, then run', async () => {
      await probeDb(ctx().store.kysely).deleteFrom('probe_switches').where('name', '=', 'admin-retry').execute();
      const retried = await api.call<AdminJob>('POST', `admin/jobs/${deadJob}/retry`, { token: admin });
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({ id: deadJob, state: 'queued', attempts: 0, finishedAt: null });
      const done = await settled(deadJob, 'complete');
      expect(done.attempts).toBe(1);
      const again = await api.call('POST', `admin/jobs/${deadJob}/retry`, { token: admin });
      expect(again).toMatchObject({ status: 409, body: { error: 'conflict' } });
      expect((again.body as { message: string }).message).toMatch(/not failed or dead/);
    });

    it('answers bad input with a 400 naming it, and an unknown job with a 404', async () => {
      for (const [query, named] of [
        ['state=stuck', 'state'],
        ['limit=0', 'limit'],
        ['limit=101', 'limit'],
        ['limit=ten', 'limit'],
        ['before=abc', 'before'],
        ['before=1&before=2', 'before'],
      ]) {
        const res = await api.call<{ error: string; message: string }>('GET', `admin/jobs?${query}`, { token: admin });
        expect(res.status, query).toBe(400);
        expect(res.body.message, query).toMatch(new RegExp(`^${named} `));
      }
      expect((await api.call('POST', 'admin/jobs/abc/retry', { token: admin })).status).toBe(400);
      expect((await api.call('POST', 'admin/jobs/0/retry', { token: admin })).status).toBe(400);
      expect(await api.call('POST', 'admin/jobs/999999999/retry', { token: admin })).toMatchObject({ status: 404, body: { error: 'notFound' } });
    });

    it('refuses members and staff without the tools grant, and changes nothing', async () => {
      const target = (await record({ failTimes: 99 })).id;
      await settled(target, 'dead');
      expect((await api.call('GET', 'admin/jobs')).status).toBe(401);
      // A member hears the area is for staff; staff without the grant hear which grant opens it.
      for (const [token, reason] of [
        [maya, /is for admins and elevated users only/],
        [elena, /needs read on tools/],
      ] as const) {
        const list = await api.call<{ error: string; message: string }>('GET', 'admin/jobs', { token });
        expect(list).toMatchObject({ status: 403, body: { error: 'forbidden' } });
        expect(list.body.message).toMatch(reason);
        const retry = await api.call<{ message: string }>('POST', `admin/jobs/${target}/retry`, { token });
        expect(retry.status).toBe(403);
        expect(retry.body.message).toMatch(reason);
      }
      expect(await jobNow(target)).toMatchObject({ state: 'dead', attempts: PROBE_MAX_ATTEMPTS });
      // Read on tools opens the list, not the retry.
      await grant('elena', { read: true });
      expect((await api.call('GET', 'admin/jobs', { token: elena })).status).toBe(200);
      expect((await api.call('POST', `admin/jobs/${target}/retry`, { token: elena })).status).toBe(403);
      expect(await jobNow(target)).toMatchObject({ state: 'dead' });
      await grant('elena', { read: true, update: true });
      expect((await api.call<AdminJob>('POST', `admin/jobs/${target}/retry`, { token: elena })).body).toMatchObject({ state: 'queued', attempts: 0 });
    });
  });
});
