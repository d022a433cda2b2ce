/**
 * axe-core on every page of the demo site (docs/demo.md) as a member sees it, at 1280 and 375 px,
 * in the light and the dark theme: no serious or critical violation anywhere.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, type LaunchedBrowser } from '../helpers/browser';
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

/** Maya's pages (docs/demo.md): every page she may view, and a profile page of another member. */
const PAGES: { path: string; heading: string }[] = [
  { path: '/app/home/welcome', heading: 'Welcome' },
  { path: '/app/home/news', heading: 'News' },
  { path: '/app/community/members', heading: 'Members' },
  { path: '/app/community/groups', heading: 'Groups' },
  { path: '/app/community/events', heading: 'Events' },
  { path: '/app/resources/guides', heading: 'Guides' },
  { path: '/app/resources/faq', heading: 'FAQ' },
  { path: '/app/resources/tool-library', heading: 'Tool library' },
  { path: '/app/resources/share', heading: 'Share your work' },
  { path: '/app/members-area/lounge', heading: 'Members lounge' },
  { path: '/app/members-area/my-settings', heading: 'My settings' },
  { path: '/app/members-area/notice-board', heading: 'Notice board' },
  { path: '/app/people/directory', heading: 'Directory' },
];

const WIDTHS = [1280, 375];
const SCHEMES = ['light', 'dark'] as const;

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/app/`);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('button', { name: 'Sign in as Maya Maker' }).click();
  await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
}

describe('axe on every demo page, as a member', () => {
  it('finds no serious or critical violation at 1280 and 375 px, light and dark', { timeout: 900_000 }, async () => {
    const page = await browser.context.newPage();
    await signIn(page);
    const found: string[] = [];
    for (const scheme of SCHEMES) {
      // The demo's theme mode is auto: the member's system preference decides.
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
        for (const { path, heading } of PAGES) {
          await page.goto(`${server.url}${path}`);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          await page.waitForLoadState('networkidle');
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
          for (const v of await seriousViolations(page)) found.push(`${path} ${width}px ${scheme}: ${v}`);
        }
      }
    }
    await page.close();
    expect(found).toEqual([]);
  });
});
