import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../scripts/paths';
import type { Page as BrowserPage } from 'playwright-core';
import { startAppWithApi } from '../helpers/app-with-api';
import { launchBrowser, type LaunchedBrowser } from '../helpers/browser';
import { initFixture } from '../helpers/init-fixture';
import { fakeJwt, type JsonServer } from '../helpers/json-server';

let server: JsonServer;
let browser: LaunchedBrowser;
const JWT = fakeJwt(Math.floor(Date.now() / 1000));

// Sign-in, pages, tabs, drawer, theme and 404 run against the real server in member.test.ts; this
// file keeps what needs a scripted server: swapping the service worker script between two loads.
const fixture = initFixture();

beforeAll(async () => {
  server = await startAppWithApi({
    'POST /api/v1/auth/tradeSecret': (req) =>
      (req.body as { secret: string }).secret === 'S' ? { body: { jwt: JWT } } : { status: 401, body: { message: 'Bad secret' } },
    'GET /api/v1/settings': () => ({ body: { themeModeEnabled: true } }),
    'GET /api/v1/init': (req) => (req.headers.authorization === `Bearer ${JWT}` ? { body: fixture } : { status: 401, body: { message: 'Not authorized' } }),
    'GET /api/v1/user/image_access_token': () => ({ body: { token: 't' } }),
    'GET /api/v1/service/brands/active/theme.css': () => ({ body: ':root{}', text: true }),
    'POST /api/v1/audit/save': () => ({ body: { ok: true } }),
    'POST /api/v1/settings/permission/getDefaultPagesViewPermission': () => ({ body: {} }),
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The shell is up on the Welcome page (the scripted API has no page documents, so blocks stay unloaded). */
const welcomeTab = (page: BrowserPage) => page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Welcome' });

describe('software updates (spec 2.6)', () => {
  it('shows the update toast when a new service worker is waiting, and Reload activates it and reloads', async () => {
    const source = fs.readFileSync(path.join(projectRoot, 'dist/app/service-worker.js'), 'utf8');
    let version = 1;
    server.routes.set('GET /app/service-worker.js', () => ({ text: true, type: 'text/javascript', body: `${source}\n// version ${version}` }));
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/app/?t=T&s=S`);
    await welcomeTab(page).waitFor();
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await welcomeTab(page).waitFor();
    version = 2;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/app/'))?.update());
    const toast = page.getByRole('status').filter({ hasText: 'This platform software has been updated. Please reload.' });
    await toast.waitFor();
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await toast.getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(() => !(window as unknown as { beforeReload?: boolean }).beforeReload);
    await welcomeTab(page).waitFor();
    expect(await page.getByText('This platform software has been updated. Please reload.').count()).toBe(0);
    server.routes.delete('GET /app/service-worker.js');
    await page.close();
  });
});
