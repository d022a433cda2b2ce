/**
 * What follows the member's account and the site's settings, in Chromium against the built server:
 * a settings change an admin makes through the API shows in a member's open page without a reload
 * (`settings:updated`), the language chosen follows the account into a fresh browser, and a
 * member who made connectivity private never sends a device keepalive.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '../helpers/api-server';
import { launchBrowser, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
const browsers: LaunchedBrowser[] = [];

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  for (const b of browsers) await b.close();
  await server?.stop();
});

async function freshBrowser(): Promise<LaunchedBrowser> {
  const b = await launchBrowser();
  browsers.push(b);
  return b;
}

/** Signs in through the stand-in login's form, as a person would, and lands on the welcome page. */
async function signIn(page: Page, name: string): Promise<void> {
  await page.goto(`${server.url}/app/`);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await page.waitForURL((url) => url.pathname === '/app/home/welcome');
}

/** Resolves once the page's realtime client is connected: it subscribes to the page on connect. */
function realtimeConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => ws.on('framesent', (f) => String(f.payload).includes('page:subscribe') && resolve()));
    page.on('request', (r: Request) => r.url().includes('/socket.io/') && (r.postData() ?? '').includes('page:subscribe') && resolve());
  });
}

async function call(method: string, url: string, token: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}/api/v1/${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('the account and the settings follow the member', () => {
  it('a settings change made through the API shows in a member’s open page without a reload', async () => {
    const { context } = await freshBrowser();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const connected = realtimeConnected(page);
    await signIn(page, 'Maya Maker');
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await connected;
    // The greeting renders from the template's tree the server stored (no parser in the browser).
    await page.getByText('Hello Maya, welcome back to the workshop.').waitFor();
    await page.evaluate(() => ((window as unknown as { tesseraMarker: number }).tesseraMarker = 7));
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Help' }).count()).toBe(0);

    const admin = await signInAt(server.url, 'admin');
    expect((await call('POST', 'settings/footer', admin, { changes: { links: { helpPage: 'https://example.org/help' } }, merge: true })).status).toBe(200);
    await footer.getByRole('link', { name: 'Help' }).waitFor();
    // The links the footer had stay: the settings are replaced by the stored whole, not by a part.
    expect(await footer.getByRole('link', { name: 'Privacy policy' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { tesseraMarker?: number }).tesseraMarker)).toBe(7);

    // Locking the theme takes the theme selector out of the member's open user menu.
    await page.getByRole('button', { name: /^Open user controls/ }).click();
    const menu = page.getByRole('dialog', { name: 'User controls' });
    await menu.getByRole('group', { name: 'Theme' }).waitFor();
    expect((await call('POST', 'settings/theme', admin, { changes: { lockKey: 'brand-launch' }, merge: true })).status).toBe(200);
    await menu.getByRole('group', { name: 'Theme' }).waitFor({ state: 'detached' });
    expect(await menu.getByRole('button', { name: 'Log out' }).count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { tesseraMarker?: number }).tesseraMarker)).toBe(7);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the language chosen follows the account into a fresh browser', async () => {
    const first = await (await freshBrowser()).context.newPage();
    await signIn(first, 'Victor Volunteer');
    await first.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    // The directory's search block brings its texts with its chunk: switched on that page, they follow.
    await first.goto(`${server.url}/app/people/directory`);
    await first.getByRole('searchbox', { name: 'Search members' }).waitFor();
    await first.getByRole('button', { name: /^Open user controls/ }).click();
    const saved = first.waitForResponse((r) => r.url().endsWith('/api/v1/profile/meta/upsert') && r.request().method() === 'POST');
    await first.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    expect((await saved).status()).toBe(200);
    await first.waitForFunction(() => document.documentElement.lang === 'fr');
    await first.getByRole('searchbox', { name: 'Rechercher des membres' }).waitFor();
    // The local copy is for the login screen.
    expect(await first.evaluate(() => localStorage.getItem('tessera.locale'))).toBe('fr');

    // Another browser: nothing stored locally, the account says French.
    const second = await (await freshBrowser()).context.newPage();
    await signIn(second, 'Victor Volunteer');
    await second.getByRole('button', { name: /^Ouvrir les contrôles utilisateur/ }).waitFor();
    expect(await second.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await second.evaluate(() => localStorage.getItem('tessera.locale'))).toBe('fr');
    // Loaded in French from the start: the block's French texts come before it shows.
    await second.goto(`${server.url}/app/people/directory`);
    await second.getByRole('searchbox', { name: 'Rechercher des membres' }).waitFor();
    expect(await second.getByRole('searchbox', { name: 'Search members' }).count()).toBe(0);
  });

  it('a member who made connectivity private sends no keepalive; one who did not, does', async () => {
    const elena = await signInAt(server.url, 'elena');
    expect((await call('POST', 'profile/meta/privacy/connectivity', elena, { isConnectivityPrivate: true })).status).toBe(200);

    const keepalives = async (name: string) => {
      const page = await (await freshBrowser()).context.newPage();
      const sent: string[] = [];
      page.on('request', (r) => r.url().endsWith('/api/v1/user/deviceKeepalive') && sent.push(r.url()));
      // The own profile arrives with the page: the keepalive is decided once it is there.
      const ownProfile = page.waitForResponse((r) => r.url().endsWith('/api/v1/profile/collection'));
      await signIn(page, name);
      await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
      await ownProfile;
      await page.waitForLoadState('networkidle');
      await page.close();
      return sent.length;
    };
    expect(await keepalives('Elena Editor')).toBe(0);
    expect(await keepalives('Maya Maker')).toBe(1);
    // The keepalive never reached Elena's profile either.
    const admin = await signInAt(server.url, 'admin');
    const profiles = (await (await call('POST', 'profile/collection', admin, { accountIds: ['elena', 'maya'] })).json()) as {
      accountId: string;
      keepaliveTimestamp?: number;
    }[];
    expect(profiles.find((p) => p.accountId === 'elena')?.keepaliveTimestamp).toBeUndefined();
    expect(typeof profiles.find((p) => p.accountId === 'maya')?.keepaliveTimestamp).toBe('number');
  });

  it('a page with a modal loads what the modal holds with the page: the first opening fetches no script', async () => {
    // A QR code inside the house-rules modal: no other block of the page has that type.
    const admin = await signInAt(server.url, 'admin');
    const created = await call('PUT', 'structure/block', admin, {
      pageId: 'news',
      parentId: 'news-rules-modal',
      block: { type: 'qrCode', options: { value: 'https://example.org/rules', label: 'House rules online' } },
    });
    expect(created.status).toBe(200);
    const page = await (await freshBrowser()).context.newPage();
    await signIn(page, 'Maya Maker');
    const qrChunk = page.waitForRequest((r) => /\/chunks\/qrCode-[A-Z0-9]+\.js$/.test(r.url()));
    await page.goto(`${server.url}/app/home/news`);
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    await qrChunk;
    await page.waitForLoadState('networkidle');
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.getByRole('button', { name: 'Read the house rules' }).click();
    await page.getByRole('dialog').getByRole('img', { name: 'House rules online' }).waitFor();
    expect(scripts).toEqual([]);
  });
});
