import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the installable app (spec 1)', () => {
  it('registers /app/service-worker.js and, once cached, starts offline from the cache', async () => {
    const context = browser.context;
    const page = await context.newPage();
    await page.goto(`${server.url}/app/`);
    const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scriptURL).toBe(`${server.url}/app/service-worker.js`);
    // A controlled load puts the hashed files in the cache.
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome' }).isVisible()).toBe(true);
    await context.setOffline(false);
    await page.close();
  });
});
