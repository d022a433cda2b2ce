/**
 * An admin in edit mode, in Chromium against the built server and its demo content, with a
 * member's browser open on the same page: entering edit mode loads the admin lazily; a plainText
 * block is dragged from the palette into a column, its text changed through the generated form, moved to another
 * column, deleted and reverted; a page is created and dragged to another module (confirmed). The
 * member sees each change live, without a reload. axe-core checks the edit dialogs.
 */
import type { Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '../helpers/api-server';
import { blockMenuItem, injectAxe, openSignedIn, type SignedInBrowsers } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

let server: RunningServer;
let browsers: SignedInBrowsers | undefined;
let admin: BrowserPage;
let member: BrowserPage;
const errors: string[] = [];

/** Serious and critical axe-core violations inside `selector` (an open dialog). */
async function seriousViolations(page: BrowserPage, selector: string): Promise<string[]> {
  await injectAxe(page);
  return page.evaluate(async (context) => {
    type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<AxeResult> } }).axe;
    const result = await axe.run({ include: [[context]] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}

const blockIds = (page: BrowserPage) => page.locator('[data-block-id]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.blockId!));
const reloadMarker = (page: BrowserPage) => page.evaluate(() => (window as unknown as { tesseraMarker?: number }).tesseraMarker);

beforeAll(async () => {
  server = await startServer({ REVERT_WINDOW_MS: '60000' });
  // A two-column block on the welcome page to move blocks between.
  const token = await signInAt(server.url, 'admin');
  const res = await fetch(`${server.url}/api/v1/structure/block`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      pageId: 'welcome',
      block: { id: 'e2e-cols', type: 'columns', name: 'Two columns', options: {}, columns: [6, 6], children: [] },
      colIndex: 0,
      index: 0,
      defaults: true,
    }),
  });
  if (res.status !== 200) throw new Error(`could not add the columns block: ${res.status} ${await res.text()}`);
  browsers = await openSignedIn(server.url, ['Ada Admin', 'Maya Maker'], errors);
  [admin, member] = browsers.pages;
  await member.evaluate(() => ((window as unknown as { tesseraMarker: number }).tesseraMarker = 7));
}, 180_000);

afterAll(async () => {
  await browsers?.close();
  await server?.stop();
});

/** Ada publishes her drafts (issue 35): members see an editor's changes once published. */
async function publish(button: 'Publish page' | 'Publish all'): Promise<void> {
  const bar = admin.getByRole('region', { name: 'Unpublished changes' });
  await bar.getByRole('button', { name: button }).and(admin.locator(':enabled')).click();
  await admin
    .getByText(/published: members see/)
    .last()
    .waitFor();
}

