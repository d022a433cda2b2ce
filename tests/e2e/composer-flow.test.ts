/**
 * Issue 15's "Done when", end to end in Chromium against the built server and its demo: Ada
 * (admin) enters edit mode, drags a Callout from the palette into the second column of the
 * Welcome page's columns, types its title in place, sets its tone in the side panel, restricts it
 * to the volunteers list picked by name, undoes the tone change and redoes it, copies the block to
 * the News page, deletes it and reverts. Victor (volunteer) and Maya (maker) have the page open
 * all along: once the block is restricted Victor keeps it live (no reload) and after a reload,
 * Maya loses it; a second admin browser (Ada again: the demo has one admin) sees Ada's selection
 * and every change live. Then the same flow with the keyboard only, and axe in the editor (a block
 * selected, the side panel open) at 1280 and 375 px, light and dark.
 *
 * Ada's changes are drafts (issue 35): the second admin, in edit mode, has each one live; Victor
 * and Maya once it is published, which this flow does through the API (publishDrafts) so Ada's
 * undo history holds her edits only. Published, a block dropped on a page is public until it is
 * restricted; and undo is linear, so undoing the tone change after the restriction first undoes
 * the restriction (Maya has the block back, once published, until the redo).
 */
import type { Locator, Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAt } from '../helpers/api-server';
import { blockMenuItem, openSignedIn, seriousViolations, type SignedInBrowsers } from '../helpers/browser';
import { startServer, type RunningServer } from '../helpers/server-process';

const COLUMNS = 'welcome-columns';
const VOLUNTEERS_ONLY = {
  advanced: true,
  rules: { logicalOperator: 'all', rules: [{ kind: 'userList', subject: '', operator: 'inListSomeSelected', value: ['volunteers'] }] },
};

let server: RunningServer;
let token = '';
let browsers: SignedInBrowsers | undefined;
const errors: string[] = [];
let ada: BrowserPage;
let second: BrowserPage;
let victor: BrowserPage;
let maya: BrowserPage;

interface StoredBlock {
  id: string;
  type: string;
  options?: { title?: string; tone?: string };
  visibility?: { advanced?: boolean; rules?: unknown };
  positions?: Record<string, string[]>;
}
interface Doc {
  page: { children?: string[] };
  blocks: StoredBlock[];
}
async function pageDoc(pageId: string): Promise<Doc> {
  // As Ada sees it in edit mode: her changes are drafts (issue 35).
  const res = await fetch(`${server.url}/api/v1/structure/page/${pageId}`, { headers: { authorization: `Bearer ${token}`, 'x-tessera-drafts': '1' } });
  return (await res.json()) as Doc;
}
/** Publishes every draft, outside Ada's undo history: what members see follows. */
async function publishDrafts(): Promise<void> {
  const res = await fetch(`${server.url}/api/v1/structure/drafts/publish`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ all: true }),
  });
  expect(res.status).toBe(200);
}
const stored = async (id: string, pageId = 'welcome') => (await pageDoc(pageId)).blocks.find((b) => b.id === id);
const secondColumn = async () => (await stored(COLUMNS))?.positions?.['col-1'] ?? [];

/** Set once on a member's page: a reload would clear it, so it still being there proves a change came live. */
const mark = (page: BrowserPage) => page.evaluate(() => ((window as unknown as { flowMarker: number }).flowMarker = 7));
const marker = (page: BrowserPage) => page.evaluate(() => (window as unknown as { flowMarker?: number }).flowMarker);

