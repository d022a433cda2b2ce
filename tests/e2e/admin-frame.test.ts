/**
 * The /admin frame in Chromium against the built server (issue 28, deliverable 7): every admin
 * route of core 2.3 answers an admin with its screen or its "arrives with" notice; a member
 * reaching /app/admin/... is refused with the spec's sentence and downloads no admin code; an
 * elevated user (Elena) sees only the areas her grants open and is refused the others; the
 * navigation's collapsed state survives a reload; the frame, a notice and a panel are axe clean
 * (serious and critical) at 1280 px light and 375 px dark.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_AREAS, adminHref, type AdminAreaDefinition, type AdminRouteName } from '../../engine/core/admin-areas';
import en from '../../engine/core/i18n/messages/en/adminAreas.json' with { type: 'json' };
import { projectRoot } from '../../scripts/paths';
import { launchBrowser, seriousViolations, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

const REFUSED = 'That page does not exist, sorry for any inconvenience caused.';
/** Areas whose screens have landed; every other one shows its notice. */
const BUILT = new Set([
  'dashboard',
  'content',
  'tools',
  'exports',
  'notifications',
  'broadcasts',
  'notificationHistory',
  'userLists',
  'applications',
  'membershipRequests',
  'reportAbuse',
  'entities',
  'settings',
  'emailTemplateBuilder',
  'apps',
  'layouts',
  'blocks',
  'searchManagement',
  'dataMappings',
]);
/** Built routes of areas that are otherwise still notices. */
const BUILT_ROUTES = new Set(['usersLists']);
const AREAS: readonly AdminAreaDefinition[] = ADMIN_AREAS;
const titleOf = (area: string) => (en.areas as Record<string, { title: string }>)[area].title;

let server: RunningServer;
const browsers: Record<'admin' | 'maya' | 'elena', LaunchedBrowser> = {} as never;
const NAMES = { admin: 'Ada Admin', maya: 'Maya Maker', elena: 'Elena Editor' };

beforeAll(async () => {
  server = await startServer();
  const launched = await Promise.all((['admin', 'maya', 'elena'] as const).map(async (who) => [who, await launchBrowser()] as const));
  for (const [who, browser] of launched) browsers[who] = browser;
});
afterAll(async () => {
  await Promise.all(Object.values(browsers).map((b) => b?.close()));
  await server?.stop();
});

