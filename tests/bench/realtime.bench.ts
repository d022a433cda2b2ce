/**
 * realtime.room: one event to a room of 1,000 allowed sockets spread over two server processes on
 * one PostgreSQL schema (the built server, loopback). 500 socket.io-client sockets per process,
 * all subscribed to the demo's welcome page; each round an admin changes a block of the page
 * through one process (alternating). The send starts once the write has committed, before the
 * write is answered, so a round's figure is the time from the write's answer to the last of the
 * 1,000 sockets receiving its `items:changes`: the room's event id, the local sends, the relay
 * through the postgres adapter to the other process and its sends, and this process decoding
 * 1,000 frames. p50 and p99 over the rounds (goal: p99 under 50 ms); `writeP50Ms` is the write's
 * own answer time and `fromWriteP99Ms` the whole path from sending the write. BENCH_VERBOSE=1
 * prints each round on stderr.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { backendEnv, createSchemaName, dropSchema, requirePostgres, signInAt } from '../helpers/api-server';
import { startServer, type RunningServer } from '../helpers/server-process';
import { defineBenches, quick, round } from './harness';

const SOCKETS = 1000;
const PROCESSES = 2;
const ROUNDS = quick ? 15 : 60;
const WARMUP = 5;
const ROUND_TIMEOUT_MS = 10_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function connect(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export default defineBenches([
  {
    name: 'realtime.room',
    async run() {
      await requirePostgres();
      const schema = await createSchemaName();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-realtime-bench-'));
      const servers: RunningServer[] = [];
      const sockets: Socket[] = [];
      try {
        // The first process migrates and seeds; the second starts on the ready database.
        servers.push(await startServer(backendEnv('postgres', schema), dataDir));
        servers.push(await startServer(backendEnv('postgres', schema), dataDir));
        const [admin, maya] = await Promise.all([signInAt(servers[0].url, 'admin'), signInAt(servers[0].url, 'maya')]);
        for (let i = 0; i < SOCKETS; i += 50)
          sockets.push(...(await Promise.all(Array.from({ length: 50 }, (_, j) => connect(servers[(i + j) % PROCESSES].url, maya)))));
        for (let i = 0; i < SOCKETS; i += 50)
          await Promise.all(
            sockets.slice(i, i + 50).map(async (socket) => {
              const answer = (await socket.emitWithAck('page:subscribe', { id: 'welcome' })) as { ok: boolean };
              if (!answer.ok) throw new Error(`page:subscribe refused: ${JSON.stringify(answer)}`);
            }),
          );

        let round_ = 0;
        let pending: { text: string; left: number; done: () => void } | undefined;
        let lastAt = 0;
        let firstAt = 0;
        for (const socket of sockets)
          socket.on('items:changes', (changes: { items: { item: { options?: { text?: string } } | null }[] }) => {
            if (!pending || changes.items[0]?.item?.options?.text !== pending.text) return;
            lastAt = performance.now();
            if (pending.left === SOCKETS) firstAt = lastAt;
            if (--pending.left === 0) pending.done();
          });
        const times: number[] = [];
        const writes: number[] = [];
        const wholes: number[] = [];
        for (let r = 0; r < WARMUP + ROUNDS; r++) {
          const text = `Round ${++round_}`;
          const all = new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`round ${round_}: ${pending?.left} sockets heard nothing in ${ROUND_TIMEOUT_MS} ms`)),
              ROUND_TIMEOUT_MS,
            );
            pending = { text, left: SOCKETS, done: () => (clearTimeout(timer), resolve()) };
          });
          const via = servers[r % PROCESSES];
          const sentAt = performance.now();
          const res = await fetch(`${via.url}/api/v1/structure/block/welcome-hours/property`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
            body: JSON.stringify({ key: 'options', value: { text } }),
          });
          const answeredAt = performance.now();
          if (res.status !== 200) throw new Error(`the write answered ${res.status}: ${await res.text()}`);
          await all;
          if (r >= WARMUP) {
            times.push(lastAt - answeredAt);
            writes.push(answeredAt - sentAt);
            wholes.push(lastAt - sentAt);
          }
          if (process.env.BENCH_VERBOSE === '1')
            console.error(
              `round ${r}: answered ${round(answeredAt - sentAt, 1)} ms, first ${round(firstAt - sentAt, 1)} ms, last ${round(lastAt - sentAt, 1)} ms`,
            );
        }
        for (const list of [times, writes, wholes]) list.sort((a, b) => a - b);
        return [
          {
            bench: 'realtime.room',
            sockets: SOCKETS,
            processes: PROCESSES,
            p50Ms: round(percentile(times, 50), 1),
            p99Ms: round(percentile(times, 99), 1),
            maxMs: round(times.at(-1)!, 1),
            writeP50Ms: round(percentile(writes, 50), 1),
            fromWriteP99Ms: round(percentile(wholes, 99), 1),
            rounds: ROUNDS,
            ...(quick ? { quick: true } : {}),
          },
        ];
      } finally {
        for (const socket of sockets) socket.close();
        for (const server of servers) await server.stop();
        await dropSchema(schema);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  },
]);
