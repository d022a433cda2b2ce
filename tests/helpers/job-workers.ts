/**
 * Server processes with the job probe domain (tests/fixtures/jobs-probe/worker.ts), run from the
 * sources through tsx, sharing one database (a JobCluster): what the job tests kill mid-job and
 * the bench runs side by side. The cluster also reads that database from the test's process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../scripts/paths';
import { openDatabase, type OpenedDatabase } from '../../server/storage/database';
import { createSchemaName, dropSchema, POSTGRES_URL, requirePostgres, type Backend } from './api-server';

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

/** Worker processes on one fresh database (a SQLite folder or a PostgreSQL schema), and that database read from here. */
export class JobCluster {
  readonly workers: JobWorker[] = [];
  private opened?: OpenedDatabase;

  private constructor(readonly shared: SharedDatabase) {}

  static async create(backend: Backend): Promise<JobCluster> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-jobs-'));
    if (backend === 'sqlite') return new JobCluster({ backend, dataDir });
    await requirePostgres();
    return new JobCluster({ backend, dataDir, schema: await createSchemaName() });
  }

  async start(env: Record<string, string> = {}): Promise<JobWorker> {
    const worker = await startJobWorker(this.shared, env);
    this.workers.push(worker);
    return worker;
  }

  /** The database, opened once (after a worker has migrated it). */
  async db(): Promise<OpenedDatabase['db']> {
    this.opened ??= await openDatabase({
      dataDir: this.shared.dataDir,
      databaseUrl: this.shared.schema ? POSTGRES_URL : undefined,
      databaseSchema: this.shared.schema,
    });
    return this.opened.db;
  }

  /** Enqueues through a worker's probe route; answers the job ids. */
  async enqueue(worker: JobWorker, body: { name: string; payload?: unknown; count?: number; runAt?: number }): Promise<number[]> {
    const res = await fetch(`${worker.url}/api/v1/probe/enqueue`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`enqueue failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { ids: number[] }).ids;
  }

  /** Kills what still runs and removes the database. */
  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.stop('SIGKILL')));
    await this.opened?.close();
    if (this.shared.schema) await dropSchema(this.shared.schema);
    fs.rmSync(this.shared.dataDir, { recursive: true, force: true });
  }
}
