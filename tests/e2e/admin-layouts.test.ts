/**
 * The layouts area in Chromium against the built server (issue 34, part 7): Ada opens
 * /admin/layouts, searches for a block, chooses it and opens it in the composer; the member page
 * opens in edit mode with that block selected (its name tag pressed, its settings in the side
 * panel) and the address no longer asks for it. The tree is axe clean (serious and critical) at
 * 1280 px light and 375 px dark.
 */
import type { Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, seriousViolations, type SignedInBrowsers } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browsers: SignedInBrowsers | undefined;
let ada: BrowserPage;
const errors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browsers = await openSignedIn(server.url, ['Ada Admin'], errors);
  [ada] = browsers.pages;
}, 180_000);

afterAll(async () => {
  await browsers?.close();
  await server?.stop();
});

describe('layouts in Chromium', () => {
  it('Ada searches a block, opens it in the composer, and the composer shows it selected', async () => {
    await ada.setViewportSize({ width: 1280, height: 800 });
    await ada.goto(`${server.url}/app/admin/layouts`);
    const tree = ada.getByRole('tree', { name: 'Site structure' });
    await tree.waitFor();
    expect(await seriousViolations(ada)).toEqual([]);

    await ada.getByRole('searchbox', { name: 'Search' }).fill('Highlights');
    const row = tree.getByRole('treeitem', { name: /^Highlights Carousel/ });
    await row.waitFor();
    await expect.poll(() => tree.getByRole('treeitem').count()).toBe(3);
    // The keyboard reaches it: Tab into the tree, End to the last row (the match), Enter to choose it.
    await tree.getByRole('treeitem').first().focus();
    await ada.keyboard.press('End');
    await ada.keyboard.press('Enter');
    const details = ada.getByRole('region', { name: 'Highlights' });
    await details.waitFor();
    await details.getByRole('link', { name: 'Open in the composer' }).click();

    await expect.poll(() => new URL(ada.url()).pathname).toBe('/app/home/news');
    await expect.poll(() => new URL(ada.url()).search).toBe('');
    await ada.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
    const tag = ada.locator('[data-block-id="news-carousel"] > [data-admin-chrome] [data-admin-control="select"]');
    await expect.poll(() => tag.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => ada.evaluate(() => document.activeElement?.closest('[data-block-id]')?.getAttribute('data-block-id'))).toBe('news-carousel');
    const panel = ada.getByRole('complementary', { name: 'Block settings' });
    await expect.poll(() => panel.getByRole('heading', { level: 2 }).first().textContent()).toBe('Highlights');
    expect(errors).toEqual([]);
  });

  it('the tree and a block are axe clean at 375 px dark', async () => {
    await ada.setViewportSize({ width: 375, height: 800 });
    await ada.emulateMedia({ colorScheme: 'dark' });
    await ada.goto(`${server.url}/app/admin/layouts/module/home/page/news`);
    await ada.getByRole('region', { name: 'News' }).waitFor();
    expect(await seriousViolations(ada)).toEqual([]);
    await ada.goto(`${server.url}/app/admin/blocks/news-carousel`);
    await ada.getByRole('region', { name: 'Highlights' }).waitFor();
    expect(await seriousViolations(ada)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
