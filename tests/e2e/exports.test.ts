/**
 * The members export in Chromium (issue 34, "Done when"): Ada opens /admin/exports, starts a CSV
 * export of every member, waits for it to finish, clicks Download and the downloaded file (an
 * attachment, through the signed link) is a CSV with Maya's row; the screen is axe clean before
 * and after.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords } from '../../engine/core/csv';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { launchBrowser, seriousViolations, signInThroughLogin, type LaunchedBrowser } from '../helpers/browser';

let api: ApiServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  api = await startApiServer('sqlite');
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await api?.close();
});

describe('exports in the browser', () => {
  it('Ada starts a members export, waits for it, downloads the CSV and finds Maya in it', async () => {
    const page = await browser.context.newPage();
    await signInThroughLogin(page, api.url, 'Ada Admin');
    await page.goto(`${api.url}/app/admin/exports`);
    await page.getByRole('heading', { level: 1, name: 'Exports' }).waitFor();
    await page.getByRole('radio', { name: 'CSV (comma-separated)' }).check();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Start the export' }).click();
    await page.getByRole('status').filter({ hasText: 'The members export has started.' }).waitFor();
    const download = page
      .getByRole('list', { name: 'Exports' })
      .getByRole('link', { name: /^Download members-.*\.csv$/ })
      .first();
    await download.waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^members-\d{8}-\d{4}\.csv$/);
    const text = fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
    const records = csvRecords(text);
    if (typeof records === 'string') throw new Error(records);
    expect(records[0].cells.slice(0, 4)).toEqual(['accountId', 'email', 'firstName', 'lastName']);
    expect(records.find((r) => r.cells[0] === 'maya')?.cells.slice(0, 4)).toEqual(['maya', 'maya@example.org', 'Maya', 'Maker']);
    await page.close();
  });
});
