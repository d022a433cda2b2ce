/**
 * Text-edit mode in Chromium against the built server and its demo content: Ada turns it on with
 * alt+shift+j and edits a shell label (the user menu's Log out, reached through Use control), an
 * engine label (a form's Save button) and a block label (the member directory's count); after a
 * reload she sees them, Maya (a member) sees them and no editing chrome; with the mode off Ada
 * sees none either. One label is edited with the keyboard only. axe: no serious or critical
 * violation in text-edit mode at 1280 and 375 px.
 */
import type { Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, signInAs, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browser: LaunchedBrowser;
let memberBrowser: LaunchedBrowser;
let ada: BrowserPage;
const errors: string[] = [];

const chrome = (page: BrowserPage) => page.locator('[data-text-label], .ts-label-badge, .ts-label-editor').count();
const editor = (page: BrowserPage) => page.getByRole('dialog', { name: 'Edit label' });

/** Opens `path` (a full load: text-edit mode starts off) and turns text-edit mode on with alt+shift+j. */
async function openInTextEditMode(page: BrowserPage, path: string, ready: string | RegExp) {
  await page.goto(`${server.url}${path}`);
  const label = page.getByRole('main').getByText(ready, { exact: true }).first();
  await label.waitFor();
  await page.keyboard.press('Alt+Shift+KeyJ');
  await expect.poll(() => label.evaluate((el) => el.closest('[data-text-label]') !== null)).toBe(true);
}

/** Types `text` over the editor's field named `field` and saves with Enter. */
async function replaceIn(page: BrowserPage, field: string, text: string) {
  const input = editor(page).getByRole('textbox', { name: field });
  await input.fill(text);
  await input.press('Enter');
  await editor(page).waitFor({ state: 'detached' });
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  memberBrowser = await launchBrowser();
  ada = await signInAs(browser, server.url, 'Ada Admin');
  ada.on('pageerror', (e) => errors.push(e.message));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await memberBrowser?.close();
  await server?.stop();
});

