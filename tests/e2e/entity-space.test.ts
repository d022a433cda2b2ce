/**
 * Spaces in the browser (issue 33; web/routes/SpaceRoute.tsx) in Chromium against the built
 * server and the demo's workshops: Victor opens /space/design-sprint and the address becomes its
 * overview (the server's decision), the page row shows only the pages he may view, a members-only
 * page sends him back to the overview; the admin renames the workshop and Victor's open space shows
 * the new title (heading and document title) without a reload; an unknown space ends at the
 * not-found page; a space deleted while open says so inside the shell.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAt, signInAt } from '../helpers/api-server';
import { launchBrowser, signInThroughLogin, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browser: LaunchedBrowser;
let victor: Page;
let adminToken: string;
const errors: string[] = [];

/** Resolves once the page's realtime socket has connected (socket.io's "40" connect packet). */
function realtimeConnected(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (ws) => {
      if (ws.url().includes('/socket.io/')) ws.on('framereceived', (frame) => String(frame.payload).startsWith('40') && resolve());
    }),
  );
}

/** Resolves once the page has asked to join an entity's room, and the answer has had time to come. */
function entityRoomJoined(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (ws) => {
      ws.on('framesent', (frame) => String(frame.payload).includes('"entity:subscribe"') && setTimeout(resolve, 500));
    }),
  );
}
let joined: Promise<void>;

const pageRow = (page: Page) => page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Overview' }) });

beforeAll(async () => {
  server = await startServer();
  adminToken = await signInAt(server.url, 'admin');
  browser = await launchBrowser();
  victor = await browser.context.newPage();
  victor.on('pageerror', (e) => errors.push(e.message));
  const live = realtimeConnected(victor);
  await signInThroughLogin(victor, server.url, 'Victor Volunteer');
  await live;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a workshop space', () => {
  it('goes to the overview the server decides, with only the pages he may view in the page row', async () => {
    await victor.goto(`${server.url}/app/space/design-sprint`);
    await victor.waitForURL(/\/app\/space\/design-sprint\/spaces\/overview\/$/);
    await victor.getByRole('heading', { level: 1, name: 'Design Sprint' }).waitFor();
    const tabs = await pageRow(victor).getByRole('link').allTextContents();
    expect(tabs.map((t) => t.trim())).toEqual(['Overview']);
    expect(await victor.title()).toContain('Design Sprint');
  });

  it('sends a members-only page back to the overview', async () => {
    joined = entityRoomJoined(victor);
    await victor.goto(`${server.url}/app/space/design-sprint/spaces/members/`);
    await victor.waitForURL(/\/spaces\/overview\/$/);
    await victor.getByRole('heading', { level: 1, name: 'Design Sprint' }).waitFor();
  });

  it('shows the new title live when the admin renames the workshop', async () => {
    await victor.getByRole('heading', { level: 1, name: 'Design Sprint' }).waitFor();
    await joined;
    await callAt(server.url, adminToken, 'POST', 'entities/design-sprint/settingsData', { title: 'Design Sprint: spring edition' });
    await victor.getByRole('heading', { level: 1, name: 'Design Sprint: spring edition' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => victor.title()).toContain('Design Sprint: spring edition');
    // Still the same page, never reloaded.
    expect(victor.url()).toMatch(/\/spaces\/overview\/$/);
  });

  it('ends an unknown space at the not-found page', async () => {
    await victor.goto(`${server.url}/app/space/no-such-workshop`);
    await victor.waitForURL(/\/app\/404$/);
    await victor.getByText('That page does not exist, sorry for any inconvenience caused.').first().waitFor();
  });

  it('says inside the shell that a space deleted while open is gone', async () => {
    joined = entityRoomJoined(victor);
    await victor.goto(`${server.url}/app/space/woodturning-basics`);
    await victor.waitForURL(/\/woodturning-basics\/spaces\/overview\/$/);
    await victor.getByRole('heading', { level: 1, name: 'Woodturning Basics' }).waitFor();
    await joined;
    await callAt(server.url, adminToken, 'DELETE', 'entities/woodturning-basics');
    await victor.getByRole('heading', { name: 'This space no longer exists.' }).waitFor({ timeout: 15_000 });
    // The shell stays: the header's navigation is still there.
    await victor.getByRole('link', { name: 'Home' }).first().waitFor();
    expect(errors).toEqual([]);
  });
});
