/**
 * `npm run screenshots`: what members see, in Chromium against the built app on a fresh demo
 * database, written to docs/screenshots/ (home, a form in edit, the user menu and the mobile header,
 * light and dark), and the composer as Ada (admin) at 1280 and 375 px (docs/composer.md). Files:
 * the upload and file list blocks, the workshop pictures, the image uploader window and the asset
 * manager; profiles (as seen and with the photo's inline uploader), the directory, the spaces
 * (search, a workshop) and an entity in /admin/entities. `npm run screenshots -- files assets` takes only the shots whose names start so.
 * Run `npm run build` first; look at every file it writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { blockMenuItem, launchBrowser } from '../tests/helpers/browser';
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

/** Edit mode on, the callout `blockId` selected by a click on `text`, and its settings in the side panel. */
async function calloutSettings(page: Page, blockId: string, text: string) {
  await page.keyboard.press('Alt+Shift+KeyE');
  await page.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
  await page.locator(`[data-block-id="${blockId}"]`).getByText(text).click();
  const toolbar = page.getByRole('toolbar', { name: 'Block controls for Callout' });
  await toolbar.waitFor();
  const panel = page.getByRole('complementary', { name: 'Block settings' });
  if (!(await panel.isVisible())) await (await blockMenuItem(toolbar, 'Edit block')).click();
  return panel;
}

/** The composer on the welcome page: edit mode, the callout selected, its settings in the side panel (a sheet on phones). */
async function composer(page: Page) {
  const panel = await calloutSettings(page, 'welcome-every-page', 'Run by members');
  await panel.getByLabel('Tone').waitFor();
  // On phones the palette sheet closes so the settings sheet shows.
  const blocks = page.getByRole('toolbar', { name: 'Admin bar' }).getByRole('button', { name: 'Blocks' });
  if ((await blocks.getAttribute('aria-pressed')) === 'true' && (page.viewportSize()?.width ?? 1280) < 900) await blocks.click();
  await page.locator('[data-block-id="welcome-every-page"]').getByText('Run by members').hover();
}

/** The composer with the drafts bar (issue 35): the callout's tone changed and saved, so the page has an unpublished change. */
async function composerDrafts(page: Page) {
  const panel = await calloutSettings(page, 'welcome-every-page', 'Run by members');
  const tone = panel.getByLabel('Tone');
  await tone.selectOption({ label: (await tone.inputValue()) === 'warning' ? 'Success' : 'Warning' });
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('region', { name: 'Unpublished changes' })
    .getByText(/unpublished change/)
    .waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  const blocks = page.getByRole('toolbar', { name: 'Admin bar' }).getByRole('button', { name: 'Blocks' });
  if ((await blocks.getAttribute('aria-pressed')) === 'true' && (page.viewportSize()?.width ?? 1280) < 900) await blocks.click();
}

/** The rules editor on the notice board's volunteers-only callout: edit mode, its Visibility tab, Edit rules, the server's count shown. */
async function rulesEditor(page: Page) {
  const panel = await calloutSettings(page, 'notice-volunteers-only', 'Volunteers: rota swap');
  await panel.getByRole('tab', { name: 'Visibility' }).click();
  await panel.getByRole('button', { name: 'Edit rules' }).click();
  await page
    .getByRole('dialog', { name: 'Edit rules' })
    .getByText(/demo accounts match/)
    .waitFor();
}

/** Text-edit mode on the settings form: labels outlined, the editor open on the form's Edit label. */
async function textEdit(page: Page) {
  await page.keyboard.press('Alt+Shift+KeyJ');
  const edit = page.getByRole('main').locator('button[data-text-label]').filter({ hasText: 'Edit' });
  await edit.click();
  await page.getByRole('dialog', { name: 'Edit label' }).waitFor();
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

/** A picture to upload: a green bench on a pale wall, drawn here. */
const benchPng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="#e6f1f3"/><rect y="300" width="800" height="150" fill="#0f4c5c"/><rect x="150" y="280" width="500" height="30" fill="#2b8a3e"/></svg>',
    ),
  )
    .png()
    .toBuffer();

