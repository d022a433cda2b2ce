/**
 * Two members in two Chromium profiles against the built server: Maya opens "My profile" and
 * edits her bio; Victor finds her in the directory, opens her profile, sees the bio but not her
 * private phone number, and sees her online. axe-core on the directory and the profile page.
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

describe('the member directory and profile pages, two members in Chromium', () => {
  it('Maya edits her bio on "My profile"; Victor finds her, sees the bio, not the private phone, and sees her online', async () => {
    const maya = await signIn(mayaBrowser, 'Maya Maker');
    await maya.getByRole('button', { name: /Open user controls/ }).click();
    await maya.getByRole('link', { name: 'My profile' }).click();
    await maya.waitForURL((url) => url.pathname === '/app/people/profile/maya');
    await maya.getByRole('heading', { level: 1, name: 'Maya Maker' }).waitFor();
    // Her own profile shows her phone number, and how complete it is (to her only).
    await maya.getByText('+44 20 7946 0000').waitFor();
    await maya.getByRole('progressbar', { name: /% complete$/ }).waitFor();
    await maya.getByRole('button', { name: 'Edit' }).click();
    await maya.getByLabel('Bio', { exact: true }).fill('Chairs, tables and lathe work.');
    await maya.getByRole('button', { name: 'Save' }).click();
    await maya.getByText('Chairs, tables and lathe work.').waitFor();

    const victor = await signIn(victorBrowser, 'Victor Volunteer');
    await victor.goto(`${server.url}/app/people/directory`);
    await victor.getByRole('searchbox', { name: 'Search members' }).fill('maya mak');
    await victor.getByText('Members found: 1').waitFor();
    // No match says so in words (issue 35, item 7), then the search goes on.
    await victor.getByRole('searchbox', { name: 'Search members' }).fill('zzqx');
    await victor.getByText('No members match “zzqx”. Try fewer or other words.').waitFor();
    await victor.getByRole('searchbox', { name: 'Search members' }).fill('maya mak');
    await victor.getByText('Members found: 1').waitFor();
    // A typed search ranks the best match first until the member picks another order.
    expect(await victor.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('relevance');
    expect(await seriousViolations(victor)).toEqual([]);
    await victor.locator('.t-user-search__results').getByRole('link', { name: 'Maya Maker' }).click();
    await victor.waitForURL((url) => url.pathname === '/app/people/profile/maya');
    await victor.getByText('Chairs, tables and lathe work.').waitFor();
    expect(await victor.locator('main').innerText()).not.toContain('7946');
    expect(await victor.getByRole('progressbar').count()).toBe(0);
    // Maya's open browser keeps her keepalive fresh: she shows as online.
    await victor.getByRole('img', { name: 'Online' }).first().waitFor();
    expect(await seriousViolations(victor)).toEqual([]);
  });
});
