/**
 * What a member sees, finished (issue 14, items 3, 5 to 8 and 13), in Chromium against the built
 * server and its demo content: brand colours from a brand set through the API in light and dark,
 * restricted pages with one message, a faithful view-as, forms that tell the truth, and the small
 * things of the walk through the demo.
 */
import type { Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '../helpers/api-server';
import { launchBrowser, seriousViolations, type LaunchedBrowser } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browser: LaunchedBrowser;
let adminBrowser: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer();
  [browser, adminBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await adminBrowser?.close();
  await server?.stop();
});

async function api(path: string, as: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
  const jwt = await signInAt(server.url, as);
  return fetch(`${server.url}/api/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${jwt}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** One signed-in tab per browser profile: the stand-in login once, then every new tab is signed in. */
const signedIn = new Set<LaunchedBrowser>();
async function openAs(who: 'maya' | 'admin', url: string, viewport = { width: 1280, height: 800 }): Promise<{ page: BrowserPage; errors: string[] }> {
  const b = who === 'maya' ? browser : adminBrowser;
  const page = await b.context.newPage();
  await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (!signedIn.has(b)) {
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: who === 'maya' ? 'Sign in as Maya Maker' : 'Sign in as Ada Admin' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    signedIn.add(b);
  }
  await page.goto(url);
  return { page, errors };
}

const styleOf = (page: BrowserPage, selector: string, prop: 'backgroundColor' | 'color') =>
  page
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el)[p], prop);

async function setScheme(page: BrowserPage, scheme: 'Light' | 'Dark'): Promise<void> {
  await page.getByRole('button', { name: /^Open user controls/ }).click();
  await page.getByRole('radio', { name: scheme }).check();
  await page.keyboard.press('Escape');
}

/** A 64 x 32 red PNG. */
const LOGO_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAgCAIAAAAt/+nTAAAATUlEQVR4nO3PQQkAMAzAwGqqfwGTNRF7HINABFzm7H7dcEEDWtCAFjSgBQ1oQQNa0IAWNKAFDWhBA1rQgBY0oAUNaEEDWtCAFjSgBY9daQ9giBtlw1cAAAAASUVORK5CYII=';

describe('brand theming (item 6)', () => {
  it('a brand set through the API colours the header and page row, in light and dark, with readable text; the header names the community and shows the brand logo', async () => {
    const styles = [
      {
        rule: ':root',
        values: {
          '--header-background': '#5a189a',
          '--pages-row-background': '#f3e8ff',
          '--primary': '#ff006e',
          '--header-background-dark': '#240046',
          '--pages-row-background-dark': '#3c096c',
          '--primary-dark': '#ffafcc',
        },
      },
    ];
    expect((await api('service/brands/1/themeStyles', 'admin', { method: 'PUT', body: { styles } })).status).toBe(200);
    const logo = await api('service/brands/1/logo', 'admin', { method: 'POST', body: { changes: { image: `data:image/png;base64,${LOGO_PNG}` } } });
    expect(logo.status).toBe(200);
    const { id: logoId } = (await logo.json()) as { id: string };

    const { page, errors } = await openAs('maya', `${server.url}/app/home/welcome`);
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await setScheme(page, 'Light');
    expect(await styleOf(page, '.ts-topbar', 'backgroundColor')).toBe('rgb(90, 24, 154)');
    expect(await styleOf(page, '.ts-topbar', 'color')).toBe('rgb(255, 255, 255)');
    expect(await styleOf(page, '.ts-page-row', 'backgroundColor')).toBe('rgb(243, 232, 255)');
    expect(await styleOf(page, '.ts-page-row', 'color')).toBe('rgb(17, 20, 24)');
    // #ff006e reads 3.6:1 on white: darkened just enough to read as link text (4.5:1).
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ts-primary').trim());
    expect(primary).not.toBe('#ff006e');
    expect(primary).toMatch(/^#[0-9a-f]{6}$/);
    expect(await seriousViolations(page)).toEqual([]);

    const brandLogo = page.locator('header .ts-logo img');
    expect(
      await page
        .locator('header')
        .getByRole('link', { name: /^Riverside Makers/ })
        .count(),
    ).toBe(1);
    expect(await brandLogo.getAttribute('src')).toContain(`/api/v1/image/${logoId}`);
    expect(await brandLogo.getAttribute('alt')).toMatch(/^Riverside Makers/);

    await setScheme(page, 'Dark');
    expect(await styleOf(page, '.ts-topbar', 'backgroundColor')).toBe('rgb(36, 0, 70)');
    expect(await styleOf(page, '.ts-topbar', 'color')).toBe('rgb(255, 255, 255)');
    expect(await styleOf(page, '.ts-page-row', 'backgroundColor')).toBe('rgb(60, 9, 108)');
    expect(await styleOf(page, '.ts-page-row', 'color')).toBe('rgb(255, 255, 255)');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ts-primary').trim())).toBe('#ffafcc');
    expect(await seriousViolations(page)).toEqual([]);
    // The scheme and the brand survive a reload (the brand style sheet loads before the tokens are read).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.ts-topbar')!).backgroundColor === 'rgb(36, 0, 70)');
    await setScheme(page, 'Light');
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** How often a sentence shows anywhere on the page (page text and toasts alike). */
const occurrences = (page: BrowserPage, text: string) => page.evaluate((t) => document.body.innerText.split(t).length - 1, text);

describe('restricted and unknown addresses (item 7)', () => {
  const sentence = 'That page does not exist, sorry for any inconvenience caused.';

  it('a page the member may not view shows the not-found page with its sentence once, not again as a toast', async () => {
    const { page, errors } = await openAs('maya', `${server.url}/app/members-area/volunteers`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/404');
    await page.getByText(sentence).waitFor();
    await page.waitForTimeout(300); // a toast would have appeared by now
    expect(await occurrences(page, sentence)).toBe(1);
    expect(await page.locator('.ts-toast').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The admin area, for a member: the same page, the sentence once.
    await page.goto(`${server.url}/app/admin`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.waitForTimeout(300);
    expect(await occurrences(page, sentence)).toBe(1);
    expect(await page.getByRole('button', { name: 'Go back' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an unknown path outside /app answers a browser with an HTML not-found page; /api keeps JSON', async () => {
    const page = await browser.context.newPage();
    const answer = await page.goto(`${server.url}/no/such/place`);
    expect(answer!.status()).toBe(404);
    expect(answer!.headers()['content-type']).toMatch(/^text\/html/);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/app/'));
    await page.close();

    const api404 = await fetch(`${server.url}/api/v1/no/such/call`, { headers: { accept: 'text/html' } });
    expect(api404.status).toBe(404);
    expect(await api404.json()).toMatchObject({ error: 'notFound' });
    const plain = await fetch(`${server.url}/no/such/place`);
    expect(plain.status).toBe(404);
    expect(await plain.json()).toMatchObject({ error: 'notFound', message: 'no route GET /no/such/place' });
  });
});

describe('view-as (item 8)', () => {
  it('shows what a member of the chosen lists sees, and the banner names them', async () => {
    expect((await api('admin/viewAs', 'admin', { method: 'POST', body: { listIds: ['volunteers'] } })).status).toBe(200);
    const { page, errors } = await openAs('admin', `${server.url}/app/members-area/notice-board`);
    await page.getByRole('heading', { level: 1, name: 'Notice board' }).waitFor();
    await page.getByText('Volunteers: rota swap').waitFor();
    await page.getByText('The AGM is on the last Thursday of January.').waitFor();
    expect(await page.getByText('Makers: material order').count()).toBe(0);
    expect(await page.getByText(/was not found/).count()).toBe(0);
    expect(await page.getByText(/notice-makers-only/).count()).toBe(0);
    await page.getByRole('region', { name: 'Reset view' }).getByText('You are viewing the site as a member of Volunteers.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect((await api('admin/reset', 'admin', { method: 'POST' })).status).toBe(200);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('forms tell the truth (item 3)', () => {
  it('reads off toggles as Off, leaves no gap for hidden conditionals, and marks required, invalid and disabled states', async () => {
    const { page, errors } = await openAs('maya', `${server.url}/app/members-area/my-settings`);
    const form = page.getByRole('form', { name: 'Membership preferences' });
    await form.waitFor();
    // Read view: the off toggle is shown as Off; every field wrapper on screen has content.
    await form.getByText('I want to volunteer').waitFor();
    expect(await form.locator('[data-field-id="pref-volunteer"]').innerText()).toContain('Off');
    const emptyBoxes = () =>
      form
        .locator('.t-form__field')
        .evaluateAll((els) => els.filter((el) => getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().height === 0).length);
    expect(await emptyBoxes()).toBe(0);

    await form.getByRole('button', { name: 'Edit' }).click();
    const toggle = form.getByRole('switch', { name: 'I want to volunteer' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await emptyBoxes()).toBe(0);
    expect(await form.getByRole('textbox', { name: 'Skills you can share' }).evaluate((el) => getComputedStyle(el).fontFamily)).not.toMatch(/mono/i);
    // Required marker on the label.
    const required = await form.locator('label', { hasText: 'Newsletter address' }).evaluate((el) => getComputedStyle(el, '::after').content);
    expect(required).toContain('*');

    // Volunteering on: the required days appear empty, so progress is not 100 % before any click in them.
    await toggle.click();
    await form.getByRole('group', { name: /Which days/ }).waitFor();
    await expect.poll(() => form.locator('progress').getAttribute('value'), { timeout: 3000 }).not.toBe('100');
    const save = form.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    const look = await save.evaluate((el) => ({ cursor: getComputedStyle(el).cursor, opacity: Number(getComputedStyle(el).opacity) }));
    expect(look.cursor).toBe('not-allowed');
    expect(look.opacity).toBeLessThan(1);
    await toggle.click();

    // An invalid address: aria-invalid and a red border.
    const address = form.getByRole('textbox', { name: 'Newsletter address' });
    await address.fill('not an address');
    await address.blur();
    await expect.poll(() => address.getAttribute('aria-invalid')).toBe('true');
    const border = await address.evaluate((el) => getComputedStyle(el).borderTopColor);
    const [r, g, b] = border.match(/\d+/g)!.map(Number);
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(100);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect(await form.locator('[data-field-id="pref-newsletter-email"]').innerText()).toContain('maya@example.org');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the small things of the walk (items 5 and 13)', () => {
  it('tabs deep link, carousel position and swipe, stepper, iFrame fallback, member copy, recently viewed, user menu and focus ring', async () => {
    const { page, errors } = await openAs('maya', `${server.url}/app/community/groups?tab=textiles`);
    await page.getByRole('tab', { name: 'Textiles', selected: true }).waitFor();

    await page.goto(`${server.url}/app/home/news`);
    const carousel = page.locator('.t-carousel');
    await carousel.getByText('1 of 3').waitFor();
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await carousel.getByText('2 of 3').waitFor();
    // A swipe to the left on a touch screen turns to the next slide.
    const slide = carousel.locator('.t-carousel__slide');
    const box = (await slide.boundingBox())!;
    const y = box.y + box.height / 2;
    await slide.dispatchEvent('pointerdown', { pointerType: 'touch', clientX: box.x + box.width - 20, clientY: y, isPrimary: true });
    await slide.dispatchEvent('pointerup', { pointerType: 'touch', clientX: box.x + 20, clientY: y, isPrimary: true });
    await carousel.getByText('3 of 3').waitFor();

    await page.goto(`${server.url}/app/community/members`);
    const stepper = page.locator('.t-stepper');
    await stepper.getByText('Step 1 of 3').waitFor();
    const back = stepper.getByRole('button', { name: 'Back' });
    expect(await back.isDisabled()).toBe(true);
    expect(Number(await back.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
    // One border per step pill: the list item draws none around its button.
    expect(
      await stepper
        .locator('.t-stepper__steps > li')
        .first()
        .evaluate((el) => getComputedStyle(el).borderTopStyle),
    ).toBe('none');

    await page.goto(`${server.url}/app/resources/faq`);
    const fallback = page.getByRole('link', { name: /Open Map of the workshop surroundings \(OpenStreetMap\) in a new tab/ });
    await fallback.waitFor();
    expect(await fallback.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\//);

    await page.goto(`${server.url}/app/home/welcome`);
    await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await page.getByText('Run by members').waitFor();
    expect(await page.getByText(/block JSON|through the registry/).count()).toBe(0);

    // Recently viewed: a disclosure with a chevron, listing the pages seen but not this one.
    const recent = page.getByRole('button', { name: 'Recently viewed' });
    expect(await recent.locator('.ts-chevron').count()).toBe(1);
    await recent.click();
    expect(await recent.getAttribute('aria-expanded')).toBe('true');
    const list = page.locator('#ts-recent-list');
    await list.getByRole('link', { name: 'FAQ' }).waitFor();
    expect(await list.getByRole('link', { name: 'Welcome' }).count()).toBe(0);

    // The user menu: headed by the member's name; Escape gives focus back to the avatar.
    const avatar = page.getByRole('button', { name: /^Open user controls/ });
    await avatar.click();
    const panel = page.getByRole('dialog', { name: 'User controls' });
    await panel.getByText('Maya Maker', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await avatar.evaluate((el) => el === document.activeElement)).toBe(true);

    // The top tabs' focus ring is drawn inside the tab, where the row's clipping cannot cut it.
    await page.locator('body').focus();
    let onTab = false;
    for (let i = 0; i < 12 && !onTab; i++) {
      await page.keyboard.press('Tab');
      onTab = await page.evaluate(() => !!document.activeElement?.classList.contains('ts-tab'));
    }
    expect(onTab).toBe(true);
    const ring = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement!);
      return { style: s.outlineStyle, offset: parseFloat(s.outlineOffset), width: parseFloat(s.outlineWidth) };
    });
    expect(ring.style).toBe('solid');
    expect(ring.offset + ring.width).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('at 375 px the page row shows the current tab whole, with a fade where more tabs scroll', async () => {
    const { page } = await openAs('maya', `${server.url}/app/members-area/notice-board`, { width: 375, height: 740 });
    const row = page.locator('.ts-page-row');
    const current = row.getByRole('link', { name: 'Notice board' });
    await current.waitFor();
    await expect.poll(async () => (await row.getAttribute('class')) ?? '', { timeout: 3000 }).toMatch(/ts-tabs--shadow-(left|right)/);
    const box = (await current.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.close();
  });

  it('the login page has a favicon', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/login`);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href).toMatch(/^\/api\/v1\/favicon\//);
    expect((await fetch(`${server.url}${href}`)).status).toBe(200);
    await page.close();
  });
});
