// Entry of the built server (dist/server/main.js): configuration from the environment, then start.
// V8 settings first, before any other module loads (gc-tuning.ts says which and why).
import './gc-tuning';
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
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  console.error(`Tessera could not start: ${(error as Error).message}`);
  process.exit(1);
}
