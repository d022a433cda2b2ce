/**
 * The headless member directory, favourites and the member map in Chromium against the built
 * server: Victor searches, filters and pages the "Find members" page, opens Maya's profile,
 * favourites her and finds her in "My favourites"; the map shows clusters at a low zoom that open
 * to markers by keyboard, at 1280 and 375 px; a
 * missing profile target does not show a profile (spec 2.5). axe-core on every page.
 */
import type { Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, signInAs, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let wide: LaunchedBrowser;
let narrow: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer();
  [wide, narrow] = await Promise.all([launchBrowser(), launchBrowser({ viewport: { width: 375, height: 812 } })]);
});
afterAll(async () => {
  await wide?.close();
  await narrow?.close();
  await server?.stop();
});

const signIn = (browser: LaunchedBrowser, name: string) => signInAs(browser, server.url, name);

const resultNames = (page: BrowserPage) => page.getByRole('list', { name: 'Search results' }).locator('.t-member__name').allInnerTexts();

describe('the headless member directory, favourites and the member map in Chromium', () => {
  it('Victor searches, filters and pages the directory, opens Maya, favourites her and sees her in his favourites', async () => {
    const victor = await signIn(wide, 'Victor Volunteer');
    await victor.goto(`${server.url}/app/people/find`);
    await victor.getByText(/^\d+ members$/).waitFor();
    await expect.poll(async () => (await resultNames(victor)).length).toBe(10);
    const first = await resultNames(victor);
    expect(await seriousViolations(victor)).toEqual([]);

    // Page 2 shows other members.
    await victor.getByRole('navigation', { name: 'Result pages' }).getByRole('button', { name: '2' }).click();
    await expect.poll(async () => (await resultNames(victor))[0]).not.toBe(first[0]);
    expect((await resultNames(victor)).some((n) => first.includes(n))).toBe(false);

    // A city filter (with its count) narrows to its members and goes back to page 1.
    const london = victor.getByRole('checkbox', { name: /^London \(\d+\)$/ });
    const count = Number(/\((\d+)\)/.exec((await london.locator('xpath=..').innerText()) ?? '')?.[1]);
    await london.check();
    await victor.getByText(count === 1 ? '1 member' : `${count} members`, { exact: true }).waitFor();
    expect(await resultNames(victor)).toContain('Maya Maker');

    // Text within the filter.
    await victor.getByRole('searchbox', { name: 'Search by name, skill or city' }).fill('maya');
    await victor.getByText('1 member', { exact: true }).waitFor();
    expect(await resultNames(victor)).toEqual(['Maya Maker']);
    expect(await seriousViolations(victor)).toEqual([]);

    await victor.getByRole('list', { name: 'Search results' }).getByRole('link', { name: 'Maya Maker' }).click();
    await victor.waitForURL((url) => url.pathname === '/app/people/profile/maya');
    // The page reads as the person (issue 35): her name is its one h1 and its document title, and
    // her photo shows once, in the hero (the About form shows it only to change it).
    await victor.getByRole('heading', { level: 1, name: 'Maya Maker' }).waitFor();
    expect(await victor.getByRole('heading', { level: 1 }).count()).toBe(1);
    await victor.waitForFunction(() => document.title.startsWith('Maya Maker'));
    const add = victor.getByRole('button', { name: /Add to favourites/ });
    await add.click();
    await victor.getByRole('button', { name: /Remove from favourites/, pressed: true }).waitFor();
    // Her public links, not her private phone.
    await victor.getByRole('link', { name: 'Instagram (opens in a new tab)' }).waitFor();
    expect(await victor.locator('main').innerText()).not.toContain('7946');
    expect(await seriousViolations(victor)).toEqual([]);

    await victor.goto(`${server.url}/app/people/favourites`);
    const followed = victor.getByRole('region', { name: 'Members I follow' });
    await followed.getByRole('link', { name: /Maya Maker/ }).waitFor();
    await victor.getByRole('region', { name: 'Victor Volunteer' }).getByRole('link', { name: 'Edit my profile' }).waitFor();
    expect(await seriousViolations(victor)).toEqual([]);
  });

  it('results read as people at 375 px: no list markers, headline and city under the name, initials inside their circles', async () => {
    const victor = await signIn(narrow, 'Victor Volunteer');
    await victor.goto(`${server.url}/app/people/find`);
    const results = victor.getByRole('list', { name: 'Search results' });
    // Below the filters at this width: a lazy section renders once scrolled to.
    await victor.getByText(/^\d+ members$/).scrollIntoViewIfNeeded();
    await results.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await resultNames(victor)).length).toBe(10);
    expect(await results.evaluate((ul) => getComputedStyle(ul).listStyleType)).toBe('none');
    // Public profile values under the name (issue 35, item 7): Aled's headline and city.
    await results
      .getByRole('link', { name: /Aled Jones/ })
      .getByText('Bike mechanic · Bristol')
      .waitFor();
    // Every pair of initials fits inside its avatar's circle.
    const overflow = await results.locator('.t-avatar__initials').evaluateAll((all) =>
      all.flatMap((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        const circle = el.getBoundingClientRect();
        return text.width > circle.width * 0.8 ? [`${el.textContent}: ${Math.round(text.width)} of ${Math.round(circle.width)} px`] : [];
      }),
    );
    expect(overflow).toEqual([]);
  });

  it('a short page keeps the footer at the bottom of the window, with no band below it', async () => {
    const victor = await signIn(wide, 'Victor Volunteer');
    await victor.goto(`${server.url}/app/people/favourites`);
    await victor.getByRole('region', { name: 'Members I follow' }).waitFor();
    const { footerBottom, windowHeight, pageHeight } = await victor.evaluate(() => ({
      footerBottom: Math.round(document.querySelector('footer')!.getBoundingClientRect().bottom),
      windowHeight: window.innerHeight,
      pageHeight: document.documentElement.scrollHeight,
    }));
    expect({ footerBottom, pageHeight }).toEqual({ footerBottom: windowHeight, pageHeight: windowHeight });
  });

  it("a member's photo shows once on her profile: in the hero, not again from the About form", async () => {
    const victor = await signIn(wide, 'Victor Volunteer');
    await victor.goto(`${server.url}/app/people/profile/amara`);
    await victor.getByRole('heading', { level: 1, name: 'Amara Okafor' }).waitFor();
    await victor.getByText('Woodwork and pottery.').waitFor();
    expect(await victor.locator('.t-profile-hero img').count()).toBe(1);
    expect(await victor.locator('.t-image-uploader').count()).toBe(0);
  });

  it('a profile target that does not exist does not show a profile: the profile check answers 404 (spec 2.5)', async () => {
    const victor = await signIn(wide, 'Victor Volunteer');
    const check = victor.waitForResponse((r) => r.url().endsWith('/api/v1/profile/4040404') && r.request().method() === 'GET');
    await victor.goto(`${server.url}/app/people/profile/4040404`);
    expect((await check).status()).toBe(404);
    await victor.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await victor.locator('.t-profile-hero').count()).toBe(0);
    expect(await victor.getByRole('button', { name: /Add to favourites/ }).count()).toBe(0);
  });

  for (const [label, browser] of [
    ['1280', () => wide],
    ['375', () => narrow],
  ] as const) {
    it(`the member map shows members' markers over the offline outline at ${label} px`, async () => {
      const maya = await signIn(browser(), 'Maya Maker');
      await maya.goto(`${server.url}/app/people/map`);
      await maya.getByText(/^Members within 500 km: \d+$/).waitFor();
      // At the demo's low zoom, nearby members are clusters: buttons named by their count.
      const clusters = maya.getByRole('button', { name: /^\d+ members$/ });
      await expect.poll(() => clusters.count()).toBeGreaterThan(0);
      const drawn = async () => (await maya.locator('.t-user-map__marker').count()) + (await clusters.count());
      const clusteredCounts = async () => (await clusters.allTextContents()).map(Number);
      const before = await drawn();
      // The outline is drawn (no tile server): country paths in the map's SVG.
      expect(await maya.locator('.t-user-map__land').count()).toBeGreaterThan(0);
      expect(await maya.locator('.leaflet-tile').count()).toBe(0);
      // A cluster is keyboard reachable: Enter zooms in to its members and focus follows there.
      const biggest = Math.max(...(await clusteredCounts()));
      const cluster = maya.getByRole('button', { name: `${biggest} members` }).first();
      await cluster.focus();
      await maya.keyboard.press('Enter');
      const focusedName = () =>
        maya.evaluate(() => (document.activeElement?.closest('.leaflet-marker-icon') ? document.activeElement.getAttribute('aria-label') : null));
      // Focus lands on a member, or a smaller group, inside the expanded cluster.
      await expect.poll(focusedName).toMatch(/\S/);
      await expect.poll(async () => (await focusedName()) !== `${biggest} members`).toBe(true);
      expect(before).toBeGreaterThan(0);
      // Down to one member by keyboard alone: a member marker is a button named by the member.
      for (let i = 0; i < 5 && /^\d+ members$/.test((await focusedName()) ?? ''); i++) {
        const name = await focusedName();
        await maya.keyboard.press('Enter');
        await expect.poll(focusedName).not.toBe(name);
      }
      expect(await maya.evaluate(() => document.activeElement?.classList.contains('t-user-map__marker'))).toBe(true);
      expect(await drawn()).toBeGreaterThan(0);
      // The list below names the members too.
      await maya.getByRole('list', { name: 'Members on the map' }).getByRole('link', { name: 'Victor Volunteer' }).waitFor();
      // A smaller radius asks the database again.
      await maya.getByLabel('Radius (km)').fill('50');
      await maya.getByRole('button', { name: 'Show' }).click();
      await maya.getByText(/^Members within 50 km: \d+$/).waitFor();
      expect(await maya.getByRole('list', { name: 'Members on the map' }).getByRole('link', { name: 'Victor Volunteer' }).count()).toBe(0);
      expect(await seriousViolations(maya)).toEqual([]);
    });
  }
});
