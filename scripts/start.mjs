// `npm start`: builds when the build is missing or older than the sources, then starts the server
// in a Node process of its own, launched with the server's flags (server-flags.mjs says why).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'dist/server/main.js');
const sources = ['schemas', 'engine', 'registry', 'blocks', 'admin', 'web', 'server'];

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const built = fs.existsSync(output) && fs.existsSync(path.join(root, 'dist/app/index.html')) ? fs.statSync(output).mtimeMs : 0;
const stale = sources.some((s) => newestMtime(path.join(root, s)) > built);
if (stale) {
  console.log('Building Tessera...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const server = spawn(process.execPath, [...process.execArgv, ...SERVER_NODE_FLAGS, output], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
// A stop asked of the launcher is the server's to do (it closes its connections and database).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
