/**
 * A broadcast end to end in Chromium against the built server, with three members on browsers of
 * their own: Ada (admin) sends to the makers list from /admin/broadcasts; Maya (in makers) sees
 * her bell say 1 without a reload in both of her tabs, opens the notification centre in one (the
 * badge clears in the other) and follows the link; Victor (volunteers only, not in makers) gets
 * nothing; the outbox in /admin/notificationHistory shows Maya's email with its HTML sandboxed.
 * The three admin screens are axe clean (serious, critical).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationHistoryResponse, NotificationPageResponse } from '../../schemas/model/api/notifications';
import { signInAt, callAt } from '../helpers/api-server';
import { openSignedIn, seriousViolations, type SignedInBrowsers } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browsers: SignedInBrowsers | undefined;
let ada: Page;
let maya: Page;
let mayaSecond: Page;
let victor: Page;
const errors: string[] = [];
const TITLE = 'Open workshop on Saturday';
const MESSAGE = 'The lathe room is open from 10 to 4; bring your own wood.';
const LINK = '/settings';

const call = <T>(token: string, method: string, path: string, body?: unknown) => callAt<T>(server.url, token, method, path, body);

const bell = (page: Page, count: number) => page.getByRole('button', { name: `Notifications, ${count} unseen` });

beforeAll(async () => {
  server = await startServer();
  // Maya and Victor start with nothing unseen (the demo gives them notifications): the badges start at 0.
  for (const id of ['maya', 'victor']) await call(await signInAt(server.url, id), 'POST', 'profile/notifications/seen/system');
  browsers = await openSignedIn(server.url, ['Ada Admin', 'Maya Maker', 'Victor Volunteer'], errors);
  [ada, maya, victor] = browsers.pages;
  // Maya's second tab: the same browser, so the same session.
  mayaSecond = await maya.context().newPage();
  mayaSecond.on('pageerror', (e) => errors.push(`Maya (second tab): ${e.message}`));
  await mayaSecond.goto(`${server.url}/app/`);
  await mayaSecond.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
}, 180_000);

afterAll(async () => {
  await browsers?.close();
  await server?.stop();
});

describe('a broadcast to the makers list', () => {
  it('Ada sends it from /admin/broadcasts after a confirmation naming the count', async () => {
    for (const page of [maya, mayaSecond, victor]) await bell(page, 0).waitFor();

    await ada.goto(`${server.url}/app/admin/broadcasts`);
    const form = ada.getByRole('form', { name: 'Broadcasts' });
    await form.getByRole('checkbox', { name: 'Makers' }).check();
    const reach = form.getByRole('status').filter({ hasText: /^Reaches \d+ people\.$/ });
    await reach.waitFor();
    const count = Number((await reach.textContent())!.match(/\d+/)![0]);
    expect(count).toBeGreaterThan(1);
    await form.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await form.getByRole('textbox', { name: 'Message' }).fill(MESSAGE);
    await form.getByRole('textbox', { name: 'Link (optional)' }).fill(LINK);
    await ada.getByRole('region', { name: 'Preview' }).getByText(TITLE).waitFor();
    expect(await seriousViolations(ada)).toEqual([]);

    await form.getByRole('button', { name: 'Send…' }).click();
    const dialog = ada.getByRole('dialog', { name: 'Send this broadcast?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`“${TITLE}” goes to ${count} people in Makers, in the app and by email.`);
    expect(await seriousViolations(ada)).toEqual([]);
    await dialog.getByRole('button', { name: `Send to ${count}` }).click();
    await ada
      .getByRole('status')
      .filter({ hasText: `Broadcast “${TITLE}” is on its way to ${count} people.` })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  it('Maya sees her bell say 1 without a reload, opens the centre, the badge clears in her second tab, she follows the link', async () => {
    await bell(maya, 1).waitFor();
    await bell(mayaSecond, 1).waitFor();
    await bell(maya, 1).click();
    const centre = maya.getByRole('dialog', { name: 'Notifications' });
    const item = centre.getByRole('link', { name: new RegExp(TITLE) });
    await item.waitFor();
    expect(await item.textContent()).toContain(MESSAGE);
    // Opening the centre marked it seen: both tabs' badges clear.
    await bell(mayaSecond, 0).waitFor();
    await bell(maya, 0).waitFor();
    await item.click();
    await maya.waitForURL((url) => url.pathname === `/app${LINK}`);
    const mayaToken = await signInAt(server.url, 'maya');
    const mine = await call<NotificationPageResponse>(mayaToken, 'GET', 'profile/notifications/system/0');
    expect(mine.items.find((n) => n.title === TITLE)).toMatchObject({ seen: true, read: true, link: LINK });
  });

  it('Victor, not in makers, gets nothing once every notification is stored', async () => {
    const adaToken = await signInAt(server.url, 'admin');
    await expect
      .poll(
        async () =>
          (await call<NotificationHistoryResponse>(adaToken, 'GET', 'profile/notifications/notificationHistory')).items.find((e) => e.title === TITLE)?.state,
        {
          timeout: 30_000,
        },
      )
      .toBe('sent');
    const victorToken = await signInAt(server.url, 'victor');
    const his = await call<NotificationPageResponse>(victorToken, 'GET', 'profile/notifications/system/0');
    expect(his.items.some((n) => n.title === TITLE)).toBe(false);
    expect(await bell(victor, 0).count()).toBe(1);
  });

  it('the history shows it sent, the outbox shows Maya’s email with its HTML sandboxed; the screens are axe clean', async () => {
    await ada.goto(`${server.url}/app/admin/notificationHistory`);
    const table = ada.getByRole('table', { name: 'Notifications sent' });
    const row = table.getByRole('row').filter({ has: ada.getByRole('rowheader', { name: TITLE }) });
    await row.getByText('Sent', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('Makers');
    expect(await seriousViolations(ada)).toEqual([]);

    await ada.getByRole('tab', { name: 'Outbox' }).click();
    const email = ada
      .getByRole('table', { name: 'Emails' })
      .getByRole('button', { name: /to maya@example\.org$/ })
      .first();
    await email.waitFor();
    expect(await seriousViolations(ada)).toEqual([]);
    await email.click();
    const panel = ada.getByRole('dialog', { name: /^Email “/ });
    await panel.waitFor();
    const frame = panel.locator('iframe[sandbox=""]');
    await frame.waitFor();
    expect(await frame.getAttribute('srcdoc')).toContain(TITLE);
    expect(await panel.locator('pre').textContent()).toContain(MESSAGE);
    expect(await seriousViolations(ada)).toEqual([]);
    await ada.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await ada.goto(`${server.url}/app/admin/notifications`);
    await ada.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await ada.getByRole('tab', { name: 'Notifications', selected: true }).waitFor();
    await ada.locator('.t-admin-inbox').waitFor();
    expect(await seriousViolations(ada)).toEqual([]);
    await ada.getByRole('tab', { name: 'Preferences' }).click();
    await ada.getByRole('switch').first().waitFor();
    expect(await seriousViolations(ada)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
