/**
 * axe-core on every page of the demo site (docs/demo.md) as a member sees it, at 1280 and 375 px,
 * in the light and the dark theme: no serious or critical violation anywhere, and no
 * Content-Security-Policy violation logged on the way. Besides the pages
 * (a member's profile, the settings and the directory among them), what opens over them: the user
 * menu, the notification centre, the mobile drawer (375 px) and a modal (the house rules).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, watchCspViolations, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browser: LaunchedBrowser;
/** Content-Security-Policy violations of the walk (the member's CSP check, tests/e2e/csp.test.ts). */
let cspViolations: string[];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  cspViolations = await watchCspViolations(browser.context);
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
  { path: '/app/people/profile/victor', heading: 'Victor Volunteer' },
  { path: '/app/settings', heading: 'Settings' },
];

/**
 * What opens over a page: on `path`, `trigger` opens the dialog named `dialog`; axe runs once
 * `ready` (inside it) shows; Escape or its Close button (`closeButton`) closes it again.
 */
interface Overlay {
  name: string;
  path: string;
  heading: string;
  narrowOnly?: boolean;
  trigger(page: Page): Locator;
  dialog: string;
  ready?: string;
  /** The role of `ready` (a button unless told). */
  readyRole?: 'button' | 'list';
  closeButton?: boolean;
}
const OVERLAYS: Overlay[] = [
  {
    name: 'user menu',
    path: '/app/home/welcome',
    heading: 'Welcome',
    trigger: (page) => page.locator('header').getByRole('button', { name: /^Open user controls/ }),
    dialog: 'User controls',
    ready: 'Log out',
  },
  {
    name: 'notification centre',
    path: '/app/home/welcome',
    heading: 'Welcome',
    trigger: (page) => page.locator('header').getByRole('button', { name: /^Notifications, / }),
    dialog: 'Notifications',
    ready: 'System',
    readyRole: 'list',
  },
  {
    name: 'mobile drawer',
    path: '/app/home/welcome',
    heading: 'Welcome',
    narrowOnly: true,
    trigger: (page) => page.getByRole('button', { name: 'Open menu' }),
    dialog: 'Menu',
  },
  {
    name: 'house rules modal',
    path: '/app/home/news',
    heading: 'News',
    trigger: (page) => page.getByRole('button', { name: 'Read the house rules' }),
    dialog: 'House rules',
    ready: 'Close',
    closeButton: true,
  },
];

async function openOverlay(page: Page, overlay: Overlay): Promise<void> {
  await overlay.trigger(page).click();
  const dialog = page.getByRole('dialog', { name: overlay.dialog });
  await (overlay.ready ? dialog.getByRole(overlay.readyRole ?? 'button', { name: overlay.ready }) : dialog).waitFor();
}

async function closeOverlay(page: Page, overlay: Overlay): Promise<void> {
  const dialog = page.getByRole('dialog', { name: overlay.dialog });
  if (overlay.closeButton) await dialog.getByRole('button', { name: 'Close' }).click();
  else await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

const WIDTHS = [1280, 375];
const SCHEMES = ['light', 'dark'] as const;

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/app/`);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('button', { name: 'Sign in as Maya Maker' }).click();
  await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
}

async function show(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForLoadState('networkidle');
}

/**
 * The demo's theme mode is auto: the member's system preference decides, and the page follows a
 * change of it without a reload: both schemes are checked on one load of each page and width (a
 * load per scheme doubled this suite's time for no other behaviour).
 */
async function inEachScheme(page: Page, check: (scheme: (typeof SCHEMES)[number]) => Promise<void>): Promise<void> {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme);
    await check(scheme);
  }
}

describe('axe on every demo page, as a member', () => {
  it('finds no serious or critical violation at 1280 and 375 px, light and dark', { timeout: 900_000 }, async () => {
    const page = await browser.context.newPage();
    await page.emulateMedia({ colorScheme: SCHEMES[0] });
    const found: string[] = [];
    // The stand-in login is the first page anyone sees: light and dark as the device prefers.
    await page.goto(`${server.url}/login`);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const v of await seriousViolations(page)) found.push(`/login ${width}px ${scheme}: ${v}`);
      }
    }
    await page.emulateMedia({ colorScheme: SCHEMES[0] });
    await signIn(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 740 });
      for (const { path, heading } of PAGES) {
        await show(page, path, heading);
        await inEachScheme(page, async (scheme) => {
          for (const v of await seriousViolations(page)) found.push(`${path} ${width}px ${scheme}: ${v}`);
        });
      }
      for (const overlay of OVERLAYS) {
        if (overlay.narrowOnly && width > 800) continue;
        await show(page, overlay.path, overlay.heading);
        await openOverlay(page, overlay);
        await inEachScheme(page, async (scheme) => {
          for (const v of await seriousViolations(page)) found.push(`${overlay.name} ${width}px ${scheme}: ${v}`);
        });
        await closeOverlay(page, overlay);
      }
    }
    await page.close();
    expect(found).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});
