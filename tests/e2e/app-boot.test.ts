import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAxe, launchBrowser, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // These tests look at the login screen itself: as after a logout, so the app stays on it instead
  // of going on to the login service (member.test.ts follows that redirect).
  await browser.context.addInitScript(() => sessionStorage.setItem('tessera.loggedOut', '1'));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the built app in Chromium', () => {
  it('serves /app and, without a session after a logout, shows the login screen with its Log in button', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/app/`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Welcome' }).isVisible()).toBe(true);
    // The boot spinner is gone once start-up settled.
    expect(await page.locator('#boot-spinner').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has no axe-core violations on the login screen, in light and dark', async () => {
    const page = await browser.context.newPage();
    for (const scheme of ['light', 'dark']) {
      await page.goto(`${server.url}/app/`);
      await page.evaluate((s) => localStorage.setItem('tessera.themeScheme', s), scheme);
      await page.reload();
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      await injectAxe(page);
      const violations = await page.evaluate(async () => {
        const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      expect(violations, scheme).toEqual([]);
    }
    await page.evaluate(() => localStorage.removeItem('tessera.themeScheme'));
    await page.close();
  });

  it('applies the stored dark scheme before the app runs (no flash of the wrong theme)', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/app/`);
    await page.evaluate(() => localStorage.setItem('tessera.themeScheme', 'dark'));
    let themeAtFirstScript: string | undefined;
    await page.exposeFunction('reportTheme', (t: string) => (themeAtFirstScript = t));
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () =>
        (window as unknown as { reportTheme(t: string): void }).reportTheme(document.documentElement.dataset.theme ?? 'none'),
      ),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(themeAtFirstScript).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(17, 20, 24)');
    await page.close();
  });

  it('serves the service worker at /app/service-worker.js and the web manifest', async () => {
    const page = await browser.context.newPage();
    const sw = await page.request.get(`${server.url}/app/service-worker.js`);
    expect(sw.ok()).toBe(true);
    expect(sw.headers()['content-type']).toContain('javascript');
    expect(await sw.text()).toContain('tessera-app-');
    const manifest = await (await page.request.get(`${server.url}/app/manifest.webmanifest`)).text();
    expect(JSON.parse(manifest)).toMatchObject({ start_url: '/', display: 'standalone', background_color: '#ffffff', theme_color: '#3b5bdb' });
    await page.close();
  });

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
