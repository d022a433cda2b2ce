/** One real server per bench on a fresh database (SQLite in a temporary folder, or a PostgreSQL schema of its own), and percentiles of timings. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../scripts/paths';
import { startTessera, type RunningTessera } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { backendEnv, createSchemaName, dropSchema, requirePostgres, type Backend } from '../helpers/api-server';

export async function withServer<T>(backend: Backend, fn: (server: RunningTessera) => Promise<T>): Promise<T> {
  const schema = backend === 'postgres' ? (await requirePostgres(), await createSchemaName()) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-bench-'));
  const scale = process.env.RATE_LIMIT_SCALE ? { RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE } : {};
  const server = await startTessera(
    configFromEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, JOBS_POLL_MS: '200', ...backendEnv(backend, schema), ...scale }, projectRoot),
  );
  try {
    return await fn(server);
  } finally {
    await server.close();
    if (schema) await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
export const median = (values: number[]) => percentile(values, 0.5);
