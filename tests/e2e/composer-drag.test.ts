/**
 * Dragging and moving in the composer, in Chromium as Ada on the demo's Welcome page (built
 * server): a Callout dragged from the palette into the second column by mouse and by keyboard
 * (drop zones only while dragging, only where a block may go), Move to… by keyboard, arrow-key
 * selection; axe clean in edit mode at 1280 and 375 px.
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
const COLUMNS = 'welcome-columns';

interface Doc {
  page: { children: string[]; positions: Record<string, string[]> };
  blocks: { id: string; type: string; positions?: Record<string, string[]> }[];
}
async function welcome(): Promise<Doc> {
  // As Ada sees it in edit mode: her changes are drafts (issue 35).
  const res = await fetch(`${server.url}/api/v1/structure/page/welcome`, { headers: { authorization: `Bearer ${token}`, 'x-tessera-drafts': '1' } });
  return (await res.json()) as Doc;
}
const secondColumn = async () => (await welcome()).blocks.find((b) => b.id === COLUMNS)?.positions?.['col-1'] ?? [];
const typeOf = async (id: string) => (await welcome()).blocks.find((b) => b.id === id)?.type;
const zones = () => admin.locator('[data-admin-dropzone]');
const selectedId = () => admin.evaluate(() => document.querySelector('.t-admin-chrome--selected')?.parentElement?.dataset.blockId ?? null);

beforeAll(async () => {
  server = await startServer({ REVERT_WINDOW_MS: '60000' });
  token = await signInAt(server.url, 'admin');
  browsers = await openSignedIn(server.url, ['Ada Admin'], errors);
  [admin] = browsers.pages;
  await admin.keyboard.press('Alt+Shift+KeyE');
  await admin.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
}, 180_000);

afterAll(async () => {
  await browsers?.close();
  await server?.stop();
});

describe('dragging and moving blocks in the composer', () => {
  it('drags a Callout from the palette into the second column by mouse; zones show only while dragging', async () => {
    expect(await zones().count()).toBe(0);
    await admin.locator(`[data-block-id="${COLUMNS}"]`).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const before = await secondColumn();
    const handle = admin.getByRole('button', { name: 'Drag a new Callout' });
    const box = (await handle.boundingBox())!;
    await admin.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await admin.mouse.down();
    await admin.mouse.move(box.x + 30, box.y + 30, { steps: 4 });
    const end = admin.locator(`[data-admin-dropzone="block:${COLUMNS}:1:${before.length}"]`);
    await end.waitFor();
    // Only containers, columns and the page take drops: no zone inside a plain text or a callout.
    const keys = await zones().evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.adminDropzone!));
    expect(keys.every((k) => k.startsWith('page:') || k.startsWith(`block:${COLUMNS}:`) || k.startsWith('block:welcome-dismissible:'))).toBe(true);
    const target = (await end.boundingBox())!;
    await admin.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
    await admin.locator('.t-admin-dropzone--over').waitFor();
    await admin.mouse.up();
    await expect.poll(async () => (await secondColumn()).length).toBe(before.length + 1);
    const added = (await secondColumn()).at(-1)!;
    expect(await typeOf(added)).toBe('callout');
    expect(await zones().count()).toBe(0);
    await expect.poll(() => admin.getByRole('button', { name: /Undo/ }).getAttribute('title')).toBe('Undo: Add “Callout”');
  });

  it('drags a Callout into the second column by keyboard, each step said', async () => {
    const before = await secondColumn();
    await admin.getByRole('button', { name: 'Drag a new Callout' }).focus();
    await admin.keyboard.press('Space');
    const live = admin.locator('[id^="DndLiveRegion"]');
    await expect.poll(() => live.textContent()).toBe('Picked up Callout.');
    // Right: the page's column, the columns block's first column, its second.
    for (let i = 0; i < 3; i++) await admin.keyboard.press('ArrowRight');
    await expect.poll(() => live.textContent()).toBe('Callout: before block 1, “Callout: Where we are”, in column 2 of Opening times and location.');
    await admin.keyboard.press('Enter');
    await expect.poll(async () => (await secondColumn()).length).toBe(before.length + 1);
    const added = (await secondColumn())[0];
    expect(await typeOf(added)).toBe('callout');
    expect(await zones().count()).toBe(0);
  });

  it('moves the selected block with Move to… by keyboard', async () => {
    const moving = (await secondColumn())[0];
    // The dropped block is selected once the page has it from the server's answer.
    await expect.poll(selectedId).toBe(moving);
    await (await blockMenuItem(admin.locator(`[data-block-id="${moving}"]`).getByRole('toolbar'), 'Move to…')).click();
    const dialog = admin.getByRole('dialog', { name: /^Move “Callout” to…/ });
    await dialog.waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.keyboard.press('End');
    await expect.poll(() => admin.evaluate(() => document.activeElement?.textContent)).toBe('at the end of column 1 of the page');
    await admin.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await welcome()).page.children.at(-1)).toBe(moving);
  });

  it('arrow keys move the selection: next sibling, parent, first child', async () => {
    // By its name tag: a click on the title would put the caret in its inline text, where arrows move the caret.
    const hours = admin.locator('[data-block-id="welcome-col-hours"]');
    await hours.getByText('Opening times').hover();
    await hours.locator('[data-admin-control="select"]').first().click();
    expect(await selectedId()).toBe('welcome-col-hours');
    await admin.keyboard.press('ArrowDown');
    expect(await selectedId()).toBe('welcome-col-hours-note');
    await admin.keyboard.press('Escape');
    expect(await selectedId()).toBe(COLUMNS);
    await admin.keyboard.press('ArrowDown');
    expect(await selectedId()).toBe('welcome-dismissible');
    await admin.keyboard.press('ArrowUp');
    await admin.keyboard.press('ArrowRight');
    expect(await selectedId()).toBe('welcome-col-hours');
    await expect.poll(() => admin.locator('.t-admin-live').textContent()).toBe('“Callout” selected.');
  });

  it('edit mode is axe clean at 1280 and 375 px, light and dark', async () => {
    for (const width of [1280, 375]) {
      await admin.setViewportSize({ width, height: width < 600 ? 812 : 800 });
      for (const scheme of ['light', 'dark']) {
        await admin.emulateMedia({ colorScheme: scheme as 'light' | 'dark' });
        // The demo's mode is auto: the open page must follow the system, or this checks light twice.
        await expect.poll(() => admin.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
        expect(await seriousViolations(admin)).toEqual([]);
      }
    }
    expect(errors).toEqual([]);
  });
});
