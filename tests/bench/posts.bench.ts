/**
 * posts.feed: one target (the demo's discussion board) with 1,000,000 posts (rows bulk-inserted,
 * the target's count set as the write path keeps it) on each database, one server in this
 * process. GET communications/{targetId} for page 1 (firstPageMs, median of 50) and page 10,000
 * by its keyset cursor (deepPageMs, median of 50); p95Ms over both. Both read 11 rows of the
 * (target, parent, created, id) index and the target's stored count.
 *
 * posts.reactions: 1,000 reactions sent at once on one post (200 members, each giving the five
 * reactions: 1,000 distinct (member, reaction) pairs, each toggled on; one HTTP call each) on each
 * database. The stored score must equal their count (storedScore vs expectedScore); rps is calls
 * per second.
 */
import { sql, type Kysely } from 'kysely';
import type { Communication, CommunicationListResponse } from '../../schemas/model/api/communications';
import type { CommunicationTables } from '../../server/communications/tables';
import type { Account } from '../../server/model';
import { encodeCursor } from '../../server/communications/posts';
import { signInAt, type Backend } from '../helpers/api-server';
import { median, percentile, withServer } from './bench-server';
import { defineBenches, quick, round, timedCall, type BenchResult } from './harness';

const SIZE = quick ? 100_000 : 1_000_000;
const PAGE = 10;
const DEEP_PAGE = quick ? 1_000 : 10_000;
const SAMPLES = 50;
const REACTIONS = quick ? 200 : 1_000;
const TARGET = 'demo-discussions';

const idOf = (i: number) => `bench-${String(i).padStart(8, '0')}`;

async function feed(backend: Backend): Promise<BenchResult> {
  return withServer(backend, async (server) => {
    const db = server.ctx.store.kysely as unknown as Kysely<CommunicationTables>;
    // Far in the past, so the demo's own posts stay on page 1 and the bench's follow.
    const start = Date.now() - 10 * 365 * 86_400_000;
    const body = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'bench' }] }] });
    // Under each engine's bound-parameter limit (24 columns a row).
    const BATCH = backend === 'postgres' ? 2500 : 1300;
    for (let i = 0; i < SIZE; i += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, SIZE - i) }, (_, j) => {
        const n = i + j;
        return {
          id: idOf(n),
          kind: 'post',
          parent_id: '',
          root_id: idOf(n),
          depth: 0,
          target_id: TARGET,
          owner_kind: 'discussion',
          scope: null,
          scope_context_data: null,
          from_account: n % 2 ? 'maya' : 'victor',
          title: `Post ${n}`,
          body,
          html: '<p>bench</p>',
          text: 'bench',
          media: '[]',
          mentions: '[]',
          score: 0,
          children_count: 0,
          created: start + n * 1000,
          edited: null,
          deleted: 0,
          hidden: 0,
          hidden_by: null,
          client_id: null,
        };
      });
      await db.insertInto('communications').values(rows).execute();
    }
    await db
      .updateTable('communication_targets')
      .set((eb) => ({ posts: eb('posts', '+', SIZE) }))
      .where('target_id', '=', TARGET)
      .execute();
    if (backend === 'postgres') await sql`analyze communications`.execute(db);
    // Signed in after the long inserts: a kept-alive connection idle through them may have been closed.
    const maya = await signInAt(server.url, 'maya');
    const base = `${server.url}/api/v1/communications/${TARGET}?limit=${PAGE}`;
    const first = (await timedCall<CommunicationListResponse>(base, 'GET', maya)).body;
    // Page DEEP_PAGE starts after (DEEP_PAGE - 1) * PAGE items, newest first: the demo's posts, then the bench's from the newest down.
    const demo = first.total - SIZE;
    const before = (DEEP_PAGE - 1) * PAGE - demo;
    const after = SIZE - before; // the last item of the page before: index SIZE - before
    const cursor = encodeCursor('newest', start + after * 1000, idOf(after));
    const deepUrl = `${base}&cursor=${cursor}`;
    const firstMs: number[] = [];
    const deepMs: number[] = [];
    for (let i = 0; i < 5; i++) await Promise.all([timedCall(base, 'GET', maya), timedCall(deepUrl, 'GET', maya)]); // warm-up
    for (let i = 0; i < SAMPLES; i++) {
      firstMs.push((await timedCall(base, 'GET', maya)).ms);
      const page = await timedCall<CommunicationListResponse>(deepUrl, 'GET', maya);
      if (page.body.items[0]?.id !== idOf(after - 1)) throw new Error(`page ${DEEP_PAGE} starts at ${page.body.items[0]?.id}, not ${idOf(after - 1)}`);
      deepMs.push(page.ms);
    }
    return {
      bench: 'posts.feed',
      db: backend,
      size: SIZE,
      firstPageMs: round(median(firstMs), 2),
      deepPageMs: round(median(deepMs), 2),
      p95Ms: round(percentile([...firstMs, ...deepMs], 0.95), 2),
    };
  });
}

const KINDS = ['like', 'love', 'celebrate', 'insightful', 'curious'];

async function reactions(backend: Backend): Promise<BenchResult> {
  return withServer(backend, async (server) => {
    // REACTIONS / 5 members (copies of a demo member's account), each giving every reaction once:
    // REACTIONS distinct (member, reaction) pairs, all sent at once, each toggling on.
    const members = Array.from({ length: Math.ceil(REACTIONS / KINDS.length) }, (_, i) => `bench-reactor-${String(i).padStart(4, '0')}`);
    const model = (await server.ctx.store.get<Account>('account', 'chloe'))!.data;
    await server.ctx.store.transaction(async (tx) => {
      for (const accountId of members) await tx.put('account', accountId, { ...model, accountId, email: `${accountId}@example.org`, demo: true });
    });
    const tokens: string[] = [];
    for (let i = 0; i < members.length; i += 20) tokens.push(...(await Promise.all(members.slice(i, i + 20).map((a) => signInAt(server.url, a)))));
    const post = (
      await timedCall<Communication>(`${server.url}/api/v1/communications/${TARGET}`, 'PUT', tokens[0], {
        title: 'Popular',
        body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'react' }] }] },
      })
    ).body;
    const calls = tokens.flatMap((token) => KINDS.map((reactionId) => ({ token, reactionId }))).slice(0, REACTIONS);
    const url = `${server.url}/api/v1/communications/${TARGET}/${post.id}/reaction`;
    const t0 = performance.now();
    await Promise.all(calls.map((c) => timedCall(url, 'POST', c.token, { reactionId: c.reactionId })));
    const seconds = (performance.now() - t0) / 1000;
    const stored = (await timedCall<Communication>(`${server.url}/api/v1/communications/single/${post.id}`, 'GET', tokens[0])).body.meta.score;
    return {
      bench: 'posts.reactions',
      db: backend,
      reactions: calls.length,
      storedScore: stored,
      expectedScore: calls.length,
      rps: round(calls.length / seconds, 0),
    };
  });
}

export default defineBenches([
  { name: 'posts.feed', run: async () => [await feed('sqlite'), await feed('postgres')] },
  { name: 'posts.reactions', run: async () => [await reactions('sqlite'), await reactions('postgres')] },
]);