describe('edit mode in Chromium against the built server, with a member watching', () => {
  let blockId = '';
  const adminBlock = () => admin.locator(`[data-block-id="${blockId}"]`);
  const memberBlock = () => member.locator(`[data-block-id="${blockId}"]`);

  it('alt+shift+e loads the admin and shows its controls; the member sees none', async () => {
    expect(await admin.getByRole('toolbar', { name: 'Admin bar' }).count()).toBe(0);
    await admin.keyboard.press('Alt+Shift+KeyE');
    await admin.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
    // No add bars: blocks come from the palette.
    expect(await admin.getByRole('button', { name: 'New block' }).count()).toBe(0);
    // Blocks carry only a name tag (their select button) until selected.
    await admin.getByRole('button', { name: 'Select Two columns' }).waitFor({ state: 'attached' });
    expect(await admin.getByRole('toolbar', { name: /^Block controls/ }).count()).toBe(0);
    expect(await member.getByRole('button', { name: 'Select Two columns' }).count()).toBe(0);
  });

  it('drags a plainText block from the palette into the first column by keyboard; the member sees it live', async () => {
    const before = await blockIds(admin);
    await admin.getByRole('button', { name: 'Drag a new Plain text' }).focus();
    await admin.keyboard.press('Space');
    const live = admin.locator('[id^="DndLiveRegion"]');
    await expect.poll(() => live.textContent()).toBe('Picked up Plain text.');
    // Right, column by column, until the first column of the two columns block.
    for (let i = 0; i < 12 && !(await live.textContent())?.endsWith('column 1 of Two columns.'); i++) await admin.keyboard.press('ArrowRight');
    await admin.keyboard.press('Enter');
    await expect.poll(async () => (await blockIds(admin)).filter((id) => !before.includes(id))).toHaveLength(1);
    blockId = (await blockIds(admin)).find((id) => !before.includes(id))!;
    await publish('Publish page');
    await member.locator(`[data-block-id="e2e-cols"] [data-column="0"] [data-block-id="${blockId}"]`).waitFor({ state: 'attached' });
  });

  it('changes its text through the generated form in the side panel; the member sees the new text live', async () => {
    // The new block is selected: its toolbar's More > Edit block goes to the side panel.
    await (await blockMenuItem(adminBlock().getByRole('toolbar'), 'Edit block')).click();
    const panel = admin.getByRole('complementary', { name: 'Block settings' });
    await panel.getByLabel(/Text/).first().fill('Hello from edit mode');
    expect(await seriousViolations(admin, '.t-admin-panel--right')).toEqual([]);
    await panel.getByRole('button', { name: 'Save' }).click();
    await publish('Publish page');
    await memberBlock().getByText('Hello from edit mode').waitFor();
  });

  it('moves it to the other column by keyboard; the member sees it there', async () => {
    const handle = adminBlock().getByRole('button', { name: 'Move block' });
    await handle.focus();
    await admin.keyboard.press('Space');
    const live = admin.locator('[id^="DndLiveRegion"]');
    await expect.poll(() => live.textContent()).toBe('Picked up Plain text.');
    await admin.keyboard.press('ArrowRight');
    await expect.poll(() => live.textContent()).toBe('Plain text: at the end of column 2 of Two columns.');
    await admin.keyboard.press('Enter');
    await publish('Publish page');
    await member.locator(`[data-block-id="e2e-cols"] [data-column="1"] [data-block-id="${blockId}"]`).getByText('Hello from edit mode').waitFor();
    expect(await admin.locator(`[data-block-id="e2e-cols"] [data-column="1"] [data-block-id="${blockId}"]`).count()).toBe(1);
  });

  it('deletes it (confirmed) and reverts it (confirmed); the member sees it go and come back', async () => {
    await adminBlock().getByRole('button', { name: 'Delete block' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Delete this block?' });
    expect(await seriousViolations(admin, '[role="alertdialog"]')).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await publish('Publish page');
    await memberBlock().waitFor({ state: 'detached' });
    // The notice's Revert button reads in both schemes (issue 14, item 5: it was white on a light surface).
    const notice = admin.locator('.t-admin-notice').filter({ has: admin.getByRole('button', { name: 'Revert' }) });
    await notice.waitFor();
    for (const scheme of ['dark', 'light']) {
      await admin.evaluate((s) => (document.documentElement.dataset.theme = s), scheme);
      expect(await seriousViolations(admin, '.t-admin-notice')).toEqual([]);
    }
    await admin.getByRole('button', { name: 'Revert' }).click();
    const revert = admin.getByRole('dialog', { name: 'Revert the deletion?' });
    expect(await seriousViolations(admin, '[role="dialog"]')).toEqual([]);
    await revert.getByRole('button', { name: 'Revert' }).click();
    await publish('Publish page');
    await member.locator(`[data-block-id="e2e-cols"] [data-column="1"] [data-block-id="${blockId}"]`).getByText('Hello from edit mode').waitFor();
  });

  it('creates a page in Home and drags it onto Resources (confirmed); the member sees the tab move', async () => {
    const nav = admin.locator('nav.t-admin-nav');
    await nav.getByRole('button', { name: '+ Add page' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New page' });
    await dialog.getByLabel('Name').fill('Workbench');
    expect(await seriousViolations(admin, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The new page opens (issue 35, item 2: the app's guard refused its own step).
    await admin.waitForURL((url) => url.pathname === '/app/home/workbench');
    await publish('Publish all');
    const memberPages = member.getByRole('navigation', { name: 'Pages' });
    await memberPages.getByRole('link', { name: 'Workbench' }).waitFor();

    await nav.getByRole('button', { name: 'Workbench', exact: true }).dragTo(nav.getByRole('button', { name: 'Resources', exact: true }));
    const move = admin.getByRole('dialog', { name: 'Move page' });
    await move.getByText('Move the page “Workbench” from the module “Home” to the module “Resources”?').waitFor();
    // The confirmation text is the dialog's description, so screen readers announce it.
    const describedBy = await move.getAttribute('aria-describedby');
    expect(await admin.locator(`[id="${describedBy}"]`).textContent()).toContain('Move the page “Workbench”');
    expect(await seriousViolations(admin, '[role="dialog"]')).toEqual([]);
    await move.getByRole('button', { name: 'Move page' }).click();
    await move.waitFor({ state: 'detached' });
    await publish('Publish all');
    await memberPages.getByRole('link', { name: 'Workbench' }).waitFor({ state: 'detached' });
    // The admin was on the page that moved: the app takes her where it now is, with no warning.
    await admin.waitForURL((url) => url.pathname !== '/app/home/workbench');
    await member.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Resources' }).click();
    await member.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Workbench' }).waitFor();
    // Every change reached the member without a reload.
    expect(await reloadMarker(member)).toBe(7);
    expect(errors).toEqual([]);
  });

  it('a new page and a new module open at once, with no navigation warning (issue 35, item 2)', async () => {
    const nav = admin.locator('nav.t-admin-nav');
    await nav.getByRole('button', { name: '+ Add page' }).click();
    const page = admin.getByRole('dialog', { name: 'New page' });
    await page.getByLabel('Name').fill('Build log');
    await page.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL((url) => url.pathname === '/app/home/build-log');
    await admin.getByRole('heading', { level: 1, name: 'Build log' }).waitFor();

    await nav.getByRole('button', { name: '+ Add module' }).click();
    const module = admin.getByRole('dialog', { name: 'New module' });
    await module.getByLabel('Name').fill('Projects');
    await module.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL((url) => url.pathname === '/app/projects/home');
    expect(await admin.getByText('You must close the admin panel before navigating away.').count()).toBe(0);
  });
});
