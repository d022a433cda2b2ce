/**
 * Rule queries on the demo site, in Chromium against the built server (docs/demo.md): the
 * list-only callouts of the Notice board show to their list only, and the conditional fields of
 * the membership-preferences form appear, require and save as their rules say.
 */
import type { Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
const browsers: LaunchedBrowser[] = [];

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await server?.stop();
});

/** A browser of its own (its own session), signed in through the stand-in login as a demo member. */
async function signedInAs(name: string): Promise<BrowserPage> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/app/`);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
  return page;
}

async function profileOf(accountId: string, page: BrowserPage): Promise<Record<string, unknown>> {
  const jwt = await page.evaluate(() => localStorage.getItem('jwt'));
  const res = await fetch(`${server.url}/api/v1/profile/${accountId}`, { headers: { authorization: `Bearer ${jwt}` } });
  return ((await res.json()) as { data: { profile: Record<string, unknown> } }).data.profile;
}

describe('rule queries on the demo site, in the browser', () => {
  it('each member sees the list-only notice of their own list, and not the other', async () => {
    const [victor, maya] = await Promise.all([signedInAs('Victor Volunteer'), signedInAs('Maya Maker')]);
    for (const page of [victor, maya]) {
      await page.goto(`${server.url}/app/members-area/notice-board`);
      await page.getByRole('heading', { level: 1, name: 'Notice board' }).waitFor();
    }
    await victor.getByText('Volunteers: rota swap').waitFor();
    await maya.getByText('Makers: material order').waitFor();
    expect(await victor.getByText('Makers: material order').count()).toBe(0);
    expect(await maya.getByText('Volunteers: rota swap').count()).toBe(0);
  });

  it('"Which days?" appears only while volunteering is on, is required only then, and the form saves', async () => {
    const page = await signedInAs('Maya Maker');
    await page.goto(`${server.url}/app/members-area/my-settings`);
    const form = page.locator('[data-block-id="settings-preferences-form"]');
    await form.getByRole('button', { name: 'Edit' }).click();
    const volunteer = form.getByRole('switch', { name: 'I want to volunteer' });
    await volunteer.waitFor();
    expect(await volunteer.getAttribute('aria-checked')).toBe('false');
    expect(await form.getByText('Which days?').count()).toBe(0);

    await volunteer.click();
    await form.getByText('Which days?').waitFor();
    // Required while shown: the save button stays disabled until a day is chosen.
    const saveButton = form.getByRole('button', { name: 'Save' });
    expect(await saveButton.isDisabled()).toBe(true);
    // Visibly disabled too (it looked exactly like an enabled one), and the shown required field is marked.
    expect(await saveButton.evaluate((el) => getComputedStyle(el).cursor)).toBe('not-allowed');
    expect(Number(await saveButton.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
    expect(await form.locator('[data-required]', { hasText: 'Which days?' }).evaluate((el) => getComputedStyle(el, '::after').content)).toContain('*');
    expect((await profileOf('maya', page)).volunteer).not.toBe(true);

    await form.getByLabel('Saturday').check();
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-block-id="settings-preferences-form"] button[type="submit"]')?.disabled);
    await saveButton.click();
    await page.getByText('Saved.').waitFor();
    expect(await profileOf('maya', page)).toMatchObject({ volunteer: true, volunteerDays: ['sat'] });
  });

  it('a required field hidden by its condition never blocks saving', async () => {
    const page = await signedInAs('Victor Volunteer');
    await page.goto(`${server.url}/app/members-area/my-settings`);
    const form = page.locator('[data-block-id="settings-preferences-form"]');
    await form.getByRole('button', { name: 'Edit' }).click();
    await form.getByText('Which days?').waitFor();
    const volunteer = form.getByRole('switch', { name: 'I want to volunteer' });
    expect(await volunteer.getAttribute('aria-checked')).toBe('true');
    await volunteer.click();
    expect(await form.getByText('Which days?').count()).toBe(0);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    expect((await profileOf('victor', page)).volunteer).toBe(false);
  });
});