/** The demo's Share your work page after Maya uploads a picture: the upload block and her list. */
async function sharedFile(page: Page) {
  const list = page.getByRole('region', { name: 'Your uploads' });
  if (!(await list.getByText('bench.jpg', { exact: true }).count())) {
    await page
      .getByLabel('Upload photos or documents of your project', { exact: true })
      .setInputFiles({ name: 'bench.png', mimeType: 'image/png', buffer: await benchPng() });
  }
  await list.getByText('bench.jpg', { exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Ada's profile form in edit with the image uploader's window open on her photo. */
async function uploaderWindow(page: Page) {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('button', { name: 'Edit image' }).click();
  const dialog = page.getByRole('dialog', { name: 'Image: Photo' });
  await dialog.getByRole('button', { name: 'Set focal point' }).click();
  await dialog.locator('img').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** Ada's profile form in edit: the photo field's uploader inline (focal point, zoom, previews by ratio). */
async function profilePhoto(page: Page) {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('region', { name: 'Image: Photo' }).locator('img').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** The Design Sprint entity in /admin/entities: its title, fields, power-ups and page permissions. */
async function adminEntity(page: Page) {
  await page.getByRole('link', { name: 'Workshops', exact: true }).click();
  await page.getByRole('link', { name: 'Design Sprint', exact: true }).click();
  await page.getByRole('form', { name: 'Title and address' }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** The asset manager with the first asset's editor open. */
async function assetEditor(page: Page) {
  await page.getByRole('button', { name: 'Edit Electronics bench' }).click();
  await page.getByRole('form', { name: 'Edit Electronics bench' }).waitFor();
  await page.waitForLoadState('networkidle');
  // A full-page shot of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The broadcast form filled in for the makers list, its recipient count and preview shown. */
async function broadcastForm(page: Page) {
  const form = page.getByRole('form', { name: 'Broadcasts' });
  await form.getByRole('checkbox', { name: 'Makers' }).check();
  await form.getByRole('textbox', { name: 'Title' }).fill('Open workshop night');
  await form.getByRole('textbox', { name: 'Message' }).fill('The lathe room is open on Thursday from 6 pm. Bring your own wood.');
  await form.getByRole('textbox', { name: 'Link (optional)' }).fill('/events');
  await form.getByText(/^Reaches \d+ people\.$/).waitFor();
}

/** The admin preferences tab of /admin/notifications. */
async function adminPreferences(page: Page) {
  await page.getByRole('tab', { name: 'Preferences' }).click();
  await page.getByRole('switch').first().waitFor();
}

/** The outbox of /admin/notificationHistory with its newest email open in a panel. */
async function outboxEmail(page: Page) {
  await page.getByRole('tab', { name: 'Outbox' }).click();
  await page.getByRole('table', { name: 'Emails' }).getByRole('button').first().click();
  await page.locator('iframe[sandbox=""]').waitFor();
}

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
  { name: 'composer-drafts-1280', viewport: DESKTOP, path: '/app/home/welcome', admin: true, prepare: composerDrafts },
  { name: 'composer-drafts-375', viewport: MOBILE, path: '/app/home/welcome', admin: true, prepare: composerDrafts },
  { name: 'rules-editor-1280', viewport: DESKTOP, path: '/app/members-area/notice-board', admin: true, prepare: rulesEditor },
  { name: 'rules-editor-375', viewport: MOBILE, path: '/app/members-area/notice-board', admin: true, prepare: rulesEditor },
  { name: 'files-upload-1280', viewport: DESKTOP, path: '/app/resources/share', fullPage: true, prepare: sharedFile },
  { name: 'files-upload-375', viewport: MOBILE, path: '/app/resources/share', fullPage: true, prepare: sharedFile },
  { name: 'files-gallery-1280', viewport: DESKTOP, path: '/app/community/groups', fullPage: true },
  { name: 'files-gallery-375', viewport: MOBILE, path: '/app/community/groups', fullPage: true },
  { name: 'files-uploader-1280', viewport: DESKTOP, path: '/app/people/profile/admin', admin: true, prepare: uploaderWindow },
  { name: 'files-uploader-375', viewport: MOBILE, path: '/app/people/profile/admin', admin: true, prepare: uploaderWindow },
  { name: 'assets-1280', viewport: DESKTOP, path: '/app/admin/content', admin: true, fullPage: true, prepare: assetEditor },
  { name: 'assets-375', viewport: MOBILE, path: '/app/admin/content', admin: true, fullPage: true, prepare: assetEditor },
  { name: 'composer-drag-1280', viewport: DESKTOP, path: '/app/home/welcome', admin: true, prepare: composerDrag },
  { name: 'admin-preferences-1280', viewport: DESKTOP, path: '/app/admin/notifications', admin: true, fullPage: true, prepare: adminPreferences },
  { name: 'admin-preferences-375', viewport: MOBILE, path: '/app/admin/notifications', admin: true, fullPage: true, prepare: adminPreferences },
  { name: 'broadcast-1280', viewport: DESKTOP, path: '/app/admin/broadcasts', admin: true, fullPage: true, prepare: broadcastForm },
  { name: 'broadcast-375', viewport: MOBILE, path: '/app/admin/broadcasts', admin: true, fullPage: true, prepare: broadcastForm },
  { name: 'notification-history-1280', viewport: DESKTOP, path: '/app/admin/notificationHistory', admin: true, fullPage: true },
  { name: 'notification-history-375', viewport: MOBILE, path: '/app/admin/notificationHistory', admin: true, fullPage: true },
  { name: 'outbox-email-1280', viewport: DESKTOP, path: '/app/admin/notificationHistory', admin: true, prepare: outboxEmail },
  { name: 'outbox-email-375', viewport: MOBILE, path: '/app/admin/notificationHistory', admin: true, prepare: outboxEmail },
  { name: 'profile-1280', viewport: DESKTOP, path: '/app/people/profile/maya', fullPage: true },
  { name: 'profile-375', viewport: MOBILE, path: '/app/people/profile/maya', fullPage: true },
  { name: 'profile-photo-1280', viewport: DESKTOP, path: '/app/people/profile/admin', admin: true, fullPage: true, prepare: profilePhoto },
  { name: 'profile-photo-375', viewport: MOBILE, path: '/app/people/profile/admin', admin: true, fullPage: true, prepare: profilePhoto },
  { name: 'directory-1280', viewport: DESKTOP, path: '/app/people/directory', fullPage: true },
  { name: 'directory-375', viewport: MOBILE, path: '/app/people/directory', fullPage: true },
  { name: 'spaces-find-1280', viewport: DESKTOP, path: '/app/spaces/find', fullPage: true },
  { name: 'spaces-find-375', viewport: MOBILE, path: '/app/spaces/find', fullPage: true },
  { name: 'space-1280', viewport: DESKTOP, path: '/app/space/design-sprint', fullPage: true },
  { name: 'space-375', viewport: MOBILE, path: '/app/space/design-sprint', fullPage: true },
  { name: 'admin-entity-1280', viewport: DESKTOP, path: '/app/admin/entities', admin: true, fullPage: true, prepare: adminEntity },
  { name: 'admin-entity-375', viewport: MOBILE, path: '/app/admin/entities', admin: true, fullPage: true, prepare: adminEntity },
  { name: 'text-edit-1280', viewport: DESKTOP, path: '/app/members-area/my-settings', admin: true, prepare: textEdit },
  { name: 'text-edit-375', viewport: MOBILE, path: '/app/members-area/my-settings', admin: true, prepare: textEdit },
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
  const only = process.argv.slice(2);
  const shots = only.length ? SHOTS.filter((shot) => only.some((prefix) => shot.name.startsWith(prefix))) : SHOTS;
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
      // `npm run screenshots -- rules-editor` takes only the shots whose name starts so.
      for (const shot of shots) {
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