const signedIn = new Set<string>();
async function openAs(who: keyof typeof NAMES, url: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await browsers[who].context.newPage();
  await page.setViewportSize(viewport);
  if (!signedIn.has(who)) {
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: `Sign in as ${NAMES[who]}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    signedIn.add(who);
  }
  await page.goto(`${server.url}${url}`);
  return page;
}

/** In-app navigation, as a link click does it (no reload). */
const go = (page: Page, href: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/app${href}`);

const screenState = (page: Page) =>
  page.evaluate(() => ({
    area: document.querySelector<HTMLElement>('.t-admin-frame__screen')?.dataset.adminArea,
    title: document.querySelector('.t-admin-frame__screen h1')?.textContent,
    text: document.querySelector<HTMLElement>('.t-admin-frame__screen')?.innerText ?? '',
  }));

describe('the admin frame in Chromium', () => {
  it('answers every admin route of core 2.3 with its screen or its notice', async () => {
    const page = await openAs('admin', '/app/admin');
    await page.waitForURL((url) => url.pathname === '/app/admin/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const walked: string[] = [];
    for (const area of AREAS) {
      for (const route of area.routes) {
        const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1], `demo-${m[1]}`]));
        const href = adminHref(route.name as AdminRouteName, params);
        await go(page, href);
        await page.waitForFunction(
          ({ area, title }) =>
            document.querySelector<HTMLElement>('.t-admin-frame__screen')?.dataset.adminArea === area &&
            document.querySelector('.t-admin-frame__screen h1')?.textContent === title,
          { area: area.area, title: titleOf(area.area) },
        );
        const state = await screenState(page);
        expect(state.text, href).not.toContain(REFUSED);
        expect(state.text, href).not.toContain('could not be loaded.');
        if (!BUILT.has(area.area) && !BUILT_ROUTES.has(route.name)) expect(state.text, href).toContain('Arrives with ');
        walked.push(route.name);
      }
    }
    expect(walked).toHaveLength(AREAS.flatMap((a) => a.routes).length);
    // The built screens show what they are, not a notice.
    await go(page, '/admin/content');
    await page.getByRole('list', { name: 'Content' }).getByRole('listitem').first().waitFor();
    await go(page, '/admin/tools');
    await page.getByRole('heading', { level: 2, name: 'Background jobs' }).waitFor();
    await go(page, '/admin/broadcasts');
    await page.getByRole('button', { name: /Send/ }).first().waitFor();
    // A route the spec does not name: the refusal, inside the frame.
    await go(page, '/admin/tools/nothing-here');
    await page.getByText(REFUSED).waitFor();
    expect(await page.locator('[data-page-slug="404"]').count()).toBe(1);
    await page.close();
  });

  it('refuses a member with the spec sentence, and she downloads no admin code', async () => {
    const meta = JSON.parse(fs.readFileSync(path.join(projectRoot, 'dist/app/meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const adminChunks = Object.entries(meta.outputs)
      .filter(([file, out]) => file.endsWith('.js') && Object.keys(out.inputs).some((i) => /(^|\/)admin\/(?!edit-mode\/|core\/permissions\.ts$)/.test(i)))
      .map(([file]) => path.basename(file));
    expect(adminChunks.length).toBeGreaterThan(3);
    const page = await browsers.maya.context.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(path.basename(new URL(r.url()).pathname)));
    if (!signedIn.has('maya')) {
      await page.goto(`${server.url}/login`);
      await page.getByRole('button', { name: 'Sign in as Maya Maker' }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
      signedIn.add('maya');
    }
    for (const href of ['/app/admin', '/app/admin/tools', '/app/admin/content', '/app/admin/blocks/welcome-greeting']) {
      await page.goto(`${server.url}${href}`);
      await page.getByText(REFUSED).waitFor();
      expect(await page.locator('[data-page-slug="404"]').count(), href).toBe(1);
      expect(await page.getByRole('navigation', { name: 'Administration' }).count(), href).toBe(0);
    }
    expect(fetched.filter((f) => adminChunks.includes(f))).toEqual([]);
    await page.close();
  });

  it('shows an elevated user only the areas her grants open and refuses the rest', async () => {
    const page = await openAs('elena', '/app/admin');
    await page.waitForURL((url) => url.pathname === '/app/admin/layouts');
    const nav = page.getByRole('navigation', { name: 'Administration' });
    await nav.getByRole('link', { name: 'Layouts' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Layouts']);
    expect(await nav.getByRole('heading').allTextContents()).toEqual(['Content']);
    for (const href of ['/admin/tools', '/admin/dashboard', '/admin/content', '/admin/layouts/module/home']) {
      await go(page, href);
      await page.getByText(REFUSED).waitFor();
      expect(await page.getByRole('heading', { level: 1, name: titleOf(href.split('/')[2]) }).count(), href).toBe(0);
    }
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Layouts']);
    await page.close();
  });

  it('keeps the navigation collapsed across a reload; the keyboard reaches it; axe clean with a panel open, light and dark', async () => {
    const page = await openAs('admin', '/app/admin/content');
    const toggle = page.getByRole('button', { name: 'Admin navigation' });
    await page.getByRole('list', { name: 'Content' }).getByRole('listitem').first().waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    // Keyboard: Tab from the top of the page reaches the toggle (through the header), Enter collapses it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let tabs = 0;
    while (!(await toggle.evaluate((el) => el === document.activeElement)) && tabs++ < 40) await page.keyboard.press('Tab');
    expect(tabs).toBeLessThan(40);
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/v1/profile/meta/upsert') && r.ok()), page.keyboard.press('Enter')]);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.reload();
    await page.getByRole('list', { name: 'Content' }).getByRole('listitem').first().waitFor();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('navigation', { name: 'Administration' }).getByRole('link').count()).toBe(0);
    await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/v1/profile/meta/upsert') && r.ok()), toggle.click()]);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    // A panel over the screen: focus moves in, Escape closes it and focus returns to its opener.
    const edit = page.getByRole('button', { name: 'Edit Woodwork bench' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Edit Woodwork bench' });
    await panel.waitFor();
    expect(await page.evaluate(() => [document.activeElement?.tagName, document.activeElement?.textContent])).toEqual(['H2', 'Edit Woodwork bench']);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await edit.evaluate((el) => el === document.activeElement)).toBe(true);

    // 375 px, dark: the dashboard, a notice and the tools.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const [href, heading] of [
      ['/admin/dashboard', 'Dashboard'],
      ['/admin/users', 'Users'],
      ['/admin/tools', 'Tools'],
    ]) {
      await go(page, href);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await seriousViolations(page), href).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), href).toBeLessThanOrEqual(375);
    }
    await page.close();
  });
});
