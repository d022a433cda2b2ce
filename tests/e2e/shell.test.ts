import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../scripts/paths';
import type { Module, Page } from '../../schemas/model';
import { startAppWithApi } from '../helpers/app-with-api';
import { launchBrowser, type LaunchedBrowser } from '../helpers/browser';
import { initFixture } from '../helpers/init-fixture';
import { fakeJwt, type JsonServer } from '../helpers/json-server';

let server: JsonServer;
let browser: LaunchedBrowser;
const JWT = fakeJwt(Math.floor(Date.now() / 1000));

// Eight modules so the module row overflows at a medium width.
const extraModules: Module[] = Array.from({ length: 6 }, (_, i) => ({ id: `x${i}`, slug: `section-${i}`, name: `Section number ${i}`, childIds: [`xp${i}`] }));
const extraPages: Page[] = extraModules.map((m, i) => ({ id: `xp${i}`, slug: 'overview', name: 'Overview', moduleId: m.id }));
const fixture = initFixture();
fixture.structure.modules.push(...extraModules);
fixture.structure.pages.push(...extraPages);

beforeAll(async () => {
  server = await startAppWithApi({
    'POST /api/v1/auth/tradeSecret': (req) => ((req.body as { secret: string }).secret === 'S' ? { body: { jwt: JWT } } : { status: 401, body: { message: 'Bad secret' } }),
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

describe('the shell in Chromium against a scripted API', () => {
  it('signs in with t and s, renders home, navigates tabs without a reload, and collapses overflowing tabs into the dropdown', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1000, height: 800 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/app/?t=T&s=S`);
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/home/welcome');
    expect(new URL(page.url()).search).toBe('');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'News' }).click();
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    const modules = page.getByRole('navigation', { name: 'Modules' });
    await modules.getByRole('button', { name: 'More' }).waitFor();
    const visible = await modules.getByRole('link').allTextContents();
    expect(visible.length).toBeLessThan(8);
    expect(visible).toContain('Home');
    await modules.getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const overflowed = await menu.getByRole('menuitem').allTextContents();
    expect([...visible, ...overflowed].sort()).toEqual(['Events', 'Home', ...extraModules.map((m) => m.name)].sort());
    // Going to an overflowed module keeps its tab visible.
    await menu.getByRole('menuitem', { name: 'Section number 5' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await page.waitForTimeout(300);
    expect(await modules.getByRole('link', { name: 'Section number 5' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('uses the drawer below the medium breakpoint and keeps dark mode across a reload', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto(`${server.url}/app/home/welcome`);
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Modules' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    expect((await drawer.boundingBox())?.width).toBe(300);
    await drawer.getByRole('link', { name: 'Events' }).click();
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    expect(await drawer.count()).toBe(0);

    await page.setViewportSize({ width: 1000, height: 800 });
    await page.getByRole('button', { name: 'Open user controls' }).click();
    await page.getByRole('radio', { name: 'Dark' }).check();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.close();
  });

  it('shows the missing-module toast and the 404 page for an unknown module', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/app/nowhere`);
    await page.getByText('That module does not exist, sorry for any inconvenience caused.').waitFor();
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/404');
    await page.close();
  });
});

describe('software updates (spec 2.6)', () => {
  it('shows the update toast when a new service worker is waiting, and Reload activates it and reloads', async () => {
    const source = fs.readFileSync(path.join(projectRoot, 'dist/app/service-worker.js'), 'utf8');
    let version = 1;
    server.routes.set('GET /app/service-worker.js', () => ({ text: true, type: 'text/javascript', body: `${source}\n// version ${version}` }));
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/app/home/welcome`);
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    version = 2;
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/app/'))?.update());
    const toast = page.getByRole('status').filter({ hasText: 'This platform software has been updated. Please reload.' });
    await toast.waitFor();
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await toast.getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(() => !(window as unknown as { beforeReload?: boolean }).beforeReload);
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    expect(await page.getByText('This platform software has been updated. Please reload.').count()).toBe(0);
    server.routes.delete('GET /app/service-worker.js');
    await page.close();
  });
});
