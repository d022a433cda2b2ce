/**
 * Realtime privacy in Chromium against the built server (issue 12, finding 1): Maya (makers) has
 * the members area open on My settings while an admin adds a block to the volunteers-only page,
 * renames it and adds another volunteers-only page. Not one websocket frame her browser receives
 * names any of it, no "Volunteers hub" tab appears, and a change she may see still arrives live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '../helpers/api-server';
import { launchBrowser, type LaunchedBrowser } from '../helpers/browser';
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

describe('a member watching the members area in Chromium', () => {
  it('receives nothing about the volunteers-only page, and still sees what she may', async () => {
    const admin = await signInAt(server.url, 'admin');
    const call = (method: string, path: string, body: unknown) =>
      fetch(`${server.url}/api/v1/${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify(body),
      });

    const page = await browser.context.newPage();
    const frames: string[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in as Maya Maker' }).click();
    await page.waitForFunction(() => !!localStorage.getItem('jwt'));
    await page.goto(`${server.url}/app/members-area/my-settings`);
    await page.getByRole('heading', { level: 1, name: 'My settings' }).waitFor();
    // The realtime connection is up and subscribed (it loads after the first render).
    await expect.poll(() => frames.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(500);

    expect(
      (await call('PUT', 'structure/block', { pageId: 'volunteers', block: { id: 'hush-block', type: 'plainText', options: { text: 'Hush: new rota' } } }))
        .status,
    ).toBe(200);
    expect((await call('POST', 'structure/page/volunteers/property', { key: 'name', value: 'Volunteers hub (renamed)' })).status).toBe(200);
    const newPage = { moduleId: 'members-area', page: { id: 'hush-page', slug: 'hush-page', name: 'Hush page', visibility: { userListIds: ['volunteers'] } } };
    expect((await call('PUT', 'structure/page', newPage)).status).toBe(200);
    // A change Maya may see, made last: once it shows, everything before it has been sent.
    expect((await call('POST', 'structure/block/settings-intro/property', { key: 'options', value: { text: 'Tell us how to reach you.' } })).status).toBe(200);
    await page.getByText('Tell us how to reach you.').waitFor({ timeout: 15_000 });

    const received = frames.join('\n');
    for (const trace of ['volunteers', 'vol-', 'hush', 'Hush', 'Volunteers hub']) expect(received, trace).not.toContain(trace);
    const navigation = await page.locator('header').innerText();
    expect(navigation).not.toMatch(/Volunteers hub|Hush page/);
    expect(await page.getByText('Hush: new rota').count()).toBe(0);
  });
});
