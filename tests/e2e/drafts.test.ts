/**
 * Drafts in Chromium (issue 35, findings 1 and 2): Ada, in edit mode, adds a module "Projects"
 * (it opens on its first page), a page "Build log" (it opens, with no navigation-guard toast) and a
 * Tabs block on it; Maya, in a second browser, gets no Projects tab, neither live nor over a
 * reload, until Ada publishes; then it reaches her without a reload. The drafts bar and badges
 * say what is unpublished; Preview as member hides the editing chrome. axe: no serious or critical
 * violation on the composer with the drafts bar at 1280 px light and 375 px dark.
 */
import type { Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, seriousViolations, type SignedInBrowsers } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browsers: SignedInBrowsers | undefined;
let ada: BrowserPage;
let maya: BrowserPage;
const errors: string[] = [];
const toasts: string[] = [];
const GUARD = 'You must close the admin panel before navigating away.';

const projectsTab = (page: BrowserPage) => page.locator('header').getByRole('link', { name: /^Projects/ });
const draftBar = () => ada.getByRole('region', { name: 'Unpublished changes' });

beforeAll(async () => {
  server = await startServer({ REVERT_WINDOW_MS: '60000' });
  browsers = await openSignedIn(server.url, ['Ada Admin', 'Maya Maker'], errors);
  [ada, maya] = browsers.pages;
  // Every toast Ada is shown, as it appears.
  await ada.exposeFunction('recordToast', (text: string) => toasts.push(text));
  await ada.evaluate(() => {
    new MutationObserver((records) => {
      for (const r of records)
        r.addedNodes.forEach((n) => {
          const text = n instanceof HTMLElement ? n.innerText : '';
          if (text) void (window as unknown as { recordToast(t: string): void }).recordToast(text);
        });
    }).observe(document.body, { childList: true, subtree: true });
  });
}, 180_000);

afterAll(async () => {
  await browsers?.close();
  await server?.stop();
});

describe('drafts and publishing in Chromium', () => {
  it('a new module and page open as drafts, with no navigation-guard toast', async () => {
    await ada.keyboard.press('Alt+Shift+KeyE');
    await ada.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
    await ada.getByRole('button', { name: '+ Add module' }).click();
    const moduleDialog = ada.getByRole('dialog', { name: 'New module' });
    await moduleDialog.getByLabel('Name').fill('Projects');
    await moduleDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => new URL(ada.url()).pathname).toBe('/app/projects/home');

    await ada.getByRole('button', { name: '+ Add page' }).click();
    const pageDialog = ada.getByRole('dialog', { name: 'New page' });
    await pageDialog.getByLabel('Name').fill('Build log');
    await pageDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => new URL(ada.url()).pathname).toBe('/app/projects/build-log');
    await ada.locator('[data-page-tab]', { hasText: 'Build log' }).and(ada.locator('[aria-current="page"]')).waitFor();
    expect(toasts.some((t) => t.includes('“Build log” created.'))).toBe(true);
    expect(toasts.filter((t) => t.includes(GUARD))).toEqual([]);

    // The tabs say they are drafts.
    await ada.locator('[data-module-tab]', { hasText: 'Projects' }).getByText('Draft').waitFor();
    await ada.locator('[data-page-tab]', { hasText: 'Build log' }).getByText('Draft').waitFor();
  });

  it('a block added to the new page is a draft; the bar counts the page’s changes; Maya sees nothing, live or after a reload', async () => {
    const palette = ada.getByRole('complementary', { name: 'Blocks and outline' });
    await palette.getByRole('button', { name: 'Add Tabs' }).click();
    await ada.locator('[data-block-id]').first().getByText('Draft').waitFor();
    await draftBar()
      .getByText(/3 unpublished changes on this page/)
      .waitFor();
    // Maya never got the tab live ...
    expect(await projectsTab(maya).count()).toBe(0);
    // ... nor after a reload.
    await maya.reload();
    await maya.locator('header').getByRole('link').first().waitFor();
    expect(await projectsTab(maya).count()).toBe(0);
  });

  it('axe: the composer with the drafts bar is clean at 1280 px light', async () => {
    expect(await seriousViolations(ada)).toEqual([]);
  });

  it('Preview as member hides the editing chrome and shows the drafts; Back to editing returns', async () => {
    await draftBar().getByRole('button', { name: 'Preview as member' }).click();
    await expect.poll(() => ada.getByRole('toolbar', { name: 'Admin bar' }).isVisible()).toBe(false);
    expect(await ada.locator('[data-admin-chrome]').first().isVisible()).toBe(false);
    await draftBar().getByText('Preview: this page as members will see it once published.').waitFor();
    await draftBar().getByRole('button', { name: 'Back to editing' }).click();
    await ada.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
  });

  it('Publish all: Maya gets the Projects tab without a reload; the bar goes', async () => {
    await draftBar().getByRole('button', { name: 'Publish all' }).click();
    await projectsTab(maya).waitFor();
    await draftBar().waitFor({ state: 'detached' });
    expect(await ada.locator('[data-module-tab]', { hasText: 'Projects' }).getByText('Draft').count()).toBe(0);
  });

  it('axe: the composer with the drafts bar is clean at 375 px dark', async () => {
    await ada.setViewportSize({ width: 375, height: 800 });
    await ada.emulateMedia({ colorScheme: 'dark' });
    await ada.reload();
    await ada.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
    // A change to the published page makes the bar show again.
    const sheet = ada.getByRole('button', { name: 'Blocks' }).first();
    await sheet.click();
    await ada.getByRole('button', { name: 'Add Tabs' }).click();
    await draftBar().waitFor();
    expect(await seriousViolations(ada)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
