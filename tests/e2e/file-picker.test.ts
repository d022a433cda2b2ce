/**
 * The file picker of block options in Chromium against the built server: an admin drops a new
 * downloadFile block on the welcome page (keyboard drag from the palette), opens its settings,
 * uploads a new asset from the picker, then picks the demo's "Workshop rules" by name from the
 * asset library (searched) and saves; a member sees the block and downloads that file, the bytes
 * the server holds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '../helpers/api-server';
import { blockMenuItem, launchBrowser, seriousViolations, signInAs, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let adminBrowser: LaunchedBrowser;
let memberBrowser: LaunchedBrowser;
let dir: string;

const blockIds = (page: Page) => page.locator('[data-block-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-block-id')!));

beforeAll(async () => {
  server = await startServer();
  [adminBrowser, memberBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-picker-e2e-'));
  fs.writeFileSync(path.join(dir, 'rota.pdf'), '%PDF-1.4\n%rota\n%%EOF\n');
}, 180_000);
afterAll(async () => {
  await adminBrowser?.close();
  await memberBrowser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the file picker in Chromium', () => {
  it('an admin adds a downloadFile block and picks a file by name; a member downloads it', async () => {
    const admin = await signInAs(adminBrowser, server.url, 'Ada Admin');
    await admin.keyboard.press('Alt+Shift+KeyE');
    await admin.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
    const before = await blockIds(admin);
    await admin.getByRole('button', { name: 'Drag a new Download file' }).focus();
    await admin.keyboard.press('Space');
    const live = admin.locator('[id^="DndLiveRegion"]');
    await expect.poll(() => live.textContent()).toBe('Picked up Download file.');
    for (let i = 0; i < 20 && !/at the end of column 1 of the page/.test((await live.textContent()) ?? ''); i++) await admin.keyboard.press('ArrowDown');
    expect(await live.textContent()).toMatch(/at the end of column 1 of the page/);
    await admin.keyboard.press('Enter');
    await expect.poll(async () => (await blockIds(admin)).filter((id) => !before.includes(id))).toHaveLength(1);
    const blockId = (await blockIds(admin)).find((id) => !before.includes(id))!;

    const block = admin.locator(`[data-block-id="${blockId}"]`);
    await (await blockMenuItem(block.getByRole('toolbar'), 'Edit block')).click();
    const panel = admin.getByRole('complementary', { name: 'Block settings' });
    await panel.getByRole('button', { name: 'File: Choose a file from the library' }).click();
    const library = panel.getByRole('group', { name: 'File: asset library' });

    // A new asset uploaded from the picker is chosen at once (one file: the library closes).
    await library.getByLabel('Upload a new asset').setInputFiles(path.join(dir, 'rota.pdf'));
    const chosen = panel.getByRole('list', { name: 'File: chosen files' });
    await expect.poll(() => chosen.textContent()).toContain('rota.pdf');
    expect(await library.count()).toBe(0);

    // Changed to the demo's "Workshop rules", found by name.
    await panel.getByRole('button', { name: 'File: Change the file' }).click();
    await library.getByLabel('Search the assets').fill('workshop');
    const rules = library.getByRole('button', { name: /^Workshop rules/ });
    await rules.waitFor();
    await expect.poll(() => library.getByRole('button', { name: /^rota\.pdf/ }).count()).toBe(0);
    expect(await seriousViolations(admin)).toEqual([]);
    await rules.click();
    await expect.poll(() => chosen.textContent()).toContain('Workshop rules');
    await panel.getByRole('button', { name: 'Save' }).click();

    const token = await signInAt(server.url, 'admin');
    const stored = async () =>
      (
        (await (
          await fetch(`${server.url}/api/v1/structure/block/${blockId}`, { headers: { authorization: `Bearer ${token}`, 'x-tessera-drafts': '1' } })
        ).json()) as {
          options?: { fileId?: string };
        }
      ).options?.fileId;
    await expect.poll(stored, { timeout: 15_000 }).toMatch(/^[0-9a-f-]{36}$/);
    const fileId = (await stored())!;
    const expected = Buffer.from(
      await (await fetch(`${server.url}/api/v1/files/download/${fileId}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer(),
    );

    // Ada's block is a draft until she publishes it (issue 35): members see it then.
    await admin.getByRole('button', { name: 'Publish page' }).click();
    await expect
      .poll(async () => (await fetch(`${server.url}/api/v1/structure/block/${blockId}`, { headers: { authorization: `Bearer ${token}` } })).status)
      .toBe(200);
    const member = await signInAs(memberBrowser, server.url, 'Maya Maker');
    const button = member.locator(`[data-block-id="${blockId}"]`).getByRole('button', { name: 'Download (Workshop rules)' });
    await button.waitFor();
    const [download] = await Promise.all([member.waitForEvent('download'), button.click()]);
    expect(fs.readFileSync((await download.path())!)).toEqual(expected);
    await member.close();
    await admin.close();
  });
});
