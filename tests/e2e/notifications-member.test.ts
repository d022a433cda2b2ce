/**
 * The member's notifications in Chromium against the built server: Ada broadcasts to the makers
 * through the API; Maya's bell shows it in both her tabs without a reload, she opens the centre
 * (the badge clears in her second tab), follows the notification to its page, and the second
 * tab's open centre shows it read. axe on the open centre and the settings section. One browser,
 * Maya's two tabs in its one context.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '../helpers/api-server';
import { launchBrowser, seriousViolations, signInThroughLogin, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Resolves once the page's realtime socket is connected (socket.io's connect packet came back). */
function realtimeConnected(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (ws) => {
      if (ws.url().includes('/socket.io/')) ws.on('framereceived', (frame) => String(frame.payload).startsWith('40') && resolve());
    }),
  );
}

const bell = (page: Page, unseen: string) => page.locator('header').getByRole('button', { name: `Notifications, ${unseen} unseen` });

describe('member notifications', () => {
  it('Ada’s broadcast reaches Maya’s bell live; the centre marks it seen and read in both her tabs', async () => {
    const errors: string[] = [];
    const first = await browser.context.newPage();
    first.on('pageerror', (e) => errors.push(e.message));
    const firstLive = realtimeConnected(first);
    await signInThroughLogin(first, server.url, 'Maya Maker');
    // The second tab shares the session of the first.
    const second = await browser.context.newPage();
    second.on('pageerror', (e) => errors.push(e.message));
    const secondLive = realtimeConnected(second);
    await second.goto(`${server.url}/app/home/welcome`);
    await second.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await Promise.all([firstLive, secondLive]);

    // The demo's notifications are seen first: both bells at 0.
    await first
      .locator('header')
      .getByRole('button', { name: /^Notifications, / })
      .click();
    await first.getByRole('dialog', { name: 'Notifications' }).getByRole('region', { name: 'System' }).getByRole('list').waitFor();
    await first.keyboard.press('Escape');
    await bell(first, '0').waitFor();
    await bell(second, '0').waitFor();

    const ada = await signInAt(server.url, 'admin');
    const sent = await fetch(`${server.url}/api/v1/admin/broadcasts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        lists: ['makers'],
        title: 'Open workshop tonight',
        message: 'Bring a project.',
        url: '/home/news',
        channels: { inApp: true, email: false },
      }),
    });
    expect(sent.status).toBe(202);

    // Without a reload, in both tabs.
    await bell(first, '1').waitFor();
    await bell(second, '1').waitFor();

    // Maya opens the centre: the broadcast is there, unread; opening it marks it seen everywhere.
    await bell(first, '1').click();
    const centre = first.getByRole('dialog', { name: 'Notifications' });
    const item = centre.getByRole('link', { name: /^Unread: Open workshop tonight Bring a project\./ });
    await item.waitFor();
    await bell(second, '0').waitFor();
    expect(await seriousViolations(first)).toEqual([]);

    // The second tab's centre, open while she follows the notification in the first.
    await bell(second, '0').click();
    const otherCentre = second.getByRole('dialog', { name: 'Notifications' });
    await otherCentre.getByRole('link', { name: /^Unread: Open workshop tonight/ }).waitFor();

    await item.click();
    await first.waitForURL((url) => url.pathname === '/app/home/news');
    await first.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    expect(await first.getByRole('dialog', { name: 'Notifications' }).count()).toBe(0);
    // Read in the other tab too (notifications:read), without a reload.
    await otherCentre.getByRole('link', { name: /^Open workshop tonight/ }).waitFor();

    // The preferences section, as the user controls link to it.
    await first.goto(`${server.url}/app/settings?section=notifications`);
    await first
      .getByRole('switch', { name: /^By email: / })
      .first()
      .waitFor();
    expect(await seriousViolations(first)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
