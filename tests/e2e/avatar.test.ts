/**
 * Avatars in Chromium against the built server (spec core 1, 4.8; issue 16): a member uploads a
 * picture through their profile form's image uploader, sets its focal point, saves, and sees it
 * in the header's user button and the profile hero at once; another member, in another browser,
 * sees it on the profile after a reload.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
const browsers: LaunchedBrowser[] = [];
let picture: string;

beforeAll(async () => {
  server = await startServer();
  picture = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-avatar-')), 'me.jpg');
  // Green on the left, red on the right: the square crop shows which side the focal point chose.
  const left = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#2b8a3e' } })
    .png()
    .toBuffer();
  fs.writeFileSync(
    picture,
    await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#c92a2a' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg()
      .toBuffer(),
  );
});
afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await server?.stop();
  if (picture) fs.rmSync(path.dirname(picture), { recursive: true, force: true });
});

async function signIn(name: string): Promise<Page> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await page.waitForFunction(() => !!localStorage.getItem('jwt'));
  await page.locator('.ts-shell').waitFor();
  return page;
}

/** The loaded picture's size, or 0 while it is not there. */
const loadedWidth = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))
    .catch(() => 0);

/** The colour at the centre of a loaded image, as [r, g, b]. */
const centreColour = (page: Page, selector: string) =>
  page.locator(selector).evaluate(async (img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const g = canvas.getContext('2d')!;
    g.drawImage(img, 0, 0);
    return Array.from(g.getImageData(img.naturalWidth / 2, img.naturalHeight / 2, 1, 1).data.slice(0, 3));
  });

describe('avatars in Chromium', () => {
  it('a member uploads an avatar in the profile form, sets its focal point and sees it in the header at once', async () => {
    const maya = await signIn('Maya Maker');
    expect(await maya.locator('.ts-user-button img').count()).toBe(0);
    await maya.goto(`${server.url}/app/people/profile/maya`);
    const form = maya.locator('form').filter({ hasText: 'Headline' });
    await form.getByRole('button', { name: 'Edit', exact: true }).click();
    await form.getByLabel('Photo').setInputFiles(picture);
    // Edited, the picture shows in the inline uploader (core 4.8): its focal point is set right there.
    const editor = form.getByRole('region', { name: 'Image: Photo' });
    await expect.poll(() => loadedWidth(maya, '.t-image-inline .t-image-window__canvas img')).toBeGreaterThan(0);

    // The focal point goes on the green left third: the square avatar then shows green.
    const canvas = editor.getByRole('application');
    const box = (await canvas.locator('img').boundingBox())!;
    await canvas.locator('img').click({ position: { x: box.width * 0.1, y: box.height * 0.5 } });
    expect(await canvas.getAttribute('aria-label')).toMatch(/Focal point (9|10|11)% across, (49|50|51)% down/);
    expect(await seriousViolations(maya)).toEqual([]);
    const saved = maya.waitForResponse((r) => /\/api\/v1\/files\/[0-9a-f-]{36}\/data$/.test(r.url()) && r.request().method() === 'POST');
    await editor.getByRole('button', { name: 'Save the focal point' }).click();
    expect((await saved).status()).toBe(200);
    await editor.getByText('Focal point saved.').waitFor();

    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await form.getByText('Saved.').waitFor();
    // The header's user button and the profile hero show the picture without a reload.
    await expect.poll(() => loadedWidth(maya, '.ts-user-button img.ts-avatar__image')).toBe(56);
    await expect.poll(() => loadedWidth(maya, '.t-avatar__image')).toBeGreaterThan(0);
    const [r, g] = await centreColour(maya, '.ts-user-button img.ts-avatar__image');
    expect(g).toBeGreaterThan(100);
    expect(r).toBeLessThan(100);
  });

  it('another member sees the new avatar on the profile, also after a reload', async () => {
    const victor = await signIn('Victor Volunteer');
    await victor.goto(`${server.url}/app/people/profile/maya`);
    await expect.poll(() => loadedWidth(victor, '.t-avatar__image')).toBeGreaterThan(0);
    await victor.reload();
    await expect.poll(() => loadedWidth(victor, '.t-avatar__image')).toBeGreaterThan(0);
    // Victor's own header keeps his initials: he has no picture.
    expect(await victor.locator('.ts-user-button img').count()).toBe(0);
  });
});
