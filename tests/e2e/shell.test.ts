/**
 * Software updates (spec 2.6) in Chromium against the real server, started in-process on a copy
 * of the built app: the test rewrites the copy's service-worker.js between two loads, as a deploy
 * does, and the shell offers the reload.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { projectRoot } from '../../scripts/paths';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { launchBrowser, type LaunchedBrowser } from '../helpers/browser';

let server: ApiServer;
let browser: LaunchedBrowser;
let appDir: string;

beforeAll(async () => {
  const built = path.join(projectRoot, 'dist/app');
  if (!fs.existsSync(path.join(built, 'index.html'))) throw new Error('dist/app is missing: run `npm run build` first (npm test does).');
  appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-app-'));
  fs.cpSync(built, appDir, { recursive: true });
  server = await startApiServer('sqlite', {}, { appDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (appDir) fs.rmSync(appDir, { recursive: true, force: true });
});

const welcome = (page: BrowserPage) => page.getByRole('heading', { level: 1, name: 'Welcome' });

describe('software updates (spec 2.6)', () => {
  it('shows the update toast when a new service worker is waiting, and Reload activates it and reloads', async () => {
    const worker = path.join(appDir, 'service-worker.js');
    const source = fs.readFileSync(worker, 'utf8');
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/app/`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in as Maya Maker' }).click();
    await welcome(page).waitFor();
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await welcome(page).waitFor();

    fs.writeFileSync(worker, `${source}\n// version 2\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/app/'))?.update());
    const toast = page.getByRole('status').filter({ hasText: 'This platform software has been updated. Please reload.' });
    await toast.waitFor();
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await toast.getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(() => !(window as unknown as { beforeReload?: boolean }).beforeReload);
    await welcome(page).waitFor();
    expect(await page.getByText('This platform software has been updated. Please reload.').count()).toBe(0);
    await page.close();
  });
});
