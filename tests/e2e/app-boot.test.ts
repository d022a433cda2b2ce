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

describe('the built app in Chromium', () => {
  it('serves /app and renders blocks loaded as lazy chunks', async () => {
    const page = await browser.context.newPage();
    const chunks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/chunks/')) chunks.push(r.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/app/`);
    await page.getByRole('note', { name: 'Every page is data' }).waitFor();
    expect(await page.textContent('main')).toContain('Welcome to Tessera.');
    expect(chunks.some((u) => /callout-/.test(u))).toBe(true);
    expect(errors).toEqual([]);
  });
});
