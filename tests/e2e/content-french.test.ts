/**
 * Issue 35 finding 9: a member who reads French sees no English label of the demo's content. Maya
 * switches her language to French on the settings page, then walks every page she may view (her
 * init's structure, so a page added to the demo is walked too), another member's profile and her
 * own, the header and, at 375 px, the drawer; no English text of the demo's content (every module,
 * page, block and field label read from the demo files, tests/helpers/demo-texts.ts) whose French
 * differs shows in the page's visible text. An admin reading French translates a label in place in
 * text-edit mode (the translation is stored for French; the site's English stays).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitResponse } from '../../schemas/model/api/session';
import { callAt, signInAt } from '../helpers/api-server';
import { launchBrowser, signInAs, signInThroughLogin, type LaunchedBrowser } from '../helpers/browser';
import { demoContentTexts, demoTranslations } from '../helpers/demo-texts';
import { startServer, type RunningServer } from '../helpers/server-process';
import { translateFaqInPlace } from '../helpers/text-edit';
import { PICTURE_TEXT } from '../../server/files/demo-media';
import accounts from '../../server/demo/accounts.json';

let server: RunningServer;
let browser: LaunchedBrowser;
let page: Page;
const errors: string[] = [];

/** Texts shorter than this are words French shares or abbreviations ("FAQ", "Bio"), not a sign of English. */
const MIN_LENGTH = 5;

/** The visible words of a label: HTML and template syntax taken out, each run of text on its own. */
function fragments(text: string): string[] {
  return text
    .replace(/\{\{[^}]*\}\}|\$\{[^}]*\}/g, '\n')
    .replace(/<[^>]*>/g, '\n')
    .split('\n')
    .map((s) => s.replace(/^[\s.,:;!?()]+|[\s.,:;!?()]+$/g, ''))
    .filter((s) => s.length >= MIN_LENGTH);
}

/** Every English fragment of the demo's content whose French is different. */
function englishFragments(): string[] {
  const { fr } = demoTranslations();
  const out = new Set<string>();
  for (const t of demoContentTexts()) {
    const french = new Set(fragments(fr[t.key] ?? ''));
    for (const f of fragments(t.text)) if (!french.has(f)) out.add(f);
  }
  return [...out];
}

/**
 * What members wrote (profile values, names, their pictures' titles and descriptions): data, shown
 * as written in any language, so taken out of the page's text before looking for English labels.
 */
function memberData(): string[] {
  const out: string[] = ['Workshop rules'];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  // Names whole ("Victor Volunteer"): a part alone would take a word out of every label.
  for (const { firstName, lastName, profile } of accounts as unknown as { firstName: string; lastName: string; profile?: Record<string, unknown> }[]) {
    const { firstName: _first, lastName: _last, middleName: _middle, ...values } = profile ?? {};
    walk(values);
    out.push(`${firstName} ${lastName}`);
  }
  for (const [title, description] of Object.values(PICTURE_TEXT)) out.push(title, description);
  // Longest first, so a name is taken out whole before a part of it.
  return [...new Set(out.filter((s) => s.length >= MIN_LENGTH))].sort((a, b) => b.length - a.length);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The English fragments found in the page's visible text (whole words, case as written). */
async function englishShown(where: string, english: string[]): Promise<string[]> {
  // What members wrote (posts, comments, cards, thread titles, media titles) is in their words,
  // not a label of the site: left out like their profile data; so are an entity's own values (a
  // workshop's or job's title, place, employer, description, a membership type's words).
  const shown = await page.evaluate(() => ({
    text: document.body.innerText,
    written: [
      ...document.querySelectorAll<HTMLElement>(
        '.t-post__title, .t-post__body, .t-post__media, .t-thread-row__open, [class*="t-entity-"][class$="__title"], .t-entity-card__place, .t-entity-card__employer, [class*="t-entity-"][class$="__description"], .t-entity-overview__place',
      ),
    ].map((el) => el.innerText),
  }));
  let text = shown.text;
  for (const data of [...shown.written.filter(Boolean), ...memberData()]) text = text.split(data).join('\n');
  return english.filter((e) => new RegExp(`(^|[^\\p{L}])${escape(e)}($|[^\\p{L}])`, 'u').test(text)).map((e) => `${where}: "${e}"`);
}

async function settle(): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  // Lazy sections and blocks: their content is there once no loader shows.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .t-block-state--loading'));
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  page = await browser.context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a French member sees the demo in French', () => {
  it('shows no English label of the demo on any page she may view', async () => {
    const english = englishFragments();
    expect(english.length).toBeGreaterThan(150);
    await signInThroughLogin(page, server.url, 'Maya Maker');
    // She chooses French on the settings page: the app's texts and the site's translations follow.
    await page.goto(`${server.url}/app/settings`);
    await settle();
    await page.locator('select:has(option[value="fr"])').first().selectOption('fr');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');

    const token = await signInAt(server.url, 'maya');
    const init = await callAt<InitResponse>(server.url, token, 'GET', 'init');
    expect(init.i18n.locale).toBe('fr');
    const paths: string[] = [];
    for (const module of init.structure.modules) {
      if (module.isAbstract) continue;
      // An entity page is seen within a space (a workshop's), the way members reach it.
      for (const p of module.pages)
        if (p.type === 'entity') paths.push(`/app/space/design-sprint/${module.slug}/${p.slug}/`);
        else if (p.type !== 'profile') paths.push(`/app/${module.slug}/${p.slug}`);
    }
    const profile = init.structure.modules.flatMap((m) => m.pages.filter((p) => p.type === 'profile').map((p) => `/app/${m.slug}/${p.slug}`));
    expect(profile.length).toBeGreaterThan(0);
    paths.push(...profile.flatMap((p) => [`${p}/victor`, `${p}/maya`]), '/app/settings');
    expect(paths.length).toBeGreaterThan(15);

    const found: string[] = [];
    for (const path of paths) {
      await page.goto(`${server.url}${path}`);
      await settle();
      found.push(...(await englishShown(path, english)));
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows the drawer in French at 375 px', async () => {
    const english = englishFragments();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/app/home/welcome`);
    await settle();
    await page.locator('.ts-hamburger').click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    // Every group of the drawer open, so each page's name shows.
    const closed = drawer.locator('button.ts-drawer__group[aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
    const shown = await englishShown('drawer', english);
    expect(shown).toEqual([]);
    expect(await drawer.innerText()).toContain('Espace membres');
  });

  it('lets an admin translate a label in place in text-edit mode, for the language she reads', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const ada = await signInAs(browser, server.url, 'Ada Admin');
    const token = await signInAt(server.url, 'admin');
    await translateFaqInPlace(ada, server.url, token);
    // The stored text stays the site's English.
    const faqPage = await callAt<{ blocks: { id: string; options?: { text?: string } }[] }>(server.url, token, 'GET', 'structure/page/faq');
    expect(faqPage.blocks.find((b) => b.id === 'faq-1')?.options?.text).toBe('Can I bring my own tools? Yes, label them with your name.');
  });
});
