import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { signInAt } from '../helpers/api-server';
import { freePort, startServer } from '../helpers/server-process';
import { defineBenches, round } from './harness';

// Requests per second and p99 latency of the two hottest reads (GET /api/v1/init and GET
// structure/page/{id}) on the embedded database, at 50 connections, against a bare node:http
// hello-world measured in the same run. Both servers run as child processes; autocannon runs here.
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);

async function bareServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const code = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/plain' }); s.end('hello'); }).listen(${port}, '127.0.0.1', () => console.log('ready'))`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGKILL') };
}

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return { rps: round(result.requests.average, 0), p99Ms: result.latency.p99 };
}

export default defineBenches([
  {
    name: 'server.init',
    async run() {
      const bare = await bareServer();
      const server = await startServer();
      try {
        const jwt = await signInAt(server.url, 'maya');
        const auth = { authorization: `Bearer ${jwt}` };
        // The bare server is measured before and after: on a shared machine load drifts, and the mean
        // of the two brackets the server runs.
        const before = await measure(bare.url);
        const init = await measure(`${server.url}/api/v1/init`, auth);
        const page = await measure(`${server.url}/api/v1/structure/page/welcome`, auth);
        const after = await measure(bare.url);
        const baseline = { rps: round((before.rps + after.rps) / 2, 0), p99Ms: Math.max(before.p99Ms, after.p99Ms) };
        return [
          {
            bench: 'server.init',
            size: CONNECTIONS,
            ...init,
            baselineRps: baseline.rps,
            baselineP99Ms: baseline.p99Ms,
            ratio: round(init.rps / baseline.rps, 2),
          },
          {
            bench: 'server.page',
            size: CONNECTIONS,
            ...page,
            baselineRps: baseline.rps,
            baselineP99Ms: baseline.p99Ms,
            ratio: round(page.rps / baseline.rps, 2),
          },
        ];
      } finally {
        bare.stop();
        await server.stop();
      }
    },
  },
]);
