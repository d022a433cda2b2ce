/**
 * The settings page in Chromium against the built server, with a second member watching: Maya
 * opens Privacy settings from the user controls, makes her city private (Victor's open view of her
 * profile loses it), switches notifications on (kept after a reload), makes her bio private with
 * the #privacy buttons of her profile form; Victor sees no Edit button on Maya's profile. axe on
 * the settings page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, signInAs, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let mayaBrowser: LaunchedBrowser;
let victorBrowser: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer();
  [mayaBrowser, victorBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
});
afterAll(async () => {
  await mayaBrowser?.close();
  await victorBrowser?.close();
  await server?.stop();
});

const signIn = (browser: LaunchedBrowser, name: string) => signInAs(browser, server.url, name);

describe('the settings page, with a second member watching', () => {
  it('Maya sets privacy per data item and notifications; Victor’s open view follows and shows no Edit button', async () => {
    const victor = await signIn(victorBrowser, 'Victor Volunteer');
    await victor.goto(`${server.url}/app/people/profile/maya`);
    await victor.getByRole('heading', { level: 1, name: 'Maya Maker' }).waitFor();
    await victor.getByText('Woodwork and lathe turning.').waitFor();
    const about = victor.locator('form[aria-label="About"]');
    await about.getByText('London').waitFor();
    // Not his profile, and no profiles update: no Edit button.
    expect(await about.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    const maya = await signIn(mayaBrowser, 'Maya Maker');
    await maya.getByRole('button', { name: /Open user controls/ }).click();
    await maya.getByRole('link', { name: 'Privacy settings' }).click();
    await maya.waitForURL((url) => url.pathname === '/app/settings');
    await maya.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    // The section asked for has the focus.
    await expect.poll(() => maya.evaluate(() => document.activeElement?.textContent)).toBe('Privacy');
    expect(await seriousViolations(maya)).toEqual([]);

    // The phone is private already (demo); the city becomes private.
    expect(await maya.getByLabel('Phone').inputValue()).toBe('private');
    await maya.getByLabel('City').selectOption('private');
    await maya.getByText('Privacy settings saved.').waitFor();
    // Victor's open view of her profile loses the city at once (profile:update), with no reload.
    await expect.poll(async () => (await about.innerText()).includes('London'), { timeout: 10_000 }).toBe(false);
    await victor.getByText('Woodwork and lathe turning.').waitFor();

    const notifications = maya.getByRole('switch', { name: 'Notifications on this account' });
    expect(await notifications.getAttribute('aria-checked')).toBe('false');
    await notifications.click();
    await maya.getByText('Notification settings saved.').waitFor();
    await maya.reload();
    await maya.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expect.poll(() => maya.getByRole('switch', { name: 'Notifications on this account' }).getAttribute('aria-checked')).toBe('true');
    expect(await maya.getByLabel('City').inputValue()).toBe('private');

    // The privacy buttons of her own profile form (#privacy): the bio becomes private.
    await maya.getByRole('link', { name: 'Choose privacy on my profile form' }).click();
    await maya.waitForURL((url) => url.pathname === '/app/people/profile/maya' && url.hash === '#privacy');
    await maya.getByRole('button', { name: 'Edit' }).click();
    const bioPrivacy = maya.getByRole('switch', { name: 'Visible to others: Bio' });
    expect(await bioPrivacy.getAttribute('aria-checked')).toBe('true');
    await bioPrivacy.click();
    await maya.getByText('Privacy settings saved.').waitFor();
    expect(await bioPrivacy.getAttribute('aria-checked')).toBe('false');
    await expect.poll(async () => (await victor.locator('main').innerText()).includes('Woodwork and lathe turning.'), { timeout: 10_000 }).toBe(false);
    expect(await victor.locator('main').innerText()).not.toContain('7946');
    expect(await seriousViolations(victor)).toEqual([]);
  });
});
