/**
 * The admin back office journey of issue 34, in Chromium against the built server, Ada (admin) and
 * Maya (member) in browsers of their own: Ada creates a brand in /admin/settings and picks its
 * colours, previews it (her header changes, Maya's open page does not), activates it (Maya's page
 * shows it after its next load), publishes French in Languages, translates one label in place in
 * text-edit mode on a member page, edits an email template and sends a test, which the outbox shows,
 * and starts a members export in /admin/exports and downloads the CSV (Maya's row in it).
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRecords } from '../../engine/core/csv';
import { callAt, signInAt } from '../helpers/api-server';
import { translateFaqInPlace } from '../helpers/text-edit';
import { launchBrowser, seriousViolations, signInThroughLogin, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let adaBrowser: LaunchedBrowser;
let mayaBrowser: LaunchedBrowser;
let ada: Page;
let maya: Page;
let adminToken: string;
const errors: string[] = [];

/** The background of the header's top bar (where --header-background shows). */
const headerColour = (page: Page) => page.evaluate(() => getComputedStyle(document.querySelector('.ts-topbar')!).backgroundColor);

/** In-app navigation, as a link click does it (no reload). */
const go = (page: Page, href: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/app${href}`);

beforeAll(async () => {
  server = await startServer();
  adminToken = await signInAt(server.url, 'admin');
  // The journey starts from a site in English only: French (published in the demo) is unpublished first.
  await callAt(server.url, adminToken, 'POST', 'i18n/toggleLanguagePublishedState', { language: 'fr', published: false });
  [adaBrowser, mayaBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
  [ada, maya] = await Promise.all([adaBrowser.context.newPage(), mayaBrowser.context.newPage()]);
  ada.on('pageerror', (e) => errors.push(`ada: ${e.message}`));
  maya.on('pageerror', (e) => errors.push(`maya: ${e.message}`));
  await Promise.all([signInThroughLogin(ada, server.url, 'Ada Admin'), signInThroughLogin(maya, server.url, 'Maya Maker')]);
}, 180_000);
afterAll(async () => {
  await adaBrowser?.close();
  await mayaBrowser?.close();
  await server?.stop();
});

describe('the admin back office journey', () => {
  it('brand, preview, activation, French, an inline translation, an email template and its test in the outbox', async () => {
    const mayaBefore = await headerColour(maya);

    // 1. Ada creates a brand and picks its header colour.
    await ada.goto(`${server.url}/app/admin/settings`);
    await ada.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await ada.getByRole('tab', { name: 'Brands' }).click();
    await ada.getByLabel('New brand name').fill('Journey brand');
    await ada.getByRole('button', { name: 'Create brand' }).click();
    await ada.getByRole('link', { name: 'Journey brand' }).click();
    await ada.getByRole('heading', { level: 2, name: /Journey brand/ }).waitFor();
    expect(new URL(ada.url()).pathname).toMatch(/^\/app\/admin\/settings\/brand\/\d+$/);
    await ada.getByLabel('Header background', { exact: true }).fill('#7a1f5c');
    await ada.getByRole('button', { name: 'Save colours' }).click();
    await ada.getByText('Saved.').waitFor();
    expect(await seriousViolations(ada)).toEqual([]);

    // 2. Preview: only Ada's header changes; Maya's open page keeps the active brand.
    await ada.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => headerColour(ada)).toBe('rgb(122, 31, 92)');
    expect(await headerColour(maya)).toBe(mayaBefore);
    await maya.reload();
    await maya.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    expect(await headerColour(maya)).toBe(mayaBefore);

    // 3. Activate: Maya's page shows it after its next load.
    await ada.getByRole('button', { name: 'Activate' }).click();
    await ada.getByRole('button', { name: 'Active brand' }).waitFor();
    await maya.reload();
    await maya.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await expect.poll(() => headerColour(maya)).toBe('rgb(122, 31, 92)');

    // 4. Languages: Ada publishes French.
    await go(ada, '/admin/settings');
    await ada.getByRole('tab', { name: 'Languages' }).click();
    const french = ada.getByRole('switch', { name: 'Publish Français' });
    // A controlled switch: it turns once the server has published the language.
    await french.click();
    await ada.getByRole('switch', { name: 'Unpublish Français' }).waitFor();
    const languages = await callAt<{ languages: { iso: string; published: boolean }[] }>(server.url, adminToken, 'GET', 'i18n/languagesSettings');
    expect(languages.languages.find((l) => l.iso === 'fr')?.published).toBe(true);

    // 5. One translated label, in place in text-edit mode on a member page (Ada reads French from her next load).
    await translateFaqInPlace(ada, server.url, adminToken);
    await callAt(server.url, adminToken, 'POST', 'profile/meta/upsert', { path: 'language', data: 'en' });

    // 6. An email template edited and a test sent to the outbox, which shows it.
    await ada.goto(`${server.url}/app/admin/emailTemplateBuilder/welcome`);
    await ada.getByRole('heading', { level: 2, name: 'Email template welcome' }).waitFor();
    await ada.getByLabel('Subject').fill('Welcome aboard, {{siteName}}');
    await ada.getByText('The template follows every rule.').waitFor();
    await ada.getByRole('button', { name: 'Save this version' }).click();
    await ada.getByText('The template is saved.').waitFor();
    await ada.getByRole('button', { name: 'Send a test to me' }).click();
    await ada.getByText(/^Test sent to .+@.+ \(kept in the outbox, outbox email \d+\)\.$/).waitFor();
    await go(ada, '/admin/notificationHistory');
    await ada.getByRole('tab', { name: 'Outbox' }).click();
    const outbox = ada.getByRole('table', { name: 'Emails' });
    // A test is sent with sample values, one per parameter (siteName among them).
    await outbox
      .getByRole('button', { name: /^View “Welcome aboard, \[siteName\]” to ada@/ })
      .first()
      .waitFor();
    expect(await seriousViolations(ada)).toEqual([]);

    // 7. A members export started in /admin/exports, finished, and the CSV downloaded through its signed link.
    await ada.goto(`${server.url}/app/admin/exports`);
    await ada.getByRole('heading', { level: 1, name: 'Exports' }).waitFor();
    await ada.getByRole('radio', { name: 'CSV (comma-separated)' }).check();
    await ada.getByRole('button', { name: 'Start the export' }).click();
    await ada.getByRole('status').filter({ hasText: 'The members export has started.' }).waitFor();
    const download = ada
      .getByRole('list', { name: 'Exports' })
      .getByRole('link', { name: /^Download members-.*\.csv$/ })
      .first();
    await download.waitFor({ timeout: 30_000 });
    expect(await seriousViolations(ada)).toEqual([]);
    const [file] = await Promise.all([ada.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^members-\d{8}-\d{4}\.csv$/);
    const records = csvRecords(fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, ''));
    if (typeof records === 'string') throw new Error(records);
    expect(records[0].cells.slice(0, 4)).toEqual(['accountId', 'email', 'firstName', 'lastName']);
    expect(records.find((r) => r.cells[0] === 'maya')?.cells.slice(0, 4)).toEqual(['maya', 'maya@example.org', 'Maya', 'Maker']);

    expect(errors).toEqual([]);
  }, 240_000);
});
