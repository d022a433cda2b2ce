/**
 * bundle.memberHome: the JavaScript a member's browser really downloads for the demo home page.
 * The built server (dist/) with its demo content, a fresh Chromium profile, Maya's first load of
 * /app/home/welcome through a sign-in secret, every script response the page receives until the
 * network is idle, each body gzipped at level 9 (as bundle.member counts files), summed. Unlike
 * bundle.member this includes the lazy chunks the first page pulls in (engine page, blocks,
 * realtime). It waits for every top-level block to render, then for the network to be idle, so
 * each run counts the same files. BENCH_VERBOSE=1 lists the files on stderr.
 */
import zlib from 'node:zlib';
import { launchBrowser } from '../helpers/browser';
import { startServer } from '../helpers/server-process';
import { defineBenches } from './harness';

/** A sign-in secret for the stand-in login: the address the login sends the member to. */
async function secretUrl(base: string, accountId: string): Promise<string> {
  const login = await fetch(`${base}/login`, { method: 'POST', body: new URLSearchParams({ accountId }), redirect: 'manual' });
  const location = login.headers.get('location');
  if (!location) throw new Error(`the stand-in login gave no address for ${accountId} (${login.status})`);
  return new URL(location, base).href;
}

export default defineBenches([
  {
    name: 'bundle.memberHome',
    async run() {
      const server = await startServer();
      const browser = await launchBrowser();
      try {
        const page = await browser.context.newPage();
        const scripts: { url: string; gzipBytes: number }[] = [];
        const pending: Promise<void>[] = [];
        page.on('response', (response) => {
          const url = new URL(response.url());
          if (url.origin !== server.url || !url.pathname.endsWith('.js')) return;
          pending.push(
            response
              .body()
              .then((body) => void scripts.push({ url: url.pathname, gzipBytes: zlib.gzipSync(body, { level: 9 }).length }))
              .catch(() => undefined),
          );
        });
        await page.goto(await secretUrl(server.url, 'maya'));
        await page.waitForURL((url) => url.pathname === '/app/home/welcome');
        await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
        // Every top-level block rendered (its chunk loaded, no loading state) before the network
        // counts as idle: otherwise a slow block chunk may start after a quiet 500 ms and be missed.
        await page.waitForFunction(() => {
          const blocks = [...document.querySelectorAll('[data-block-id]')].filter((b) => !b.parentElement?.closest('[data-block-id]'));
          return blocks.length > 0 && blocks.every((b) => b.childElementCount > 0) && !document.querySelector('[data-block-state="loading"]');
        });
        await page.waitForLoadState('networkidle');
        await Promise.all(pending);
        const unique = [...new Map(scripts.map((s) => [s.url, s])).values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
        if (process.env.BENCH_VERBOSE === '1') for (const s of unique) console.error(`${s.gzipBytes}\t${s.url}`);
        return [{ bench: 'bundle.memberHome', gzipBytes: unique.reduce((sum, s) => sum + s.gzipBytes, 0), files: unique.length }];
      } finally {
        await browser.close();
        await server.stop();
      }
    },
  },
]);
