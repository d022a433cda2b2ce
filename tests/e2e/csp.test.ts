/**
 * The Content-Security-Policy in Chromium against the built server (issue 12, finding 4): every
 * demo page, as the admin (edit mode included; a member's walk is axe-demo-pages'), renders with no CSP violation
 * (no inline script, no eval: the handlebars greeting renders through the engine's interpreter);
 * and an SVG favicon carrying a script cannot run it on our origin, opened or embedded.
 */
import type { BrowserContext, Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '../helpers/api-server';
import { launchBrowser, watchCspViolations, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

const DEMO_PAGES = [
  '/app/home/welcome',
  '/app/home/news',
  '/app/community/members',
  '/app/community/groups',
  '/app/community/events',
  '/app/resources/guides',
  '/app/resources/faq',
  '/app/resources/tool-library',
  '/app/members-area/lounge',
  '/app/members-area/volunteers',
  '/app/members-area/my-settings',
  '/app/members-area/notice-board',
  '/app/members-area/shifts',
];

let server: RunningServer;
const browsers: LaunchedBrowser[] = [];

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await server?.stop();
});

/** A browser whose every page reports CSP violations. */
async function watchedBrowser(): Promise<{ context: BrowserContext; violations: string[] }> {
  const browser = await launchBrowser();
  browsers.push(browser);
  return { context: browser.context, violations: await watchCspViolations(browser.context) };
}

async function signIn(context: BrowserContext, name: string): Promise<BrowserPage> {
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await page.waitForFunction(() => !!localStorage.getItem('jwt'));
  await page.locator('.ts-shell').waitFor();
  return page;
}

describe('the Content-Security-Policy in Chromium', () => {
  // A member's walk of every demo page is the axe walk's (tests/e2e/axe-demo-pages.test.ts), which
  // watches for violations too: here the admin, whose pages and edit mode load more code.
  it.each([['Ada Admin', true]])('%s visits every demo page with no violation logged', async (name, editMode) => {
    const { context, violations } = await watchedBrowser();
    const page = await signIn(context, name);
    const response = await page.goto(`${server.url}/app/home/welcome`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // The greeting is a handlebars template: rendered without eval.
    await page.getByText(/welcome back to the workshop/).waitFor();
    for (const path of DEMO_PAGES) {
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      await page.locator('main').waitFor();
    }
    if (editMode) {
      await page.goto(`${server.url}/app/home/welcome`, { waitUntil: 'networkidle' });
      await page.keyboard.press('Alt+Shift+E');
      await page.locator('.ts-shell').waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });

  it('an SVG favicon with a script runs nothing on our origin, opened directly or embedded', async () => {
    const admin = await signInAt(server.url, 'admin');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/v1/xss-beacon?"+localStorage.getItem("jwt"))</script></svg>';
    const upload = await fetch(`${server.url}/api/v1/service/brands/1/favicon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ changes: { image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` } }),
    });
    expect(upload.status).toBe(200);
    const { context } = await watchedBrowser();
    const beacons: string[] = [];
    context.on('request', (r) => {
      if (r.url().includes('xss-beacon')) beacons.push(r.url());
    });
    const page = await signIn(context, 'Maya Maker');
    const favicon = `${server.url}/api/v1/favicon/1`;
    // Opened: the browser downloads it rather than rendering it.
    await page.goto(favicon).catch(() => undefined);
    // Embedded in a page of our origin, in every way a page can embed a document.
    await page.goto(`${server.url}/app/home/welcome`, { waitUntil: 'networkidle' });
    await page.evaluate((src) => {
      for (const tag of ['iframe', 'object', 'embed', 'img'] as const) {
        const el = document.createElement(tag);
        if (tag === 'object') (el as HTMLObjectElement).data = src;
        else (el as HTMLIFrameElement).src = src;
        document.body.append(el);
      }
    }, favicon);
    await page.waitForTimeout(1500);
    expect(beacons).toEqual([]);
  });
});
