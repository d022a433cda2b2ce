/**
 * The composer in Chromium as Ada (admin) against the built server and its demo content, with Maya
 * (member) watching: entering edit mode keeps the page mounted; a callout is selected by click
 * (one toolbar, hover name tag), its tone changed in the side panel with a live preview, saved,
 * undone (Ctrl+Z) and redone (the bar's button), each reaching the server and Maya live. axe:
 * no serious or critical violation in the editor at 1280 and 375 px.
 */
import type { Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '../helpers/api-server';
import { openSignedIn, seriousViolations, type SignedInBrowsers } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browsers: SignedInBrowsers | undefined;
let admin: BrowserPage;
let member: BrowserPage;
let token = '';
const errors: string[] = [];
const CALLOUT = 'welcome-every-page';

/** The tone stored: as members get it, or (`drafts`) as the editor in edit mode sees it. */
async function storedTone(drafts = false): Promise<unknown> {
  const res = await fetch(`${server.url}/api/v1/structure/page/welcome`, {
    headers: { authorization: `Bearer ${token}`, ...(drafts ? { 'x-tessera-drafts': '1' } : {}) },
  });
  const doc = (await res.json()) as { blocks: { id: string; options?: { tone?: string } }[] };
  return doc.blocks.find((b) => b.id === CALLOUT)?.options?.tone;
}

beforeAll(async () => {
  server = await startServer({ REVERT_WINDOW_MS: '60000' });
  token = await signInAt(server.url, 'admin');
  browsers = await openSignedIn(server.url, ['Ada Admin', 'Maya Maker'], errors);
  [admin, member] = browsers.pages;
}, 180_000);

afterAll(async () => {
  await browsers?.close();
  await server?.stop();
});

describe('the composer in Chromium', () => {
  const callout = () => admin.locator(`[data-block-id="${CALLOUT}"]`);

  it('enters edit mode without remounting the page; one bar; no block carries a toolbar; a reload keeps it', async () => {
    await callout().evaluate((el) => ((el as HTMLElement & { marker?: number }).marker = 42));
    await admin.keyboard.press('Alt+Shift+KeyE');
    await admin.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
    await callout().getByRole('button', { name: 'Select Callout' }).waitFor({ state: 'attached' });
    // The same element: the page was not remounted.
    expect(await callout().evaluate((el) => (el as HTMLElement & { marker?: number }).marker)).toBe(42);
    expect(await admin.getByRole('toolbar', { name: /^Block controls/ }).count()).toBe(0);
    // One admin bar: the shell's hides in edit mode.
    expect(await admin.getByRole('toolbar', { name: 'Administration' }).count()).toBe(0);
    // A reload of the tab keeps composing.
    await admin.reload();
    await admin.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
    await callout().getByRole('button', { name: 'Select Callout' }).waitFor({ state: 'attached' });
  });

  it('hover shows the name tag; click selects and shows one small toolbar; axe at 1280 px is clean', async () => {
    await callout().getByText('Run by members').hover();
    expect(await callout().getAttribute('data-admin-hover')).toBe('');
    await callout().getByText('Run by members').click();
    await admin.getByRole('toolbar', { name: 'Block controls for Callout' }).waitFor();
    expect(await admin.getByRole('toolbar', { name: /^Block controls/ }).count()).toBe(1);
    await admin.getByRole('complementary', { name: 'Block settings' }).getByRole('heading', { name: 'Callout' }).waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
  });

  it('changes the tone in the side panel (live preview), saves a draft; once published the member sees it live', async () => {
    const panel = admin.getByRole('complementary', { name: 'Block settings' });
    await panel.getByLabel('Tone').selectOption({ label: 'Warning' });
    await admin.locator(`[data-block-id="${CALLOUT}"] .t-callout--warning`).waitFor();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => storedTone(true)).toBe('warning');
    // A draft (issue 35): members keep the published tone until Publish.
    expect(await storedTone()).toBe('info');
    await admin.getByRole('region', { name: 'Unpublished changes' }).getByRole('button', { name: 'Publish page' }).click();
    await expect.poll(() => storedTone()).toBe('warning');
    await member.locator(`[data-block-id="${CALLOUT}"] .t-callout--warning`).waitFor();
  });

  it('Ctrl+Z takes the publish back on the server (the draft stays), the bar’s Redo publishes again; the member follows', async () => {
    const undo = admin.getByRole('toolbar', { name: 'Admin bar' }).getByRole('button', { name: /Undo/ });
    await expect.poll(() => undo.isEnabled()).toBe(true);
    await admin.locator('h1').click();
    await admin.keyboard.press('Control+z');
    await expect.poll(() => storedTone()).toBe('info');
    expect(await storedTone(true)).toBe('warning');
    await member.locator(`[data-block-id="${CALLOUT}"] .t-callout--info`).waitFor();
    const redo = admin.getByRole('toolbar', { name: 'Admin bar' }).getByRole('button', { name: /Redo/ });
    await expect.poll(() => redo.isEnabled()).toBe(true);
    await redo.click();
    await expect.poll(() => storedTone()).toBe('warning');
    await member.locator(`[data-block-id="${CALLOUT}"] .t-callout--warning`).waitFor();
  });

  it('at 375 px the panels are sheets and axe is clean', async () => {
    await admin.setViewportSize({ width: 375, height: 812 });
    // The palette sheet is closed from the bar; the settings sheet stays for the selected block.
    const blocks = admin.getByRole('toolbar', { name: 'Admin bar' }).getByRole('button', { name: 'Blocks' });
    if ((await blocks.getAttribute('aria-pressed')) === 'true') await blocks.click();
    await admin.getByRole('complementary', { name: 'Blocks and outline' }).waitFor({ state: 'detached' });
    const panel = admin.getByRole('complementary', { name: 'Block settings' });
    await panel.waitFor();
    const box = await panel.boundingBox();
    // A sheet along the bottom, the page's width.
    expect(box && Math.round(box.width)).toBe(375);
    expect(box && box.y > 200).toBe(true);
    expect(await seriousViolations(admin)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('at 375 px the bar is one row; the switches behind More are reachable by keyboard', async () => {
    await admin.setViewportSize({ width: 375, height: 812 });
    const bar = admin.getByRole('toolbar', { name: 'Admin bar' });
    const more = bar.getByRole('button', { name: 'More' });
    await more.waitFor();
    // One row of buttons (about 36 px), nothing cut off or scrolled out of view.
    const fit = await bar.evaluate((el) => ({ height: Math.round(el.getBoundingClientRect().height), overflow: el.scrollWidth - el.clientWidth }));
    expect(fit.height).toBeLessThan(48);
    expect(fit.overflow).toBe(0);
    // Undo and redo are icons that keep their names and tooltips.
    expect(await bar.getByRole('button', { name: 'Undo' }).getAttribute('title')).toMatch(/undo/i);
    await bar.getByRole('button', { name: 'Redo' }).waitFor();
    await more.focus();
    await admin.keyboard.press('Enter');
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    const switches = bar.getByRole('group', { name: 'More edit-mode switches' });
    const names = await switches.getByRole('button').allTextContents();
    expect(names).toEqual(['Edit mode (Alt+Shift+E)', 'Text-edit mode (Alt+Shift+J)', 'Safe mode (Alt+Shift+S)', 'Debug info (Alt+Shift+D)', 'View as…']);
    await admin.keyboard.press('Tab');
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe('Edit mode (Alt+Shift+E)');
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.keyboard.press('Escape');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe('More ▾');
    expect(errors).toEqual([]);
  });

  it('at 1280 px with both panels open the bar (in the page column between them) is one row too', async () => {
    await admin.setViewportSize({ width: 1280, height: 800 });
    const bar = admin.getByRole('toolbar', { name: 'Admin bar' });
    for (const name of ['Blocks', 'Settings']) {
      const toggle = bar.getByRole('button', { name, exact: true });
      if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    }
    await admin.getByRole('complementary', { name: 'Blocks and outline' }).waitFor();
    await admin.getByRole('complementary', { name: 'Block settings' }).waitFor();
    await bar.getByRole('button', { name: 'More' }).waitFor();
    const fit = await bar.evaluate((el) => ({
      width: Math.round(el.getBoundingClientRect().width),
      height: Math.round(el.getBoundingClientRect().height),
      overflow: el.scrollWidth - el.clientWidth,
    }));
    expect(fit.width).toBeLessThan(900);
    expect(fit.height).toBeLessThan(48);
    expect(fit.overflow).toBe(0);
    expect(await seriousViolations(admin)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