const blockIn = (page: BrowserPage, id: string) => page.locator(`[data-block-id="${id}"]`);
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus: proves it is reachable from the keyboard. */
async function tabTo(page: BrowserPage, target: Locator, { back = false, max = 200 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}: ${target.toString()}`);
}

beforeAll(async () => {
  server = await startServer({ REVERT_WINDOW_MS: '120000' });
  token = await signInAt(server.url, 'admin');
  browsers = await openSignedIn(server.url, ['Ada Admin', 'Ada Admin', 'Victor Volunteer', 'Maya Maker'], errors);
  [ada, second, victor, maya] = browsers.pages;
  await Promise.all([mark(victor), mark(maya)]);
}, 240_000);

afterAll(async () => {
  await browsers?.close();
  await server?.stop();
});

// The flows are long (four browsers, dozens of server round trips): the time-outs are ceilings for a loaded machine, not speed checks.
describe('the page composer, as a new admin would use it', () => {
  it('by mouse: drag, inline title, tone, volunteers only, undo/redo, copy to News, delete and revert; members and a second admin follow live', async () => {
    // The second admin is in edit mode on the same page.
    await second.keyboard.press('Alt+Shift+KeyE');
    await second.getByRole('toolbar', { name: 'Admin bar' }).waitFor();

    // Edit mode from the shell's admin bar.
    await ada.getByRole('toolbar', { name: 'Administration' }).getByRole('button', { name: 'Edit mode', exact: true }).click();
    const bar = ada.getByRole('toolbar', { name: 'Admin bar' });
    await bar.waitFor();

    // Drag a Callout from the palette to the end of the second column.
    const before = await secondColumn();
    await blockIn(ada, COLUMNS).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const handle = (await ada.getByRole('button', { name: 'Drag a new Callout' }).boundingBox())!;
    await ada.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await ada.mouse.down();
    await ada.mouse.move(handle.x + 30, handle.y + 30, { steps: 4 });
    const end = ada.locator(`[data-admin-dropzone="block:${COLUMNS}:1:${before.length}"]`);
    await end.waitFor();
    const target = (await end.boundingBox())!;
    await ada.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
    await ada.locator('.t-admin-dropzone--over').waitFor();
    await ada.mouse.up();
    await expect.poll(async () => (await secondColumn()).length).toBe(before.length + 1);
    const id = (await secondColumn()).at(-1)!;
    expect((await stored(id))?.type).toBe('callout');
    // Published, it is public until restricted: everyone has it, live.
    await publishDrafts();
    await Promise.all([blockIn(victor, id).waitFor(), blockIn(maya, id).waitFor(), blockIn(second, id).waitFor()]);

    // Its title, typed in place.
    const title = blockIn(ada, id).getByRole('textbox', { name: /^Title of “Callout”/ });
    await title.click();
    await ada.getByRole('toolbar', { name: 'Block controls for Callout' }).waitFor();
    // The second admin sees whose selection it is.
    await blockIn(second, id).getByRole('status').filter({ hasText: 'Ada Admin is editing this block' }).waitFor();
    await ada.keyboard.press('ControlOrMeta+a');
    await ada.keyboard.type('Rota swap by Friday');
    await ada.keyboard.press('Enter');
    await expect.poll(async () => (await stored(id))?.options?.title).toBe('Rota swap by Friday');
    await publishDrafts();
    await Promise.all([blockIn(victor, id).getByText('Rota swap by Friday').waitFor(), blockIn(second, id).getByText('Rota swap by Friday').waitFor()]);

    // Its tone, in the side panel.
    const panel = ada.getByRole('complementary', { name: 'Block settings' });
    await panel.getByLabel('Tone').selectOption({ label: 'Warning' });
    await blockIn(ada, id).locator('.t-callout--warning').waitFor();
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await stored(id))?.options?.tone).toBe('warning');
    await blockIn(second, id).locator('.t-callout--warning').waitFor();

    // Volunteers only, the list picked by its name.
    await panel.getByRole('tab', { name: 'Visibility' }).click();
    await panel.getByRole('switch', { name: 'Advanced visibility (rules)' }).click();
    await panel.getByRole('button', { name: 'Edit rules' }).click();
    const dialog = ada.getByRole('dialog', { name: 'Edit rules' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await ada.getByRole('menuitem', { name: 'Add condition' }).click();
    const rule = dialog.getByRole('group', { name: 'Condition 1' });
    expect(await rule.getByLabel('Kind').inputValue()).toBe('userList');
    await rule.getByLabel('Operator').selectOption({ label: 'is in some selected lists' });
    await rule.getByRole('checkbox', { name: 'Volunteers', exact: true }).click();
    await dialog.getByText('Members of these lists match: Volunteers').waitFor();
    await dialog.getByRole('button', { name: 'Save rules' }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await stored(id))?.visibility).toEqual(VOLUNTEERS_ONLY);
    await publishDrafts();
    // Maya loses it live; Victor keeps it, without a reload.
    await blockIn(maya, id).waitFor({ state: 'detached' });
    expect(await marker(maya)).toBe(7);
    await blockIn(victor, id).getByText('Rota swap by Friday').waitFor();
    expect(await marker(victor)).toBe(7);

    // Undo the tone change (undo is linear: the restriction first) and redo it.
    const undo = bar.getByRole('button', { name: /^Undo/ });
    const redo = bar.getByRole('button', { name: /^Redo/ });
    await expect.poll(() => undo.getAttribute('title')).toBe('Undo: Edit “Callout”');
    await undo.click();
    await expect.poll(async () => (await stored(id))?.visibility?.advanced ?? false).toBe(false);
    await publishDrafts();
    await blockIn(maya, id).waitFor();
    await undo.click();
    await expect.poll(async () => (await stored(id))?.options?.tone).toBe('info');
    await publishDrafts();
    await Promise.all([blockIn(victor, id).locator('.t-callout--info').waitFor(), blockIn(second, id).locator('.t-callout--info').waitFor()]);
    await redo.click();
    await expect.poll(async () => (await stored(id))?.options?.tone).toBe('warning');
    await publishDrafts();
    await blockIn(victor, id).locator('.t-callout--warning').waitFor();
    await redo.click();
    await expect.poll(async () => (await stored(id))?.visibility).toEqual(VOLUNTEERS_ONLY);
    await publishDrafts();
    await blockIn(maya, id).waitFor({ state: 'detached' });
    await blockIn(victor, id).locator('.t-callout--warning').getByText('Rota swap by Friday').waitFor();
    expect([await marker(victor), await marker(maya)]).toEqual([7, 7]);

    // Copy it to the News page: the toolbar's Copy, then Paste after News' first block.
    const toolbar = ada.getByRole('toolbar', { name: 'Block controls for Callout' });
    await toolbar.getByRole('button', { name: 'Copy' }).click();
    const newsBefore = (await pageDoc('news')).page.children ?? [];
    await ada.getByRole('link', { name: 'News' }).first().click();
    await ada.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    // Its last block is selected (by its name tag: the page's own chrome, not a child's); the paste goes after it.
    const last = newsBefore.at(-1)!;
    await blockIn(ada, last).click();
    await expect.poll(() => blockIn(ada, last).locator(':scope > [data-admin-chrome] [data-admin-control="select"]').getAttribute('aria-pressed')).toBe('true');
    await (await blockMenuItem(ada.getByRole('toolbar', { name: /^Block controls for / }), 'Paste')).click();
    await expect.poll(async () => (await pageDoc('news')).page.children?.length).toBe(newsBefore.length + 1);
    const copy = (await pageDoc('news')).blocks.find((b) => b.type === 'callout' && b.options?.title === 'Rota swap by Friday')!;
    expect(copy.id).not.toBe(id);
    expect(copy.options?.tone).toBe('warning');
    expect(copy.visibility).toEqual(VOLUNTEERS_ONLY);
    expect((await pageDoc('news')).page.children?.at(-1)).toBe(copy.id);
    await blockIn(ada, copy.id).getByText('Rota swap by Friday').waitFor();

    // Back on Welcome: delete the block (confirmed) and revert.
    await ada.getByRole('link', { name: 'Welcome' }).first().click();
    await ada.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await blockIn(ada, id).getByText('Rota swap by Friday').click();
    await toolbar.getByRole('button', { name: 'Delete block' }).click();
    await ada.getByRole('alertdialog', { name: 'Delete this block?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await secondColumn()).includes(id)).toBe(false);
    await publishDrafts();
    await Promise.all([blockIn(victor, id).waitFor({ state: 'detached' }), blockIn(second, id).waitFor({ state: 'detached' })]);
    const notice = ada.getByRole('status').filter({ hasText: 'Block “Callout” deleted.' });
    await notice.getByRole('button', { name: 'Revert' }).click();
    await ada.getByRole('dialog', { name: 'Revert the deletion?' }).getByRole('button', { name: 'Revert' }).click();
    await expect.poll(async () => (await secondColumn()).at(-1)).toBe(id);
    expect((await stored(id))?.visibility).toEqual(VOLUNTEERS_ONLY);
    await publishDrafts();
    await Promise.all([blockIn(victor, id).getByText('Rota swap by Friday').waitFor(), blockIn(second, id).getByText('Rota swap by Friday').waitFor()]);
    expect(await blockIn(maya, id).count()).toBe(0);
    expect([await marker(victor), await marker(maya)]).toEqual([7, 7]);

    // After a reload, as the server sends the page: Victor has it, Maya does not.
    await Promise.all([victor.reload(), maya.reload()]);
    await blockIn(victor, id).getByText('Rota swap by Friday').waitFor();
    await maya.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    await blockIn(maya, 'welcome-columns').waitFor();
    expect(await blockIn(maya, id).count()).toBe(0);
    expect(await maya.getByText('Rota swap by Friday').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 300_000);
});

/** Picks an option of a focused <select> with the arrow keys (Home, then ArrowDown until it shows `label`). */
async function chooseByKeyboard(page: BrowserPage, select: Locator, label: string): Promise<void> {
  await expect.poll(() => isFocused(select)).toBe(true);
  await page.keyboard.press('Home');
  for (let i = 0; i < 30; i++) {
    if ((await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)) === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(
    `no option “${label}” reached with the arrow keys: ${await select.evaluate((el: HTMLSelectElement) =>
      Array.from(el.options)
        .map((o) => `${o.textContent}${o.selected ? '*' : ''}`)
        .join('|'),
    )}`,
  );
}

describe('the page composer, keyboard only', () => {
  it('the same flow without a mouse: keyboard drag, Tab to the title, the side panel, Ctrl+Z / Ctrl+Shift+Z, Ctrl+C / Ctrl+V, delete and revert', async () => {
    const TITLE = 'Tool amnesty on Sunday';
    await Promise.all([ada.goto(`${server.url}/app/home/welcome`), second.goto(`${server.url}/app/home/welcome`)]);
    await Promise.all([
      ada.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor(),
      second.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor(),
    ]);
    await Promise.all([mark(victor), mark(maya)]);
    const bar = ada.getByRole('toolbar', { name: 'Admin bar' });
    await ada.keyboard.press('Alt+Shift+KeyE');
    await bar.waitFor();
    await second.keyboard.press('Alt+Shift+KeyE');
    await second.getByRole('toolbar', { name: 'Admin bar' }).waitFor();

    // The palette's Callout, picked up with Space, carried with the arrows to the second column, dropped with Enter.
    const before = await secondColumn();
    await tabTo(ada, ada.getByRole('button', { name: 'Drag a new Callout' }));
    await ada.keyboard.press('Space');
    const live = ada.locator('[id^="DndLiveRegion"]');
    await expect.poll(() => live.textContent()).toBe('Picked up Callout.');
    for (let i = 0; i < 3; i++) await ada.keyboard.press('ArrowRight');
    await expect.poll(() => live.textContent()).toMatch(/^Callout: .* in column 2 of Opening times and location\.$/);
    await ada.keyboard.press('Enter');
    await expect.poll(async () => (await secondColumn()).length).toBe(before.length + 1);
    const id = (await secondColumn()).find((b) => !before.includes(b))!;
    expect((await stored(id))?.type).toBe('callout');
    await publishDrafts();
    await Promise.all([blockIn(victor, id).waitFor(), blockIn(maya, id).waitFor(), blockIn(second, id).waitFor()]);

    // Tab to its title and type it; Enter saves.
    const title = blockIn(ada, id).getByRole('textbox', { name: /^Title of “Callout”/ });
    await tabTo(ada, title);
    await blockIn(second, id).getByRole('status').filter({ hasText: 'Ada Admin is editing this block' }).waitFor();
    await ada.keyboard.type(TITLE);
    await ada.keyboard.press('Enter');
    await expect.poll(async () => (await stored(id))?.options?.title).toBe(TITLE);
    await publishDrafts();
    await Promise.all([blockIn(victor, id).getByText(TITLE).waitFor(), blockIn(second, id).getByText(TITLE).waitFor()]);

    // The side panel from the block's toolbar: the tone, then Save.
    const toolbar = ada.getByRole('toolbar', { name: 'Block controls for Callout' });
    // More opens its menu on the first entry; ArrowUp wraps to the last, Edit block.
    await tabTo(ada, toolbar.getByRole('button', { name: 'More', exact: true }), { back: true });
    await ada.keyboard.press('Enter');
    await expect.poll(() => isFocused(ada.getByRole('menuitem', { name: 'Move up' }))).toBe(true);
    await ada.keyboard.press('ArrowUp');
    await expect.poll(() => isFocused(ada.getByRole('menuitem', { name: 'Edit block' }))).toBe(true);
    await ada.keyboard.press('Enter');
    const panel = ada.getByRole('complementary', { name: 'Block settings' });
    const tone = panel.getByLabel('Tone');
    await tabTo(ada, tone);
    await chooseByKeyboard(ada, tone, 'Warning');
    await blockIn(ada, id).locator('.t-callout--warning').waitFor();
    const save = panel.getByRole('button', { name: 'Save', exact: true });
    await tabTo(ada, save);
    await ada.keyboard.press('Enter');
    await expect.poll(async () => (await stored(id))?.options?.tone).toBe('warning');
    await publishDrafts();
    await blockIn(second, id).locator('.t-callout--warning').waitFor();

    // Visibility: the tab, the advanced switch, the rules editor: a condition on the member's lists, Volunteers ticked.
    // Saved, the form starts again from the stored block; the focus stays in the panel, on its tab.
    await expect.poll(() => isFocused(panel.getByRole('tab', { name: 'Settings' }))).toBe(true);
    await ada.keyboard.press('ArrowRight');
    await expect.poll(() => panel.getByRole('tab', { name: 'Visibility' }).getAttribute('aria-selected')).toBe('true');
    await tabTo(ada, panel.getByRole('switch', { name: 'Advanced visibility (rules)' }));
    await ada.keyboard.press('Space');
    await tabTo(ada, panel.getByRole('button', { name: 'Edit rules' }));
    await ada.keyboard.press('Enter');
    const dialog = ada.getByRole('dialog', { name: 'Edit rules' });
    await tabTo(ada, dialog.getByRole('button', { name: 'Add', exact: true }));
    await ada.keyboard.press('Enter');
    await expect.poll(() => isFocused(ada.getByRole('menuitem', { name: 'Add condition' }))).toBe(true);
    await ada.keyboard.press('Enter');
    const rule = dialog.getByRole('group', { name: 'Condition 1' });
    await expect.poll(() => isFocused(rule.getByLabel('Kind'))).toBe(true);
    expect(await rule.getByLabel('Kind').inputValue()).toBe('userList');
    await tabTo(ada, rule.getByLabel('Operator'));
    await chooseByKeyboard(ada, rule.getByLabel('Operator'), 'is in some selected lists');
    await tabTo(ada, rule.getByRole('checkbox', { name: 'Volunteers', exact: true }));
    await ada.keyboard.press('Space');
    await dialog.getByText('Members of these lists match: Volunteers').waitFor();
    await tabTo(ada, dialog.getByRole('button', { name: 'Save rules' }));
    await ada.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await tabTo(ada, save);
    await ada.keyboard.press('Enter');
    await expect.poll(async () => (await stored(id))?.visibility).toEqual(VOLUNTEERS_ONLY);
    await publishDrafts();
    await expect.poll(() => isFocused(panel.getByRole('tab', { name: 'Visibility' }))).toBe(true);
    await blockIn(maya, id).waitFor({ state: 'detached' });
    await blockIn(victor, id).getByText(TITLE).waitFor();
    expect([await marker(victor), await marker(maya)]).toEqual([7, 7]);

    // Escape leaves the panel for the block's name tag; Ctrl+Z twice takes back the restriction and the tone, Ctrl+Shift+Z twice redoes them.
    await ada.keyboard.press('Escape');
    await expect.poll(() => isFocused(blockIn(ada, id).getByRole('button', { name: 'Select Callout' }))).toBe(true);
    const undo = bar.getByRole('button', { name: /^Undo/ });
    const redo = bar.getByRole('button', { name: /^Redo/ });
    const settled = () => expect.poll(() => undo.isEnabled()).toBe(true);
    await ada.keyboard.press('Control+z');
    await expect.poll(async () => (await stored(id))?.visibility?.advanced ?? false).toBe(false);
    await publishDrafts();
    await blockIn(maya, id).waitFor();
    await settled();
    await ada.keyboard.press('Control+z');
    await expect.poll(async () => (await stored(id))?.options?.tone).toBe('info');
    await publishDrafts();
    await blockIn(victor, id).locator('.t-callout--info').waitFor();
    await settled();
    await ada.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await stored(id))?.options?.tone).toBe('warning');
    await publishDrafts();
    await blockIn(victor, id).locator('.t-callout--warning').waitFor();
    await expect.poll(() => redo.isEnabled()).toBe(true);
    await ada.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await stored(id))?.visibility).toEqual(VOLUNTEERS_ONLY);
    await publishDrafts();
    await blockIn(maya, id).waitFor({ state: 'detached' });
    await blockIn(second, id).locator('.t-callout--warning').getByText(TITLE).waitFor();

    // Ctrl+C, then to the News page by its link, its last block selected from its name tag, Ctrl+V.
    await expect.poll(() => isFocused(blockIn(ada, id).getByRole('button', { name: 'Select Callout' }))).toBe(true);
    await ada.keyboard.press('Control+c');
    await (await blockMenuItem(toolbar, 'Paste')).and(ada.locator(':enabled')).waitFor();
    await ada.keyboard.press('Escape');
    const newsBefore = (await pageDoc('news')).page.children ?? [];
    await tabTo(ada, ada.getByRole('navigation').getByRole('link', { name: 'News' }).first(), { back: true });
    await ada.keyboard.press('Enter');
    await ada.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    const lastTag = blockIn(ada, newsBefore.at(-1)!).locator(':scope > [data-admin-chrome] [data-admin-control="select"]');
    await tabTo(ada, lastTag);
    await ada.keyboard.press('Enter');
    await expect.poll(() => lastTag.getAttribute('aria-pressed')).toBe('true');
    await ada.keyboard.press('Control+v');
    await expect.poll(async () => (await pageDoc('news')).page.children?.length).toBe(newsBefore.length + 1);
    const copy = (await pageDoc('news')).blocks.find((b) => b.type === 'callout' && b.options?.title === TITLE)!;
    expect(copy.id).not.toBe(id);
    expect((await pageDoc('news')).page.children?.at(-1)).toBe(copy.id);
    expect(copy.visibility).toEqual(VOLUNTEERS_ONLY);

    // Back to Welcome; the block's name tag, Delete block, confirmed; Revert from the notice, confirmed.
    await tabTo(ada, ada.getByRole('navigation').getByRole('link', { name: 'Welcome' }).first(), { back: true });
    await ada.keyboard.press('Enter');
    await ada.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
    const tag = blockIn(ada, id).getByRole('button', { name: 'Select Callout' });
    await tabTo(ada, tag);
    await ada.keyboard.press('Enter');
    await expect.poll(() => tag.getAttribute('aria-pressed')).toBe('true');
    await tabTo(ada, toolbar.getByRole('button', { name: 'Delete block' }));
    await ada.keyboard.press('Enter');
    const confirm = ada.getByRole('alertdialog', { name: 'Delete this block?' }).getByRole('button', { name: 'Delete' });
    await tabTo(ada, confirm);
    await ada.keyboard.press('Enter');
    await expect.poll(async () => (await secondColumn()).includes(id)).toBe(false);
    await publishDrafts();
    await Promise.all([blockIn(victor, id).waitFor({ state: 'detached' }), blockIn(second, id).waitFor({ state: 'detached' })]);
    const notice = ada.getByRole('status').filter({ hasText: 'Block “Callout” deleted.' });
    await tabTo(ada, notice.getByRole('button', { name: 'Revert' }));
    await ada.keyboard.press('Enter');
    const revert = ada.getByRole('dialog', { name: 'Revert the deletion?' }).getByRole('button', { name: 'Revert' });
    await expect.poll(() => isFocused(revert)).toBe(true);
    await ada.keyboard.press('Enter');
    await expect.poll(async () => (await secondColumn()).includes(id)).toBe(true);
    expect((await stored(id))?.visibility).toEqual(VOLUNTEERS_ONLY);
    await publishDrafts();
    await Promise.all([blockIn(victor, id).getByText(TITLE).waitFor(), blockIn(second, id).getByText(TITLE).waitFor()]);
    expect(await blockIn(maya, id).count()).toBe(0);
    expect([await marker(victor), await marker(maya)]).toEqual([7, 7]);

    await Promise.all([victor.reload(), maya.reload()]);
    await blockIn(victor, id).getByText(TITLE).waitFor();
    await blockIn(maya, COLUMNS).waitFor();
    expect(await maya.getByText(TITLE).count()).toBe(0);
    expect(errors).toEqual([]);
  }, 300_000);
});

describe('the editor under axe', () => {
  it('no serious or critical violation with a block selected and the side panel open, at 1280 and 375 px, light and dark', async () => {
    const id = 'welcome-col-hours';
    const toolbar = ada.getByRole('toolbar', { name: 'Block controls for Callout' });
    const panel = ada.getByRole('complementary', { name: 'Block settings' });
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 375]) {
        // Loaded at that width and scheme, as on a device (the shell picks the scheme at start-up; the demo follows the system's).
        await ada.emulateMedia({ colorScheme: scheme });
        await ada.setViewportSize({ width, height: width < 600 ? 812 : 800 });
        await ada.goto(`${server.url}/app/home/welcome`);
        await ada.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
        expect(await ada.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
        await ada.keyboard.press('Alt+Shift+KeyE');
        await ada.getByRole('toolbar', { name: 'Admin bar' }).waitFor();
        await blockIn(ada, id).getByText('Opening times').click();
        // On phones the settings are a sheet, opened from the block's toolbar.
        await (await blockMenuItem(toolbar, 'Edit block')).click();
        await panel.getByLabel('Tone').waitFor();
        expect(await seriousViolations(ada), `${width} px, ${scheme}`).toEqual([]);
      }
    }
    expect(errors).toEqual([]);
  }, 300_000);
});
