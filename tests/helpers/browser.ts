/**
 * Headless Chromium for e2e tests and browser benches: Debian's /usr/bin/chromium driven by
 * playwright-core, one process per test file, no background networking (this machine has no internet).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { projectRoot } from '../../scripts/paths';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LaunchedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The Chromium process of this test file, and how many of its browsers are open. */
let shared: { browser: Promise<Browser>; open: number } | undefined;

/**
 * A browser of its own (cookies, storage, cache and service workers apart, as a second browser on
 * another machine): a fresh context in the one Chromium this file shares. Starting Chromium costs
 * seconds on a loaded machine and a file may open four browsers; it stops with the last one closed.
 */
export async function launchBrowser(options: { viewport?: { width: number; height: number } } = {}): Promise<LaunchedBrowser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with 'apt-get install -y chromium' (.ci/run does).`);
  }
  shared ??= { browser: chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS }), open: 0 };
  const running = shared;
  running.open += 1;
  const release = async () => {
    running.open -= 1;
    if (running.open > 0) return;
    if (shared === running) shared = undefined;
    await (await running.browser).close();
  };
  let context: BrowserContext;
  try {
    context = await (await running.browser).newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
  return {
    context,
    async close() {
      await context.close();
      await release();
    },
  };
}

export type { Browser };

/**
 * Loads axe-core into a page for accessibility checks. Through the DevTools protocol, not a
 * <script> element: the app's Content-Security-Policy rightly refuses inline script.
 */
export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(fs.readFileSync(path.join(projectRoot, 'node_modules/axe-core/axe.min.js'), 'utf8'));
}

/** Serious and critical axe-core violations of the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    // A panel still fading in has half its opacity: contrast is judged once finite animations end.
    const finite = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    const result = await (window as unknown as { axe: { run(): Promise<AxeResult> } }).axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** On the stand-in login: signs in as a demo account (by its button's name) and waits for the welcome page. */
async function pickAccount(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Sign in as ${name}` }).click();
  await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
}

/** Signs a fresh page in: the app sends it to the stand-in login, where it picks the account. */
export async function signInThroughLogin(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/app/`);
  await page.waitForURL((url) => url.pathname === '/login');
  await pickAccount(page, name);
}

/** Signs in as the demo member named, in a new tab opened on /login (the context may already hold a session); resolves on the welcome page. */
export async function signInAs(browser: LaunchedBrowser, baseUrl: string, name: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${baseUrl}/login`);
  await pickAccount(page, name);
  return page;
}

export interface SignedInBrowsers {
  /** One page per name, in the order given, each on the welcome page. */
  pages: Page[];
  close(): Promise<void>;
}

/**
 * The opening of the e2e suites where members watch one another: a browser of its own per demo
 * account named (the same name twice is the same member on two machines), each page signed in
 * through the stand-in login; page errors go into `errors`, prefixed by the name.
 */
export async function openSignedIn(baseUrl: string, names: string[], errors: string[] = []): Promise<SignedInBrowsers> {
  const browsers = await Promise.all(names.map(() => launchBrowser()));
  const close = async () => {
    for (const b of browsers) await b.close();
  };
  try {
    const pages = await Promise.all(
      names.map(async (name, i) => {
        const page = await browsers[i].context.newPage();
        page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
        await signInThroughLogin(page, baseUrl, name);
        return page;
      }),
    );
    return { pages, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** Opens the selected block's More menu in `toolbar` and returns the entry named `name`. */
export async function blockMenuItem(toolbar: Locator, name: string | RegExp): Promise<Locator> {
  await toolbar.getByRole('button', { name: 'More', exact: true }).click();
  return toolbar
    .page()
    .getByRole('menu')
    .getByRole('menuitem', { name, exact: typeof name === 'string' });
}

/**
 * Collects the Content-Security-Policy violations of every page of this context (the
 * securitypolicyviolation event and Chromium's console report), as `url: text`.
 */
export async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP-VIOLATION ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    ),
  );
  const watch = (page: Page) =>
    page.on('console', (m) => {
      if (/CSP-VIOLATION|Content Security Policy/.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return violations;
}
