import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { projectRoot } from '../../scripts/paths';
import { startTessera, type RunningTessera } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { backendEnv, createSchemaName, dropSchema, requirePostgres, signInAt } from '../helpers/api-server';
import { defineBenches, quick, round, type BenchResult } from './harness';

// session.keepalive: POST user/deviceKeepalive on PostgreSQL, two servers on one schema (each its
// own document store and cache, as two processes). Server B holds the member's account and
// profile in its cache (it answered her init and profile); the keepalives go through server A.
// p95Ms: wall time of one keepalive (sequential, loopback). searchRowsWritten: member search rows
// whose updated_at moved during the run. cacheDrops: documents B dropped from its cache because
// another process changed them (B checks on each request, one after every keepalive).
const KEEPALIVES = quick ? 100 : 1000;

async function keepalive(): Promise<BenchResult> {
  await requirePostgres();
  const schema = await createSchemaName();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-keepalive-'));
  // The rate limits as scripts/bench.ts scales them: a thousand keepalives in a burst is no person's pace.
  const scale = process.env.RATE_LIMIT_SCALE ? { RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE } : {};
  const config = configFromEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...backendEnv('postgres', schema), ...scale }, projectRoot);
  const servers: RunningTessera[] = [];
  try {
    servers.push(await startTessera(config));
    servers.push(await startTessera(config));
    const [a, b] = servers;
    const token = await signInAt(a.url, 'maya');
    const get = async (server: RunningTessera, p: string) => {
      const res = await fetch(`${server.url}/api/v1/${p}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
      await res.arrayBuffer();
    };
    await get(b, 'init');
    await get(b, 'profile/maya');
    const startedAt = Date.now();
    const dropsBefore = b.ctx.store.droppedByOthers;
    const times: number[] = [];
    for (let i = 0; i < KEEPALIVES; i++) {
      const t0 = performance.now();
      const res = await fetch(`${a.url}/api/v1/user/deviceKeepalive`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ deviceId: `device-${i % 3}` }),
      });
      if (res.status !== 200) throw new Error(`keepalive: ${res.status}`);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      await get(b, 'profile/maya');
    }
    const { rows } = await sql<{ n: string }>`select count(*) as n from member_search where updated_at >= ${startedAt}`.execute(a.ctx.store.kysely);
    times.sort((x, y) => x - y);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    return {
      bench: 'session.keepalive',
      db: 'postgres',
      p95Ms: round(at(0.95), 2),
      p50Ms: round(at(0.5), 2),
      searchRowsWritten: Number(rows[0].n),
      cacheDrops: b.ctx.store.droppedByOthers - dropsBefore,
      keepalives: KEEPALIVES,
      clock: 'wall',
      ...(quick ? { quick: true } : {}),
    };
  } finally {
    for (const server of servers.reverse()) await server.close();
    await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export default defineBenches([{ name: 'session.keepalive', run: async () => [await keepalive()] }]);
