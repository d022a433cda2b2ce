/**
 * Issue 33's journey in Chromium, two members on two machines against the built server and the
 * demo: Victor finds the Design Sprint workshop with the entity search, opens its space, joins it
 * with the join button and lands on the Participants page (his membership type's landing page,
 * which he could not open before); Ada renames the workshop in /admin/entities and Victor's open
 * space shows the new title without a reload. Both screens are axe clean (serious, critical).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, seriousViolations, type SignedInBrowsers } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let signedIn: SignedInBrowsers;
let victor: Page;
let ada: Page;
const errors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  signedIn = await openSignedIn(server.url, ['Victor Volunteer', 'Ada Admin'], errors);
  [victor, ada] = signedIn.pages;
}, 180_000);

afterAll(async () => {
  await signedIn?.close();
  await server?.stop();
});

const pageTabs = (page: Page) =>
  page
    .getByRole('navigation')
    .filter({ has: page.getByRole('link', { name: 'Overview' }) })
    .getByRole('link')
    .allTextContents();

describe('a workshop space, joined and renamed', () => {
  it('Victor finds the workshop with the entity search and opens its space', async () => {
    await victor.goto(`${server.url}/app/spaces/find`);
    const search = victor.getByRole('region', { name: 'Find a workshop' });
    await search.getByLabel('Search').fill('design');
    const results = search.getByRole('list', { name: 'Results' });
    await results.getByRole('link', { name: 'Design Sprint' }).click();
    await victor.waitForURL(/\/app\/space\/design-sprint\/spaces\/overview\/$/);
    await victor.getByRole('heading', { level: 1, name: 'Design Sprint' }).waitFor();
    // Before joining, the members' page is not his to open: only the overview is in the row.
    expect((await pageTabs(victor)).map((t) => t.trim())).toEqual(['Overview']);
    expect(await seriousViolations(victor)).toEqual([]);
  });

  it('joins it and lands on his membership type’s page, the members-only one', async () => {
    await victor.getByRole('button', { name: 'Join', exact: true }).click();
    await victor.waitForURL(/\/app\/space\/design-sprint\/spaces\/members\/$/);
    await victor.getByRole('heading', { level: 1, name: 'Design Sprint' }).waitFor();
    await expect.poll(async () => (await pageTabs(victor)).map((t) => t.trim())).toEqual(['Overview', 'Participants']);
    expect(await victor.getByRole('link', { name: 'Participants' }).getAttribute('aria-current')).toBe('page');
    // The page stays his over a reload: the server now sends it to him.
    await victor.reload();
    await victor.getByRole('heading', { level: 1, name: 'Design Sprint' }).waitFor();
    expect(victor.url()).toMatch(/\/spaces\/members\/$/);
  });

  it('Ada renames the workshop in /admin/entities; Victor’s open space shows the new title live', async () => {
    await ada.goto(`${server.url}/app/admin/entities`);
    await ada.getByRole('link', { name: 'Workshops', exact: true }).click();
    await ada.getByRole('link', { name: 'Design Sprint', exact: true }).click();
    const basics = ada.getByRole('form', { name: 'Title and address' });
    await basics.getByLabel('Title').fill('Design Sprint: autumn edition');
    await basics.getByRole('button', { name: 'Save', exact: true }).click();
    await ada.getByText('Entity “Design Sprint: autumn edition” saved.').waitFor();
    expect(await seriousViolations(ada)).toEqual([]);

    await victor.getByRole('heading', { level: 1, name: 'Design Sprint: autumn edition' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => victor.title()).toContain('Design Sprint: autumn edition');
    expect(victor.url()).toMatch(/\/spaces\/members\/$/);
    expect(errors).toEqual([]);
  });
});
