/**
 * Brand images in Chromium against the built server (spec core 1, 4.2, 7.3): the brand logo an
 * admin uploads loads from the media routes in the header and the footer, and the document's
 * icon is the favicon route, answering the product icon first and the brand's favicon once uploaded.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '../helpers/api-server';
import { launchBrowser, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browser: LaunchedBrowser;
let admin: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await signInAt(server.url, 'admin');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function uploadBrandImage(kind: 'logo' | 'favicon', png: Buffer): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/service/brands/1/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes: { image: `data:image/png;base64,${png.toString('base64')}` } }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function signIn(name: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await page.waitForFunction(() => !!localStorage.getItem('jwt'));
  await page.locator('.ts-shell').waitFor();
  return page;
}

/** What the document's icon link answers, fetched by the page itself. */
const iconAnswer = (page: Page) =>
  page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="icon"]')!.href;
    const res = await fetch(href);
    return { href: new URL(href).pathname, status: res.status, type: res.headers.get('content-type') ?? '' };
  });

describe('brand images in Chromium', () => {
  it('the login page and the app answer the product icon while the brand has no favicon', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/login`);
    expect(await iconAnswer(page)).toEqual({ href: '/api/v1/favicon/default', status: 200, type: expect.stringContaining('image/svg+xml') });
    await page.close();
    const app = await signIn('Maya Maker');
    expect(await iconAnswer(app)).toMatchObject({ status: 200, type: expect.stringContaining('image/svg+xml') });
    await app.close();
  });

  it('an uploaded brand logo shows in the header and the footer; an uploaded favicon becomes the icon', async () => {
    const logo = await sharp({ create: { width: 240, height: 64, channels: 4, background: '#e36414' } })
      .png()
      .toBuffer();
    await uploadBrandImage('logo', logo);
    const faviconId = await uploadBrandImage(
      'favicon',
      await sharp({ create: { width: 32, height: 32, channels: 4, background: '#0f4c5c' } })
        .png()
        .toBuffer(),
    );
    const page = await signIn('Maya Maker');
    const header = page.locator('.ts-topbar .ts-logo img');
    const footer = page.locator('img.ts-footer__logo');
    await expect.poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    await expect.poll(() => footer.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    expect(await header.getAttribute('src')).toMatch(/^\/api\/v1\/image\/[0-9a-f-]{36}\?token=/);
    expect(await header.getAttribute('alt')).toMatch(/Riverside Makers/);
    await expect.poll(() => iconAnswer(page)).toEqual({ href: `/api/v1/favicon/${faviconId}`, status: 200, type: 'image/png' });
    await page.goto(`${server.url}/login`);
    expect(await iconAnswer(page)).toEqual({ href: `/api/v1/favicon/${faviconId}`, status: 200, type: 'image/png' });
    await page.close();
  });
});
