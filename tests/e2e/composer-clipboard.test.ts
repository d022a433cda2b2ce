/**
 * Copy and paste and inline text in Chromium as Ada (admin) against the built server and its demo
 * content: the welcome callout's title typed in place (the side panel follows), saved with Enter and
 * undone with Ctrl+Z; the callout copied (Ctrl+C) and pasted (Ctrl+V) on the News page with new
 * ids while the original stays; the page previewed at 375 px in a frame (media queries apply) without
 * leaving edit mode; a second admin browser seeing Ada's selection live. axe: no serious or critical
 * violation in edit mode.
 */
import type { Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '../helpers/api-server';
import { blockMenuItem, openSignedIn, seriousViolations, type SignedInBrowsers } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browsers: SignedInBrowsers | undefined;
let admin: BrowserPage;
let token = '';
const errors: string[] = [];
const CALLOUT = 'welcome-every-page';

type Doc = { page: { children?: string[] }; blocks: { id: string; type: string; options?: { title?: string; body?: string } }[] };
async function pageDoc(id: string): Promise<Doc> {
  // As Ada sees it in edit mode: her changes are drafts (issue 35).
  const res = await fetch(`${server.url}/api/v1/structure/page/${id}`, { headers: { authorization: `Bearer ${token}`, 'x-tessera-drafts': '1' } });
  return (await res.json()) as Doc;
}
const storedTitle = async () => (await pageDoc('welcome')).blocks.find((b) => b.id === CALLOUT)?.options?.title;

beforeAll(async () => {
  server = await startServer({ REVERT_WINDOW_MS: '60000' });
  token = await signInAt(server.url, 'admin');
  browsers = await openSignedIn(server.url, ['Ada Admin'], errors);
  [admin] = browsers.pages;
}, 180_000);

afterAll(async () => {
  await browsers?.close();
  await server?.stop();
});

describe('copy, paste and inline text in Chromium', () => {
  const callout = () => admin.locator(`[data-block-id="${CALLOUT}"]`);

  it('types the callout title in place; the side panel follows; Enter saves; Ctrl+Z undoes on the server', async () => {
    await admin.keyboard.press('Alt+Shift+KeyE');
    await admin.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
    const title = callout().getByRole('textbox', { name: /^Title of “Callout”/ });
    await title.click();
    await admin.getByRole('toolbar', { name: 'Block controls for Callout' }).waitFor();
    const panel = admin.getByRole('complementary', { name: 'Block settings' });
    await panel.getByLabel('Title', { exact: true }).waitFor();
    await admin.keyboard.press('End');
    await admin.keyboard.type(' daily');
    await expect.poll(() => panel.getByLabel('Title', { exact: true }).inputValue()).toBe('Run by members daily');
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.keyboard.press('Enter');
    await expect.poll(storedTitle).toBe('Run by members daily');
    const undo = admin.getByRole('toolbar', { name: 'Admin bar' }).getByRole('button', { name: /Undo/ });
    await expect.poll(() => undo.getAttribute('title')).toBe('Undo: Edit “Callout”');
    await admin.locator('h1').click();
    await admin.keyboard.press('Control+z');
    await expect.poll(storedTitle).toBe('Run by members');
    await expect.poll(() => title.textContent()).toBe('Run by members');
    await expect.poll(() => panel.getByLabel('Title', { exact: true }).inputValue()).toBe('Run by members');
  });

  it('copies the callout (Ctrl+C) and pastes it on another page (Ctrl+V): new ids, the original stays', async () => {
    await callout().getByRole('button', { name: 'Select Callout' }).focus();
    await admin.keyboard.press('Enter');
    await admin.getByRole('toolbar', { name: 'Block controls for Callout' }).waitFor();
    await admin.keyboard.press('Control+c');
    await (await blockMenuItem(admin.getByRole('toolbar', { name: 'Block controls for Callout' }), 'Paste')).and(admin.locator(':enabled')).waitFor();
    await admin.keyboard.press('Escape');
    await admin.getByRole('link', { name: 'News' }).first().click();
    await admin.waitForURL((url) => url.pathname.endsWith('/news'));
    const before = (await pageDoc('news')).page.children ?? [];
    await admin.locator('h1').click();
    await admin.keyboard.press('Control+v');
    await expect.poll(async () => (await pageDoc('news')).page.children?.length).toBe(before.length + 1);
    const news = await pageDoc('news');
    const pasted = news.blocks.find((b) => b.type === 'callout' && b.options?.title === 'Run by members')!;
    expect(pasted.id).not.toBe(CALLOUT);
    expect(news.page.children).toContain(pasted.id);
    await admin
      .locator(`[data-block-id="${pasted.id}"]`)
      .getByRole('textbox', { name: /^Title of “Callout”/ })
      .waitFor();
    expect((await pageDoc('welcome')).blocks.some((b) => b.id === CALLOUT)).toBe(true);
    const undo = admin.getByRole('toolbar', { name: 'Admin bar' }).getByRole('button', { name: /Undo/ });
    await expect.poll(() => undo.getAttribute('title')).toBe('Undo: Paste “Callout”');
    expect(await seriousViolations(admin)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('previews the page at 375 px in a frame where the media queries apply, without leaving edit mode; Escape closes it', async () => {
    await admin.goto(`${server.url}/app/home/welcome`);
    await admin.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await admin.keyboard.press('Alt+Shift+KeyE');
    const bar = admin.getByRole('toolbar', { name: 'Admin bar' });
    await bar.getByRole('button', { name: 'Phone (375 px)' }).focus();
    await admin.keyboard.press('Enter');
    const region = admin.getByRole('region', { name: 'Preview at 375 px' });
    await region.waitFor();
    await expect.poll(() => admin.evaluate(() => document.activeElement?.textContent)).toBe('Phone (375 px)');
    const frame = (await region.locator('iframe').elementHandle())!;
    const inside = (await frame.contentFrame())!;
    await inside.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    expect(await inside.evaluate(() => window.innerWidth)).toBe(375);
    // The app's own breakpoint: columns stack below 768 px inside the frame, not in the editor.
    await inside.locator('.t-column').first().waitFor();
    expect(await inside.evaluate(() => getComputedStyle(document.querySelector('.t-column')!).gridColumnEnd)).toBe('-1');
    expect(await admin.evaluate(() => getComputedStyle(document.querySelector('.t-column')!).gridColumnEnd)).not.toBe('-1');
    expect(await seriousViolations(admin)).toEqual([]);
    await region.getByRole('button', { name: 'Tablet (768 px)' }).click();
    await admin.getByRole('region', { name: 'Preview at 768 px' }).waitFor();
    await admin.keyboard.press('Escape');
    await region.waitFor({ state: 'detached' });
    await admin.getByRole('region', { name: /^Preview at/ }).waitFor({ state: 'detached' });
    // Still in edit mode.
    await bar.waitFor();
    await admin.locator(`[data-block-id="${CALLOUT}"]`).getByRole('button', { name: 'Select Callout' }).waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
  });

  it('a second admin browser on the page sees Ada’s selection live ("Ada Admin is editing this block")', async () => {
    const second = await openSignedIn(server.url, ['Ada Admin'], errors);
    try {
      const [other] = second.pages;
      await other.keyboard.press('Alt+Shift+KeyE');
      await other.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
      await other.locator(`[data-block-id="${CALLOUT}"]`).getByRole('button', { name: 'Select Callout' }).waitFor({ state: 'attached' });
      await callout().getByRole('button', { name: 'Select Callout' }).focus();
      await admin.keyboard.press('Enter');
      await admin.getByRole('toolbar', { name: 'Block controls for Callout' }).waitFor();
      const badge = other.locator(`[data-block-id="${CALLOUT}"]`).getByRole('status').filter({ hasText: 'Ada Admin is editing this block' });
      await badge.waitFor();
      expect(await seriousViolations(other)).toEqual([]);
      // Selecting nothing clears it.
      await admin.keyboard.press('Escape');
      await admin.keyboard.press('Escape');
      await badge.waitFor({ state: 'detached' });
    } finally {
      await second.close();
    }
    expect(errors).toEqual([]);
  });
});
