/**
 * Starts the built server (dist/server/main.js) as a child process on a free port with its own
 * data folder, and stops it. Used by e2e tests and server benches: the real server, never a mock,
 * launched with the flags npm start gives it (scripts/server-flags.mjs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../scripts/paths';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startServer(env: Record<string, string> = {}, dataDir?: string): Promise<RunningServer> {
  const entry = path.join(projectRoot, 'dist/server/main.js');
  if (!fs.existsSync(entry)) throw new Error('dist/server/main.js is missing: run `npm run build` first (npm test does).');
  const port = await freePort();
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-data-'));
  let log = '';
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  // A loaded machine (several suites on two cores) may need longer: SERVER_START_TIMEOUT_MS.
  const wait = Number(process.env.SERVER_START_TIMEOUT_MS) || 30_000;
  const deadline = Date.now() + wait;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/app/`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${wait / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir: dir,
    process: child,
    output: () => log,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
