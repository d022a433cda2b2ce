/**
 * `npm start` (scripts/start.mjs) launches the built server in a Node process of its own with the
 * server's flags on its command line (scripts/server-flags.mjs: V8 flags are never set at run
 * time), and the server stops with its launcher however the launcher is stopped. Reads the build
 * `npm test` made (start.mjs would rebuild a stale one first); SQLite only, nothing here is per
 * database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../scripts/paths';
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.mjs';
import { freePort } from '../helpers/server-process';

interface Launched {
  launcher: ChildProcess;
  /** The server process the launcher started. */
  serverPid: number;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Pids whose parent is `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  return fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[1]) === pid ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

/** Ended: no such process, or one that exited and waits to be reaped. */
function ended(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].startsWith('Z');
  } catch {
    return true;
  }
}

async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('npm start (scripts/start.mjs)', () => {
  let dataDir: string;
  const launched: Launched[] = [];

  beforeAll(() => {
    if (!fs.existsSync(path.join(projectRoot, 'dist/server/main.js')))
      throw new Error('dist/server/main.js is missing: run `npm run build` first (npm test does).');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-launch-'));
  });

  afterAll(() => {
    for (const { launcher, serverPid } of launched) {
      launcher.kill('SIGKILL');
      if (!ended(serverPid)) process.kill(serverPid, 'SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts `node scripts/start.mjs` in a process group of its own (as a terminal would) and waits until the server answers. */
  async function launch(): Promise<Launched> {
    const port = await freePort();
    let log = '';
    const launcher = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: projectRoot,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    launcher.stdout!.on('data', (d) => (log += d));
    launcher.stderr!.on('data', (d) => (log += d));
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      launcher.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const deadline = Date.now() + (Number(process.env.SERVER_START_TIMEOUT_MS) || 30_000);
    for (;;) {
      if (launcher.exitCode !== null) throw new Error(`start.mjs exited with ${launcher.exitCode}:\n${log}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer:\n${log}`);
      const ok = await fetch(`http://127.0.0.1:${port}/app/`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const [serverPid] = childrenOf(launcher.pid!);
    const started = { launcher, serverPid, exit };
    launched.push(started);
    return started;
  }

  it('runs the server in its own process with the server flags on its command line, and passes a SIGTERM on', async () => {
    const { launcher, serverPid, exit } = await launch();
    const argv = fs.readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    expect(argv.slice(1)).toEqual([...SERVER_NODE_FLAGS, path.join(projectRoot, 'dist/server/main.js')]);

    launcher.kill('SIGTERM');
    // The server closed its connections and database and exited 0; the launcher exits with its code.
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(ended(serverPid)).toBe(true);
  });

  it('stops once on Ctrl+C, which reaches the launcher and the server both', async () => {
    const { launcher, serverPid, exit } = await launch();
    process.kill(-launcher.pid!, 'SIGINT');
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(ended(serverPid)).toBe(true);
  });

  it('stops the server when the launcher is killed', async () => {
    const { launcher, serverPid, exit } = await launch();
    launcher.kill('SIGKILL');
    expect((await exit).signal).toBe('SIGKILL');
    await until(() => ended(serverPid), 'the server stopped');
  });
});
