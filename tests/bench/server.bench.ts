import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { BACKENDS, backendEnv, createSchemaName, dropSchema, requirePostgres, signInAt, type Backend } from '../helpers/api-server';
import { freePort, startServer, type RunningServer } from '../helpers/server-process';
import { DYNAMIC_GZIP_LEVEL, brotliParams } from '../../server/http/compression';
import { TokenService, loadOrCreateSecret } from '../../server/auth/tokens';
import { defineBenches, quick, round, rpsLine, summarise, type BenchResult } from './harness';
import { cpuMedian, load, pairRatio, pairs, pinApart, type Run, type Target } from './http-load';

// Requests per second and latency (p50/p95/p99) of the two hottest reads, GET /api/v1/init (with
// the home page, as the app opens it) and GET structure/page/{id}, at 50 connections, on SQLite
// and on PostgreSQL, against a bare node:http server answering the SAME bytes (taken from Tessera
// before the runs) with the same compression: every request asks `accept-encoding: br, gzip` as a
// browser does, and the bare server compresses each answer with the brotli/gzip settings Tessera
// uses for dynamic answers (server/http/compression.ts: quality, window), as a plain server
// without caches would.
// init runs twice: one token (the init memo hits) and many sessions of many users (every
// request misses the memo, as each session's first init does).
//
// What the ratios mean. On a memo hit Tessera checks the token, finds the answer kept for this
// session and revision and sends its brotli bytes, compressed once when the answer was made: no
// compression per request. The bare server compresses every answer (brotli of the init answer is
// most of its CPU per request: compare cpuMsPerRequest with baselineCpuMsPerRequest). So the
// cache-hit ratio is Tessera's per-revision cache against a server without one: fair only because
// Tessera really keeps answers until documents change (every write drops them). On a memo miss
// Tessera builds the answer but compresses none of it either: the head everyone shares was
// compressed once per revision, and the short per-user tail goes after it as stored blocks
// (compression.ts `headedAnswer`); building costs what the cache saves, hence a lower ratio.
// server.page answers come from the per-revision page memo, compressed once, likewise.
//
// How the runs are made steady (tests/bench/http-load.ts): Tessera and the bare server run as
// child processes pinned to one CPU, autocannon in this process on the other (where taskset
// exists), with the same connections and no pipelining for both. Both servers first warm up on
// every case (JIT, database pool, memo and compressed bytes, the bare server's brotli), then each
// case runs a warm-up pair and measured pairs, bare and Tessera back to back, the order swapped
// pair by pair; `ratio` is the median of the pairs' ratios, rps the median (and best) over the
// runs, latencies of all runs.
const CONNECTIONS = 50;
// Many short pairs rather than a few long runs: on a shared machine other work comes in bursts
// of seconds; a burst spoils a pair or two, and the median of the pairs' ratios leaves them out.
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 1);
const RUNS = quick ? 5 : 11;
/** Warm-up pairs per case, after SERVER_WARMUP rounds over all cases once the servers start. */
const WARMUP = 1;
const SERVER_WARMUP = quick ? 1 : 2;
const ACCEPT_ENCODING = 'br, gzip';
/** More sessions than the init memo holds (1,000), so a rotation never finds its answer kept. */
const SESSIONS = 1500;
const PAGE_ID = 'welcome';
const INIT_PATH = `/api/v1/init?opts=${encodeURIComponent(JSON.stringify({ pageId: PAGE_ID }))}`;
const PAGE_PATH = `/api/v1/structure/page/${PAGE_ID}`;
const LOAD = { connections: CONNECTIONS, durationS: DURATION_S, headers: { 'accept-encoding': ACCEPT_ENCODING } };

// The bare server: node:http answering the body of the path asked (query ignored), compressed per
// request like @fastify/compress does for small answers (synchronously, br preferred over gzip).
const BARE_SERVER = `
const http = require('node:http'), zlib = require('node:zlib'), fs = require('node:fs');
const [port, file, level] = process.argv.slice(1);
const bodies = new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8'))).map(([p, b]) => [p, { body: Buffer.from(b.body), br: { params: b.brotliParams } }]));
const gz = { level: Number(level) };
http.createServer((q, s) => {
  const answer = bodies.get(q.url.split('?')[0]);
  if (!answer) { s.writeHead(404); return s.end(); }
  const { body, br } = answer;
  const accept = q.headers['accept-encoding'] || '';
  const encoding = /\\bbr\\b/.test(accept) ? 'br' : /\\bgzip\\b/.test(accept) ? 'gzip' : undefined;
  const out = encoding === 'br' ? zlib.brotliCompressSync(body, br) : encoding === 'gzip' ? zlib.gzipSync(body, gz) : body;
  const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': out.length, vary: 'accept-encoding' };
  if (encoding) headers['content-encoding'] = encoding;
  s.writeHead(200, headers);
  s.end(out);
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
`;

