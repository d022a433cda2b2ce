/**
 * Server processes with the job probe domain (tests/fixtures/jobs-probe/worker.ts), run from the
 * sources through tsx, sharing one database: what the job tests kill mid-job and the bench
 * runs side by side. `openProbeDatabase` reads the same database from the test's process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../../scripts/paths';
import { openDatabase, type OpenedDatabase } from '../../server/storage/database';
import { POSTGRES_URL, type Backend } from './api-server';

export interface JobWorker {
  url: string;
  pid: number;
  process: ChildProcess;
  output(): string;
  /** SIGTERM (a clean stop) by default; SIGKILL ends it where it is. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const WORKER = path.join(projectRoot, 'tests/fixtures/jobs-probe/worker.ts');

/** Where the workers of a test keep their data: a SQLite folder, or a PostgreSQL schema. */
export interface SharedDatabase {
  backend: Backend;
  dataDir: string;
  schema?: string;
}

export function databaseEnv(db: SharedDatabase): Record<string, string> {
  return { DATA_DIR: db.dataDir, ...(db.schema ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: db.schema } : {}) };
}

export async function startJobWorker(db: SharedDatabase, env: Record<string, string> = {}): Promise<JobWorker> {
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: projectRoot,
    env: { ...process.env, ...databaseEnv(db), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (d) => (log += d));
  const url = await new Promise<string>((resolve, reject) => {
    const wait = Number(process.env.SERVER_START_TIMEOUT_MS) || 60_000;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the job worker did not start within ${wait / 1000} s:\n${log}`));
    }, wait);
    child.stdout!.on('data', (d: Buffer) => {
      log += d;
      const ready = /ready (\S+)/.exec(log);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the job worker exited with ${code}:\n${log}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    process: child,
    output: () => log,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

export function openProbeDatabase(db: SharedDatabase): Promise<OpenedDatabase> {
  return openDatabase({ dataDir: db.dataDir, databaseUrl: db.schema ? POSTGRES_URL : undefined, databaseSchema: db.schema });
}
