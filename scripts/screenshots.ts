/**
 * `npm run screenshots`: what members see, in Chromium against the built app on a fresh demo
 * database, written to docs/screenshots/ (home, a form in edit, the user menu and the mobile header,
 * light and dark), and the composer as Ada (admin) at 1280 and 375 px (docs/composer.md). Run `npm run build` first; look at every file it writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../tests/helpers/browser';
import { startServer } from '../tests/helpers/server-process';
import { projectRoot } from './paths';

const OUT = path.join(projectRoot, 'docs/screenshots');
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 375, height: 740 };

interface Shot {
  name: string;
  viewport: { width: number; height: number };
  path: string;
  /** Brings the page to the state to show; the default waits for the page title. */
  prepare?: (page: Page) => Promise<void>;
  fullPage?: boolean;
  /** Taken as Ada (admin) instead of Maya (member). */
  admin?: boolean;
}

/** The composer on the welcome page: edit mode, the callout selected, its settings in the side panel (a sheet on phones). */
async function composer(page: Page) {
  await page.keyboard.press('Alt+Shift+KeyE');
  await page.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
  const callout = page.locator('[data-block-id="welcome-every-page"]');
  await callout.getByText('Run by members').click();
  const toolbar = page.getByRole('toolbar', { name: 'Block controls for Callout' });
  await toolbar.waitFor();
  if (!(await page.getByRole('complementary', { name: 'Block settings' }).isVisible())) await toolbar.getByRole('button', { name: 'Edit block' }).click();
  await page.getByRole('complementary', { name: 'Block settings' }).getByLabel('Tone').waitFor();
  // On phones the palette sheet closes so the settings sheet shows.
  const blocks = page.getByRole('toolbar', { name: 'Admin bar' }).getByRole('button', { name: 'Blocks' });
  if ((await blocks.getAttribute('aria-pressed')) === 'true' && (page.viewportSize()?.width ?? 1280) < 900) await blocks.click();
  await callout.getByText('Run by members').hover();
}

/** A Callout dragged from the palette over the second column's end: the drop zones of a drag. */
async function composerDrag(page: Page) {
  await page.keyboard.press('Alt+Shift+KeyE');
  await page.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
  await page.locator('[data-block-id="welcome-columns"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const handle = (await page.getByRole('button', { name: 'Drag a new Callout' }).boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 30, handle.y + 30, { steps: 4 });
  const end = page.locator('[data-admin-dropzone="block:welcome-columns:1:2"]');
  await end.waitFor();
  const box = (await end.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  await page.locator('.t-admin-dropzone--over').waitFor();
}

const pageTitle = (page: Page) => page.locator('h1').first().waitFor();

const SHOTS: Shot[] = [
  { name: 'home-1280', viewport: DESKTOP, path: '/app/home/welcome', fullPage: true },
  { name: 'home-375', viewport: MOBILE, path: '/app/home/welcome', fullPage: true },
  {
    name: 'form-edit-1280',
    viewport: DESKTOP,
    path: '/app/members-area/my-settings',
    fullPage: true,
    prepare: async (page) => {
      const form = page.locator('[data-block-id="settings-preferences-form"]');
      await form.getByRole('button', { name: 'Edit' }).click();
      await form.getByRole('button', { name: 'Save' }).waitFor();
    },
  },
  {
    name: 'user-menu-1280',
    viewport: DESKTOP,
    path: '/app/home/welcome',
    prepare: async (page) => {
      await page.getByRole('button', { name: /^Open user controls/ }).click();
      await page.getByRole('dialog', { name: 'User controls' }).getByRole('button', { name: 'Log out' }).waitFor();
    },
  },
  { name: 'composer-1280', viewport: DESKTOP, path: '/app/home/welcome', admin: true, prepare: composer },
  { name: 'composer-375', viewport: MOBILE, path: '/app/home/welcome', admin: true, prepare: composer },
  { name: 'composer-drag-1280', viewport: DESKTOP, path: '/app/home/welcome', admin: true, prepare: composerDrag },
  {
    name: 'mobile-header-375',
    viewport: MOBILE,
    path: '/app/home/welcome',
    prepare: async (page) => {
      await page.getByRole('button', { name: /^Open user controls/ }).click();
      await page.getByRole('dialog', { name: 'User controls' }).getByRole('button', { name: 'Log out' }).waitFor();
    },
  },
];

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const server = await startServer();
  const browser = await launchBrowser();
  const adminBrowser = await launchBrowser();
  try {
    for (const [b, who] of [
      [browser, 'Maya Maker'],
      [adminBrowser, 'Ada Admin'],
    ] as const) {
      const login = await b.context.newPage();
      await login.goto(`${server.url}/app/`);
      await login.waitForURL((url) => url.pathname === '/login');
      await login.getByRole('button', { name: `Sign in as ${who}` }).click();
      await login.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
      await login.close();
    }
    for (const scheme of ['light', 'dark'] as const) {
      for (const shot of SHOTS) {
        const page = await (shot.admin ? adminBrowser : browser).context.newPage();
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(shot.viewport);
        await page.goto(server.url + shot.path);
        await pageTitle(page);
        await page.waitForLoadState('networkidle');
        await shot.prepare?.(page);
        const file = path.join(OUT, `${shot.name}-${scheme}.png`);
        await page.screenshot({ path: file, fullPage: shot.fullPage ?? false, animations: 'disabled' });
        console.log(`wrote ${path.relative(projectRoot, file)}`);
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await adminBrowser.close();
    await server.stop();
  }
}

await main();