async function bareServer(bodies: Record<string, string>): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await freePort();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bare-')), 'bodies.json');
  const answers = Object.fromEntries(Object.entries(bodies).map(([p, body]) => [p, { body, brotliParams: brotliParams(Buffer.byteLength(body)) }]));
  fs.writeFileSync(file, JSON.stringify(answers));
  const child = spawn(process.execPath, ['-e', BARE_SERVER, String(port), file, String(DYNAMIC_GZIP_LEVEL)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

function latencyFigures(runs: Run[], prefix = ''): Record<string, number> {
  const all = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const name = (p: string) => (prefix ? `${prefix}${p[0].toUpperCase()}${p.slice(1)}` : p);
  return { [name('p50Ms')]: percentile(all, 50), [name('p95Ms')]: percentile(all, 95), [name('p99Ms')]: percentile(all, 99) };
}

function percentile(sorted: number[], p: number): number {
  return round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0, 1);
}

/** Bare and Tessera in pairs (http-load.ts `pairs`); one bench line. */
async function compare(bench: string, extra: Omit<BenchResult, 'bench'>, ours: Target, bare: Target, pinned: boolean): Promise<BenchResult> {
  const p = await pairs(ours, bare, { ...LOAD, warmup: WARMUP, runs: RUNS });
  const cpu = cpuMedian(p.ours);
  const baselineCpu = cpuMedian(p.peer);
  return rpsLine(
    bench,
    { size: CONNECTIONS, ...extra, baseline: 'bare node:http, brotli per request' },
    summarise(
      p.ours.map((r) => r.rps),
      'wall',
    ),
    summarise(
      p.peer.map((r) => r.rps),
      'wall',
    ),
    {
      ratio: pairRatio(p),
      ...latencyFigures(p.ours),
      ...latencyFigures(p.peer, 'baseline'),
      // CPU per request of each server process: steadier than rps when other work shares the machine.
      cpuMsPerRequest: cpu,
      baselineCpuMsPerRequest: baselineCpu,
      pinned,
    },
  );
}

async function startOn(db: Backend): Promise<{ server: RunningServer; schema?: string }> {
  if (db === 'sqlite') return { server: await startServer() };
  await requirePostgres();
  const schema = await createSchemaName();
  return { server: await startServer(backendEnv('postgres', schema)), schema };
}

/** Identity body of a GET, to hand the bare server the very bytes Tessera answers. */
async function bodyOf(url: string, token: string): Promise<string> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return res.text();
}

/** Throws unless both servers answer `path` with the same encoding and, decoded, the same bytes. */
async function assertSameAnswer(oursUrl: string, bareUrl: string, token: string): Promise<void> {
  const get = async (url: string) => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING } });
    return { encoding: res.headers.get('content-encoding'), body: await res.text() };
  };
  const [ours, bare] = await Promise.all([get(oursUrl), get(bareUrl)]);
  if (ours.encoding !== bare.encoding || ours.body !== bare.body)
    throw new Error(`${oursUrl}: the bare server answers ${bare.encoding} / ${bare.body.length} chars, Tessera ${ours.encoding} / ${ours.body.length}`);
}

/** Sessions for many accounts, issued with the server's own signing secret (as its sign-in does). */
async function manySessions(server: RunningServer, serviceId: string): Promise<string[]> {
  const accounts = (JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../server/demo/accounts.json'), 'utf8')) as { accountId: string }[]).map(
    (a) => a.accountId,
  );
  const tokens = new TokenService(loadOrCreateSecret(server.dataDir));
  return Promise.all(Array.from({ length: SESSIONS }, (_, i) => tokens.issue(accounts[i % accounts.length], serviceId)));
}

export default defineBenches([
  {
    name: 'server.init',
    async run() {
      const lines: BenchResult[] = [];
      // BENCH_DB=sqlite (or postgres) runs one database only.
      for (const db of BACKENDS.filter((b) => !process.env.BENCH_DB || b === process.env.BENCH_DB)) {
        const { server, schema } = await startOn(db);
        let bare: Awaited<ReturnType<typeof bareServer>> | undefined;
        let pinning: ReturnType<typeof pinApart> | undefined;
        try {
          const jwt = await signInAt(server.url, 'maya');
          const sessions = await manySessions(server, String(decodeJwt(jwt).serviceId));
          bare = await bareServer({
            [INIT_PATH.split('?')[0]]: await bodyOf(server.url + INIT_PATH, jwt),
            [PAGE_PATH]: await bodyOf(server.url + PAGE_PATH, jwt),
          });
          const tessera = { url: server.url, pid: server.process.pid! };
          const on = (at: { url: string; pid: number }, p: string, tokens: string[]): Target => ({ url: at.url + p, pid: at.pid, tokens });
          for (const p of [INIT_PATH, PAGE_PATH]) await assertSameAnswer(server.url + p, bare.url + p, jwt);
          const encoding = 'br';
          const cases = [
            { bench: 'server.init', extra: { db, encoding, cache: 'hit' }, ours: on(tessera, INIT_PATH, [jwt]), bare: on(bare, INIT_PATH, [jwt]) },
            { bench: 'server.init', extra: { db, encoding, cache: 'miss' }, ours: on(tessera, INIT_PATH, sessions), bare: on(bare, INIT_PATH, sessions) },
            { bench: 'server.page', extra: { db, encoding }, ours: on(tessera, PAGE_PATH, [jwt]), bare: on(bare, PAGE_PATH, [jwt]) },
          ];
          // Both servers warm up on every case first (JIT, pool connections): the case measured
          // first after the start (init, memo hit) used to pay for it, and read slower than a miss.
          pinning = pinApart([tessera.pid, bare.pid]);
          for (let round = 0; round < SERVER_WARMUP; round++) for (const c of cases) for (const at of [c.bare, c.ours]) await load(at, LOAD);
          for (const c of cases) lines.push(await compare(c.bench, c.extra, c.ours, c.bare, pinning.pinned));
        } finally {
          pinning?.release();
          bare?.stop();
          await server.stop();
          if (schema) await dropSchema(schema);
        }
      }
      return lines;
    },
  },
]);
