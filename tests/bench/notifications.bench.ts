import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { NotificationsTables } from '../../server/notifications/notifications-table';
import { newList, putList } from '../../server/lists';
import { signInAt, type Backend } from '../helpers/api-server';
import { defineBenches, quick, round, type BenchResult } from './harness';
import { median, percentile, withServer } from './bench-server';

// notifications.broadcast: POST admin/broadcasts (in-app) to a list of 10,000 accepted members on
// one server. requestMs: the request's wall time (it answers once the history row and the fan-out
// job are stored). storedMs: from the request until every notification is stored (the fan-out's
// finished_at). countP95Ms: a member's GET profile/notifications/count/system, called one after
// another while the fan-out stores (same server process).
// notifications.list: a member with 100,000 system notifications; GET profile/notifications/system/0
// (firstPageMs, median of 50), the page 1,000 by cursor (deepPageMs, median of 50 with the cursor
// the walk to it was given) and p95Ms over every page call of the walk and both samples.
const RECIPIENTS = quick ? 2_000 : 10_000;
const LIST_SIZE = quick ? 25_000 : 100_000;
const DEEP_PAGE = quick ? 200 : 1_000;
const SAMPLES = 50;

const tables = (db: Kysely<any>) => db as Kysely<NotificationsTables & { list_memberships: Record<string, unknown> }>;

async function timedGet(url: string, token: string): Promise<{ ms: number; body: unknown }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body: unknown = await res.json();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

async function allSent(db: Kysely<any>): Promise<void> {
  for (;;) {
    const rows = await tables(db).selectFrom('broadcasts').select('state').execute();
    if (rows.every((r) => r.state === 'sent')) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function broadcast(backend: Backend): Promise<BenchResult> {
  return withServer(backend, async (server) => {
    const db = server.ctx.store.kysely;
    const now = Date.now();
    const rows = Array.from({ length: RECIPIENTS }, (_, i) => ({
      id: `lm-bench-${i}`,
      list_id: 'bench-list',
      account_id: `bench-${String(i).padStart(6, '0')}`,
      state: 'accepted',
      hidden: 0,
      is_primary: 0,
      created_at: now,
      updated_at: now,
    }));
    // The member whose count is read is one of the recipients.
    rows[0].account_id = 'maya';
    for (let i = 0; i < rows.length; i += 500)
      await tables(db)
        .insertInto('list_memberships')
        .values(rows.slice(i, i + 500))
        .execute();
    await server.ctx.store.transaction((tx) => putList(tx.raw, newList('bench-list', { label: 'Bench list' })));
    await allSent(db); // the demo's own broadcast first
    const [admin, maya] = await Promise.all([signInAt(server.url, 'admin'), signInAt(server.url, 'maya')]);
    const send = async (lists: string[]) => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/v1/admin/broadcasts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ lists, title: 'Bench', message: 'A broadcast to many.', channels: { inApp: true, email: false } }),
      });
      const body = (await res.json()) as { id: string; recipients: number };
      if (res.status !== 202) throw new Error(`broadcast: ${res.status} ${JSON.stringify(body)}`);
      return { ...body, startedAt: Date.now() - (performance.now() - t0), requestMs: performance.now() - t0 };
    };
    await send(['volunteers']); // warm-up
    await allSent(db);
    // The same call with no fan-out running: what the fan-out adds is the difference.
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push((await timedGet(`${server.url}/api/v1/profile/notifications/count/system`, maya)).ms);
    const sent = await send(['bench-list']);
    const counts: number[] = [];
    let finishedAt: number | undefined;
    while (finishedAt === undefined) {
      counts.push((await timedGet(`${server.url}/api/v1/profile/notifications/count/system`, maya)).ms);
      const row = await tables(db).selectFrom('broadcasts').select(['state', 'finished_at']).where('id', '=', sent.id).executeTakeFirstOrThrow();
      if (row.state === 'sent') finishedAt = Number(row.finished_at);
    }
    const stored = await tables(db)
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('batch_id', '=', sent.id)
      .executeTakeFirstOrThrow();
    if (Number(stored.n) !== sent.recipients) throw new Error(`stored ${stored.n} of ${sent.recipients}`);
    return {
      bench: 'notifications.broadcast',
      db: backend,
      recipients: sent.recipients,
      requestMs: round(sent.requestMs, 1),
      storedMs: Math.round(finishedAt - sent.startedAt),
      countP95Ms: round(percentile(counts, 0.95), 2),
      counts: counts.length,
      baselineCountP95Ms: round(percentile(idle, 0.95), 2),
    };
  });
}

async function list(backend: Backend): Promise<BenchResult> {
  return withServer(backend, async (server) => {
    const db = server.ctx.store.kysely;
    const start = Date.now() - LIST_SIZE * 1000;
    for (let i = 0; i < LIST_SIZE; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, LIST_SIZE - i) }, (_, j) => ({
        id: crypto.randomUUID(),
        recipient: 'maya',
        event: 'entityUpdated',
        type_id: 4,
        type: 'system',
        target_id: null,
        chat_id: null,
        replace_key: null,
        data: '{}',
        from_account_id: 'victor',
        title: 'Entity updated',
        message: `update ${i + j}`,
        seen: 1,
        read: (i + j) % 3 === 0 ? 1 : 0,
        date: start + (i + j) * 1000,
        batch_id: `bench-${i + j}`,
      }));
      await tables(db).insertInto('notifications').values(rows).execute();
    }
    const maya = await signInAt(server.url, 'maya');
    const pageUrl = (cursor?: string) => `${server.url}/api/v1/profile/notifications/system/0${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
    const all: number[] = [];
    const first: number[] = [];
    for (let i = 0; i < SAMPLES; i++) first.push((await timedGet(pageUrl(), maya)).ms);
    let cursor: string | undefined;
    for (let page = 0; page < DEEP_PAGE - 1; page++) {
      const { ms, body } = await timedGet(pageUrl(cursor), maya);
      all.push(ms);
      cursor = (body as { next?: string }).next;
      if (!cursor) throw new Error(`no next page after page ${page}`);
    }
    const deep: number[] = [];
    for (let i = 0; i < SAMPLES; i++) deep.push((await timedGet(pageUrl(cursor), maya)).ms);
    all.push(...first, ...deep);
    return {
      bench: 'notifications.list',
      db: backend,
      size: LIST_SIZE,
      firstPageMs: round(median(first), 2),
      deepPageMs: round(median(deep), 2),
      p95Ms: round(percentile(all, 0.95), 2),
    };
  });
}

export default defineBenches([
  { name: 'notifications.broadcast', run: async () => [await broadcast('sqlite'), await broadcast('postgres')] },
  { name: 'notifications.list', run: async () => [await list('sqlite'), await list('postgres')] },
]);
