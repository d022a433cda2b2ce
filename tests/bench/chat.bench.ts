/**
 * chat.history: a chat of 100,000 messages (rows bulk-inserted) between Maya and Victor, on each
 * database, one server in this process. GET chat/private/{id} for page 1 (firstPageMs, median of
 * 50) and page 1,000 by its `before` sequence cursor (deepPageMs, median of 50); p95Ms over both.
 * The two cost the same: both read 11 rows of the (chat_id, sequence) index.
 *
 * chat.delivery: two built server processes on one PostgreSQL schema, 1,000 sockets connected over
 * both (loopback; demo members other than the two writing, as the rest of a busy site), Maya sends
 * through process A, Victor listens on process B. A round's figure is from sending the PUT to
 * Victor's socket receiving `chat:newMessage` (commit, the room log's id, the relay through the
 * postgres adapter). p50 and p99 over the rounds (goal: p99 under 50 ms). Rounds are PAUSE_MS apart,
 * as a conversation's messages are: each send's own tail (her unread count, the newMessage
 * notification and its events) is done before the next round, so a round measures one delivery,
 * not the queue of the previous ones. BENCH_VERBOSE=1 prints each round.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import type { ChatMessageEvent, ChatSummary } from '../../schemas/model/api/chat';
import type { ChatTables } from '../../server/chat/chat-tables';
import { backendEnv, createSchemaName, dropSchema, requirePostgres, signInAt, type Backend } from '../helpers/api-server';
import { startServer, type RunningServer } from '../helpers/server-process';
import { median, percentile, withServer } from './bench-server';
import { defineBenches, quick, round, timedCall, type BenchResult } from './harness';

const SIZE = quick ? 20_000 : 100_000;
const PAGE = 10;
const DEEP_PAGE = quick ? 200 : 1_000;
const SAMPLES = 50;
const SOCKETS = 1000;
const PROCESSES = 2;
const ROUNDS = quick ? 15 : 60;
const WARMUP = 5;
const PAUSE_MS = 100;

async function history(backend: Backend): Promise<BenchResult> {
  return withServer(backend, async (server) => {
    const db = server.ctx.store.kysely as unknown as Kysely<ChatTables>;
    const [maya, victor] = await Promise.all([signInAt(server.url, 'maya'), signInAt(server.url, 'victor')]);
    const chat = (await timedCall<ChatSummary>(`${server.url}/api/v1/chat/private`, 'PUT', maya, { to: 'victor' })).body;
    void victor;
    const start = Date.now() - SIZE * 1000;
    for (let i = 0; i < SIZE; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, SIZE - i) }, (_, j) => ({
        chat_id: chat.id,
        sequence: i + j + 1,
        from_account_id: (i + j) % 2 ? 'maya' : 'victor',
        type: 'chat',
        body: `<p>message ${i + j + 1}</p>`,
        meta: '{}',
        created_at: start + (i + j) * 1000,
        edited_at: null,
        deleted_at: null,
        client_id: null,
      }));
      await db.insertInto('chat_messages').values(rows).execute();
    }
    const last = await db.selectFrom('chat_messages').select('id').where('chat_id', '=', chat.id).where('sequence', '=', SIZE).executeTakeFirstOrThrow();
    const at = start + (SIZE - 1) * 1000;
    await db
      .updateTable('chats')
      .set({ last_sequence: SIZE, last_message_id: String(last.id), last_message_at: at })
      .where('id', '=', chat.id)
      .execute();
    // Both have read it: the figures are the page's, not an unread count over 100,000 messages.
    await db.updateTable('chat_participants').set({ read_sequence: SIZE, last_message_at: at }).where('chat_id', '=', chat.id).execute();
    const url = (before?: number) => `${server.url}/api/v1/chat/private/${encodeURIComponent(chat.id)}${before ? `?before=${before}` : ''}`;
    const deepBefore = SIZE - PAGE * (DEEP_PAGE - 1) + 1;
    const first: number[] = [];
    const deep: number[] = [];
    for (let i = 0; i < 5; i++) await timedCall(url(), 'GET', maya); // warm-up
    for (let i = 0; i < SAMPLES; i++) {
      first.push((await timedCall(url(), 'GET', maya)).ms);
      const page = await timedCall<{ items: { sequence: number }[] }>(url(deepBefore), 'GET', maya);
      if (page.body.items[0]?.sequence !== deepBefore - 1) throw new Error(`page ${DEEP_PAGE} starts at ${page.body.items[0]?.sequence}`);
      deep.push(page.ms);
    }
    return {
      bench: 'chat.history',
      db: backend,
      size: SIZE,
      firstPageMs: round(median(first), 2),
      deepPageMs: round(median(deep), 2),
      p95Ms: round(percentile([...first, ...deep], 0.95), 2),
    };
  });
}

function connect(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const FILLERS = ['elena', 'amara', 'bruno', 'chloe', 'dev', 'elif', 'farid', 'grace', 'hiro', 'imogen', 'jonas', 'kemi', 'lars', 'mei', 'nadia', 'owen'];

async function delivery(): Promise<BenchResult> {
  await requirePostgres();
  const schema = await createSchemaName();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-chat-bench-'));
  const servers: RunningServer[] = [];
  const sockets: Socket[] = [];
  try {
    // The first process migrates and seeds; the second starts on the ready database.
    servers.push(await startServer(backendEnv('postgres', schema), dataDir));
    servers.push(await startServer(backendEnv('postgres', schema), dataDir));
    const [a, b] = servers;
    const [maya, victor] = await Promise.all([signInAt(a.url, 'maya'), signInAt(a.url, 'victor')]);
    const fillers = await Promise.all(FILLERS.map((f) => signInAt(a.url, f)));
    const listener = await connect(b.url, victor);
    sockets.push(listener);
    for (let i = 1; i < SOCKETS; i += 50)
      sockets.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, SOCKETS - i) }, (_, j) => connect(servers[(i + j) % PROCESSES].url, fillers[(i + j) % fillers.length])),
        )),
      );
    const chat = (await timedCall<ChatSummary>(`${a.url}/api/v1/chat/private`, 'PUT', maya, { to: 'victor' })).body;
    const figures: number[] = [];
    for (let r = 0; r < WARMUP + ROUNDS; r++) {
      const text = `round ${r}`;
      const heard = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`round ${r}: no chat:newMessage within 10 s`)), 10_000);
        const on = (event: ChatMessageEvent) => {
          if (event.message.message !== text) return;
          clearTimeout(timer);
          listener.off('chat:newMessage', on);
          resolve(performance.now());
        };
        listener.on('chat:newMessage', on);
      });
      const t0 = performance.now();
      await timedCall(`${a.url}/api/v1/chat/private/${encodeURIComponent(chat.id)}`, 'PUT', maya, { message: text });
      const ms = (await heard) - t0;
      if (process.env.BENCH_VERBOSE) console.error(`round ${r}: ${ms.toFixed(1)} ms`);
      if (r >= WARMUP) figures.push(ms);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
    return {
      bench: 'chat.delivery',
      sockets: sockets.length,
      processes: PROCESSES,
      rounds: ROUNDS,
      p50Ms: round(median(figures), 1),
      p99Ms: round(percentile(figures, 0.99), 1),
    };
  } finally {
    for (const s of sockets) s.disconnect();
    await Promise.all(servers.map((s) => s.stop()));
    await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default defineBenches([
  { name: 'chat.history', run: async () => [await history('sqlite'), await history('postgres')] },
  { name: 'chat.delivery', run: async () => [await delivery()] },
]);
