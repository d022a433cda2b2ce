/**
 * Issue 35, finding 3: the composer's chrome never covers the app at 1280 px with both panels open.
 * Measured by bounding boxes in Chromium: the module tabs that no longer fit beside the panels go
 * into the ellipsis menu (none is cut off at the row's edge), a toast stays clear of the settings
 * panel, and the toolbar of a block in the left column stays clear of the left panel.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, signInAs, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ viewport: { width: 1280, height: 800 } });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box: ${locator.toString()}`);
  return { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height };
};

async function composing(): Promise<Page> {
  const ada = await signInAs(browser, server.url, 'Ada Admin');
  await ada.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
  await ada.getByRole('toolbar', { name: 'Administration' }).getByRole('button', { name: 'Edit mode', exact: true }).click();
  await ada.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
  await ada.locator('.t-admin-panel--left').waitFor();
  await ada.locator('.t-admin-panel--right').waitFor();
  return ada;
}

describe('the composer at 1280 px with both panels open', () => {
  it('no module tab, toast or block toolbar is cut off or covered by a panel', async () => {
    const ada = await composing();
    const left = await box(ada.locator('.t-admin-panel--left'));
    const right = await box(ada.locator('.t-admin-panel--right'));

    // Module tabs: each shown tab lies inside its row; the rest are in the ellipsis menu.
    const nav = ada.getByRole('navigation', { name: 'Modules' });
    const row = await box(nav.locator('.ts-tabs__row'));
    const more = nav.getByRole('button', { name: 'More' });
    await more.waitFor();
    const tabs = await nav.locator('.ts-tabs__row > a').all();
    for (const tab of tabs) {
      const b = await box(tab);
      expect({ tab: await tab.innerText(), inside: b.right <= row.right + 0.5 && b.left >= row.left - 0.5 }).toEqual({
        tab: await tab.innerText(),
        inside: true,
      });
    }
    expect((await box(more)).right).toBeLessThanOrEqual(right.left);
    await more.click();
    await ada.getByRole('menu', { name: 'More' }).getByRole('menuitem', { name: 'People' }).waitFor();
    await ada.keyboard.press('Escape');

    // The selected block's toolbar stays clear of both panels.
    const block = ada.locator('[data-block-id="welcome-col-hours"]');
    await block.getByText('Tuesday to Saturday').click();
    const toolbar = ada.getByRole('toolbar', { name: /^Block controls for / });
    await toolbar.waitFor();
    const bar = await box(ada.locator('[data-block-id="welcome-col-hours"] > .t-admin-chrome .t-admin-block-bar'));
    expect(bar.left).toBeGreaterThanOrEqual(left.right);
    expect(bar.right).toBeLessThanOrEqual(right.left);

    // A toast (deleting a block offers Revert) sits over the page, not under the settings panel.

    await toolbar.getByRole('button', { name: 'Delete block' }).click();
    await ada.getByRole('alertdialog', { name: 'Delete this block?' }).getByRole('button', { name: 'Delete' }).click();
    const toast = ada
      .getByRole('status')
      .filter({ hasText: 'deleted.' })
      .filter({ has: ada.getByRole('button', { name: 'Revert' }) });
    await toast.waitFor();
    const t = await box(toast);
    expect(t.right).toBeLessThanOrEqual(right.left);
    expect(t.left).toBeGreaterThanOrEqual(left.right);

    // Reverting says so in a shell toast: clear of the panels too.
    await toast.getByRole('button', { name: 'Revert' }).click();
    await ada.getByRole('dialog', { name: 'Revert the deletion?' }).getByRole('button', { name: 'Revert' }).click();
    const back = await box(ada.locator('.ts-toast').filter({ hasText: 'is back.' }));
    expect(back.right).toBeLessThanOrEqual(right.left);
    expect(back.left).toBeGreaterThanOrEqual(left.right);
  });
});

describe('the composer on a 375 px phone', () => {
  let phone: LaunchedBrowser;
  beforeAll(async () => {
    phone = await launchBrowser({ viewport: { width: 375, height: 812 } });
  }, 120_000);
  afterAll(async () => {
    await phone?.close();
  });

  it('the navigation editor is one row of modules and one of pages; the settings sheet leaves the edited block in sight and lowers to its head', async () => {
    const ada = await signInAs(phone, server.url, 'Ada Admin');
    await ada.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await ada.keyboard.press('Alt+Shift+E');
    await ada.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
    const rows = ada.locator('.t-admin-nav ul');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    for (const row of await rows.all()) {
      const b = await box(row);
      // One row of chips (about 24 px), scrolling sideways when it holds more than fits.
      expect(b.bottom - b.top).toBeLessThan(40);
    }
    // The current module's chip is scrolled into view.
    const current = await box(ada.locator('.t-admin-nav__modules [aria-current]'));
    expect(current.left).toBeGreaterThanOrEqual(0);
    expect(current.right).toBeLessThanOrEqual(375);

    const block = ada.locator('[data-block-id="welcome-col-where"]');
    await block.getByText('Unit 4, Canal Yard').click();
    const toolbar = ada.getByRole('toolbar', { name: /^Block controls for / });
    await toolbar.getByRole('button', { name: 'More' }).click();
    await ada.getByRole('menuitem', { name: 'Edit block' }).click();
    const sheet = ada.locator('.t-admin-panel--right');
    await sheet.getByRole('heading', { name: 'Callout' }).waitFor();
    await expect
      .poll(async () => {
        const header = await box(ada.locator('.ts-header'));
        const b = await box(block);
        const s = await box(sheet);
        return b.top >= header.bottom - 0.5 && b.top + 40 <= s.top;
      })
      .toBe(true);
    const open = await box(sheet);
    expect(open.bottom - open.top).toBeLessThanOrEqual(812 * 0.46);

    await sheet.getByRole('button', { name: 'Hide settings' }).click();
    const lowered = await box(sheet);
    expect(lowered.bottom - lowered.top).toBeLessThan(70);
    await expect(sheet.getByRole('button', { name: 'Show settings' }).getAttribute('aria-expanded')).resolves.toBe('false');
    await sheet.getByRole('button', { name: 'Show settings' }).click();
    await sheet.getByRole('tab', { name: 'Settings' }).waitFor();
  });
});
