/**
 * A member at 375 px (issue 14, item 1): the avatar menu is in the mobile header beside the
 * hamburger, with My profile, the theme and Log out; Escape returns focus to the avatar; the
 * footer's legal links stay reachable; a modal is a full-width sheet that gives focus back.
 * Its own browser, since it logs out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ viewport: { width: 375, height: 740 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a member on a 375 px screen', () => {
  it('reaches the account menu from the header, the legal links from the footer, and logs out', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/app/`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in as Maya Maker' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();

    const header = page.locator('header');
    const avatar = header.getByRole('button', { name: /^Open user controls/ });
    await avatar.waitFor();
    expect(await header.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);
    const box = await avatar.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);

    // The legal links of the footer are visible and inside the screen.
    const privacy = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' });
    await privacy.scrollIntoViewIfNeeded();
    expect(await privacy.isVisible()).toBe(true);
    expect(await privacy.getAttribute('href')).toBe('https://example.org/privacy');
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).isVisible()).toBe(true);

    await avatar.click();
    const panel = page.getByRole('dialog', { name: 'User controls' });
    await panel.waitFor();
    expect(await panel.getByRole('link', { name: 'My profile' }).isVisible()).toBe(true);
    const panelBox = await panel.boundingBox();
    expect(panelBox!.x).toBeGreaterThanOrEqual(0);
    expect(panelBox!.x + panelBox!.width).toBeLessThanOrEqual(375);
    // Escape closes the menu and gives focus back to the avatar, not to <body>.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await avatar.evaluate((el) => el === document.activeElement)).toBe(true);

    // The house-rules modal (size small, 500 px) is a full-width sheet here, and Close returns focus to its button.
    await page.goto(`${server.url}/app/home/news`);
    const trigger = page.getByRole('button', { name: 'Read the house rules' });
    await trigger.click();
    const modal = page.getByRole('dialog', { name: 'House rules' });
    await modal.waitFor();
    const modalBox = await modal.boundingBox();
    expect(modalBox!.x).toBeGreaterThanOrEqual(0);
    expect(modalBox!.x + modalBox!.width).toBeLessThanOrEqual(375);
    expect(await modal.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    await avatar.click();
    await panel.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
    await page.close();
  });
});
