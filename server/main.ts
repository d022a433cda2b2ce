// Entry of the built server (dist/server/main.js): configuration from the environment, then start.
// Launched with the flags of scripts/server-flags.mjs (npm start passes them).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTessera } from './app';
import { configFromEnv } from './config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

try {
  const config = configFromEnv(process.env, root);
  const server = await startTessera(config);
  const engine = server.engine === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  console.log(`Tessera is running on ${engine}: open ${server.url}/${config.loginUrl ? 'app/' : 'login'}`);
  let stopping: Promise<void> | undefined;
  // Once: Ctrl+C reaches both the launcher (scripts/start.mjs), which passes it on, and the server.
  const stop = () => (stopping ??= server.close().then(() => process.exit(0)));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The launcher's IPC channel closes when it ends, even killed: the server does not outlive it.
  process.once('disconnect', stop);
} catch (error) {
  console.error(`Tessera could not start: ${(error as Error).message}`);
  process.exit(1);
}