describe('text-edit mode in Chromium', () => {
  it('edits a shell, an engine and a block label in place; they survive a reload and a member sees them', async () => {
    await ada.keyboard.press('Alt+Shift+KeyJ');
    const userControls = ada.locator('header').getByRole('button', { name: /^Open user controls/ });
    await expect.poll(() => userControls.getAttribute('data-text-label')).toBe('');
    expect(await seriousViolations(ada)).toEqual([]);

    // Shell: a click on the user menu's button edits its label; Use control opens the menu.
    await userControls.click();
    await editor(ada).getByRole('button', { name: 'Use control' }).click();
    const menu = ada.getByRole('dialog', { name: 'User controls' });
    await menu.getByRole('button', { name: 'Log out' }).click();
    expect(await editor(ada).getByRole('textbox', { name: 'Text for shell.userControls.logout' }).inputValue()).toBe('Log out');
    await replaceIn(ada, 'Text for shell.userControls.logout', 'Sign out');
    await expect.poll(() => menu.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    await ada.keyboard.press('Escape');

    // Engine: the form's Edit opens the form with the keyboard (Space still presses), then its Save is edited.
    await openInTextEditMode(ada, '/app/members-area/my-settings', 'Edit');
    const main = ada.getByRole('main');
    await main.getByRole('button', { name: 'Edit', exact: true }).focus();
    await ada.keyboard.press('Space');
    await main.getByRole('button', { name: 'Save', exact: true }).click();
    await replaceIn(ada, 'Text for form.actions.save', 'Store');
    await main.getByRole('button', { name: 'Store', exact: true }).waitFor();

    // Block: the member directory's count, a message with a placeholder.
    await openInTextEditMode(ada, '/app/people/directory', /^Members found: \d+$/);
    const count = ada.getByText(/^Members found: \d+$/);
    await count.click();
    expect(await editor(ada).getByRole('textbox', { name: 'Text for userSearch.count' }).inputValue()).toBe('Members found: {n}');
    expect(await seriousViolations(ada)).toEqual([]);
    await replaceIn(ada, 'Text for userSearch.count', 'People found: {n}');
    await ada.getByText(/^People found: \d+$/).waitFor();

    // A reload keeps them (the mode too is off after a reload: plain labels, no chrome).
    await ada.reload();
    await ada.getByText(/^People found: \d+$/).waitFor();
    expect(await chrome(ada)).toBe(0);
    await ada
      .locator('header')
      .getByRole('button', { name: /^Open user controls/ })
      .click();
    await ada.getByRole('dialog', { name: 'User controls' }).getByRole('button', { name: 'Sign out' }).waitFor();
    await ada.keyboard.press('Escape');

    const maya = await signInAs(memberBrowser, server.url, 'Maya');
    await maya.goto(`${server.url}/app/members-area/my-settings`);
    await maya.getByRole('main').getByRole('button', { name: 'Edit', exact: true }).click();
    await maya.getByRole('main').getByRole('button', { name: 'Store', exact: true }).waitFor();
    await maya.goto(`${server.url}/app/people/directory`);
    await maya.getByText(/^People found: \d+$/).waitFor();
    await maya.keyboard.press('Alt+Shift+KeyJ');
    await maya
      .locator('header')
      .getByRole('button', { name: /^Open user controls/ })
      .click();
    await maya.getByRole('dialog', { name: 'User controls' }).getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await chrome(maya)).toBe(0);
    expect(await maya.evaluate(() => /[\u2061-\u2064]/.test(document.documentElement.outerHTML))).toBe(false);
    expect(errors).toEqual([]);
  });

  it('edits a label with the keyboard only: Tab to it, Enter, type, Enter; Escape leaves the mode with no chrome', async () => {
    await ada.goto(`${server.url}/app/home/welcome`);
    await ada.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await ada.keyboard.press('Alt+Shift+KeyJ');
    const recent = ada.getByRole('button', { name: 'Recently viewed' });
    await expect.poll(() => recent.getAttribute('data-text-label')).toBe('');
    // Tab through the page until the label has focus.
    for (let i = 0; i < 60 && !(await recent.evaluate((el) => el === document.activeElement)); i++) await ada.keyboard.press('Tab');
    expect(await recent.evaluate((el) => el === document.activeElement)).toBe(true);
    await ada.keyboard.press('Enter');
    const field = editor(ada).getByRole('textbox', { name: 'Text for shell.recentlyViewed.title' });
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    await ada.keyboard.press('Control+a');
    await ada.keyboard.type('Lately seen');
    await ada.keyboard.press('Enter');
    const renamed = ada.getByRole('button', { name: 'Lately seen' });
    await renamed.waitFor();
    expect(await renamed.evaluate((el) => el === document.activeElement)).toBe(true);
    // Escape in the editor cancels and gives focus back.
    await ada.keyboard.press('Enter');
    await editor(ada).waitFor();
    await ada.keyboard.press('Escape');
    await editor(ada).waitFor({ state: 'detached' });
    expect(await renamed.evaluate((el) => el === document.activeElement)).toBe(true);
    await ada.keyboard.press('Alt+Shift+KeyJ');
    await expect.poll(() => chrome(ada)).toBe(0);
    await renamed.waitFor();
  });

  it('is axe clean in text-edit mode at 375 px, with the editor open', async () => {
    await ada.setViewportSize({ width: 375, height: 812 });
    await ada.goto(`${server.url}/app/home/welcome`);
    await ada.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await ada.keyboard.press('Alt+Shift+KeyJ');
    const heading = ada.getByRole('button', { name: 'Lately seen' });
    await expect.poll(() => heading.getAttribute('data-text-label')).toBe('');
    expect(await seriousViolations(ada)).toEqual([]);
    await heading.click();
    await editor(ada).waitFor();
    const box = await editor(ada).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await seriousViolations(ada)).toEqual([]);
    await ada.keyboard.press('Escape');
    await ada.keyboard.press('Alt+Shift+KeyJ');
    expect(errors).toEqual([]);
  });
});
