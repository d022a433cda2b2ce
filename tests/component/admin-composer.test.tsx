/** The composer on the real in-process server: selection, the side panel, the palette and outline, and undo/redo of each kind of change. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { historyAtom } from '../../admin/editor/history';
import { selectedBlockAtom } from '../../admin/editor/selection';
import { AdminBar, NavigationEditor } from '../../admin';
import { blockAtom, pageAtom } from '../../engine';
import type { Block } from '../../schemas/model';
import { blockMenuItem, seriousAxeViolations } from '../helpers/admin-render';
import { renderAdminOnServer, startAdminServer, type ApiServer } from '../helpers/admin-server';

const a: Block = { id: 'a', type: 'plainText', name: 'Alpha', options: { text: 'A' } };
const b: Block = { id: 'b', type: 'plainText', name: 'Bravo', options: { text: 'B' } };
const c: Block = { id: 'c', type: 'plainText', name: 'Charlie', options: { text: 'C' } };
const note: Block = { id: 'n', type: 'callout', name: 'Note', options: { tone: 'info', title: 'Hello', body: 'Body text' } };
const cols: Block = { id: 'cols', type: 'columns', name: 'Grid', columns: [6, 6], children: ['c'], positions: { 'col-0': ['c'], 'col-1': [] } };

let server: ApiServer;
const open: { close(): void }[] = [];
beforeAll(async () => {
  server = await startAdminServer();
}, 120_000);
afterEach(() => open.splice(0).forEach((o) => o.close()));
afterAll(async () => {
  await server?.close();
});

async function scene(blocks: Block[]) {
  const view = await renderAdminOnServer(server, { blocks }, { extra: <AdminBar /> });
  open.push(view);
  return view;
}

const tag = (name: string) => screen.getByRole('button', { name: `Select ${name}` });
const toolbar = (name: string) => screen.getByRole('toolbar', { name: `Block controls for ${name}` });
/** The bar's Undo or Redo button once it is enabled (a step is recorded when its request has answered). */
async function historyButton(name: 'Undo' | 'Redo') {
  const button = screen.getByRole('button', { name: new RegExp(name) });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}
const pageDoc = async (id: string, token: string) =>
  (await server.call<{ blocks: Block[]; page: { children: string[] } }>('GET', `structure/page/${id}`, { token })).body;

describe('selection', () => {
  it('shows no toolbar until a block is selected; click selects, Escape selects the parent, then nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { store, id } = await scene([a, cols, c]);
    expect(screen.queryAllByRole('toolbar', { name: /Block controls/ })).toHaveLength(0);
    // No add bars: with nothing captured, a column's end is an empty anchor (drop zones go there while dragging).
    const end = document.querySelector(`[data-slot="block:${id('cols')}:0"]`);
    expect(end).not.toBeNull();
    expect(end!.querySelectorAll('button, a, input')).toHaveLength(0);

    // Hover marks the innermost block only.
    // The first render loads the block modules (lazy chunks): give it time.
    fireEvent.mouseOver(await screen.findByText('C', undefined, { timeout: 15_000 }));
    expect(document.querySelector('[data-admin-hover]')).toBe(document.querySelector(`[data-block-id="${id('c')}"]`));

    await user.click(screen.getByText('C'));
    expect(store.get(selectedBlockAtom)).toBe(id('c'));
    const bar = toolbar('Charlie');
    // Every control is named as it reads (no label-name mismatch).
    for (const button of within(bar).getAllByRole('button')) expect(button.getAttribute('aria-label')).toBeNull();
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual(['⠿ Move block', 'Duplicate', 'Copy', 'Delete block', 'More ▾']);
    // More is a menu button: ArrowDown opens it on its first item, the arrows move, Escape gives focus back.
    const more = within(bar).getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    more.focus();
    await user.keyboard('{ArrowDown}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: /Move up/ })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: /Move down/ })).toHaveFocus();
    expect(screen.getByRole('menu').querySelectorAll('[role^="menuitem"]')).toHaveLength(6);
    expect(await seriousAxeViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(more).toHaveFocus());
    expect(screen.queryByRole('menu')).toBeNull();
    // That Escape only closed the menu: the block stays selected.
    expect(store.get(selectedBlockAtom)).toBe(id('c'));
    expect(screen.queryAllByRole('toolbar', { name: /Block controls/ })).toHaveLength(1);
    expect(await seriousAxeViolations()).toEqual([]);

    await user.keyboard('{Escape}');
    expect(store.get(selectedBlockAtom)).toBe(id('cols'));
    expect(toolbar('Grid')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(store.get(selectedBlockAtom)).toBeNull();
    // The name tag selects by keyboard too.
    tag('Alpha').focus();
    await user.keyboard('{Enter}');
    expect(store.get(selectedBlockAtom)).toBe(id('a'));
  }, 40_000);

  it('the outline lists the tree and selects on click; the palette offers only available types', async () => {
    const user = userEvent.setup({ delay: null });
    const { store, id } = await scene([a, cols, c]);
    act(() => screen.getByRole('button', { name: 'Blocks' }).click());
    const left = await screen.findByRole('complementary', { name: 'Blocks and outline' });
    const { default: registry } = await import('../../registry/generated/registry.json');
    const entries = Object.values(registry.blocks) as { title: string; status: string; description?: string }[];
    const planned = entries.find((e) => e.status === 'planned')!;
    expect(within(left).queryByRole('button', { name: `Add ${planned.title}` })).toBeNull();
    expect(within(left).getAllByRole('button', { name: /^Add / })).toHaveLength(entries.filter((e) => e.status === 'available').length);
    // Descriptions are words, not JSON or docs paths.
    expect(left.textContent).not.toMatch(/[{}]|docs\//);

    await user.click(within(left).getByRole('tab', { name: 'Outline' }));
    const outline = within(left).getByRole('list', { name: 'Outline' });
    await user.click(within(outline).getByRole('button', { name: /^Charlie/ }));
    expect(store.get(selectedBlockAtom)).toBe(id('c'));
    expect(within(outline).getByRole('button', { name: /^Charlie/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await seriousAxeViolations()).toEqual([]);
  }, 30_000);
});

describe('new blocks', () => {
  it('a new block from the palette goes after the selection, is selected, and an empty one shows a placeholder to admins; undo removes it', async () => {
    const user = userEvent.setup({ delay: null });
    const { store, id, token } = await scene([a]);
    await user.click(await screen.findByText('A', undefined, { timeout: 15_000 }));
    act(() => screen.getByRole('button', { name: 'Blocks' }).click());
    const left = await screen.findByRole('complementary', { name: 'Blocks and outline' });
    await user.click(within(left).getByRole('button', { name: 'Add Tabs' }));
    await waitFor(async () => expect((await pageDoc(id('p1'), token)).page.children).toHaveLength(2));
    const added = (await pageDoc(id('p1'), token)).page.children[1];
    await waitFor(() => expect(store.get(selectedBlockAtom)).toBe(added));
    // Tabs without children render nothing: admins see what it is and that it needs configuring.
    expect(await screen.findByText('Empty Tabs: configure me (only admins see this)', undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.click(await historyButton('Undo'));
    await waitFor(async () => expect((await pageDoc(id('p1'), token)).page.children).toEqual([id('a')]));
  }, 30_000);
});

describe('new modules and pages', () => {
  it('a new module is created with a first page and opened there; a new page is opened', async () => {
    const user = userEvent.setup({ delay: null });
    const opened: string[] = [];
    const first = await renderAdminOnServer(server, { blocks: [] }, {});
    open.push(first);
    first.unmount();
    const view = await renderAdminOnServer(
      server,
      { blocks: [] },
      { extra: <NavigationEditor currentModuleId={first.moduleId} currentPageId={first.pageId} onNavigate={(p) => opened.push(p)} /> },
    );
    open.push(view);
    await user.click(screen.getAllByRole('button', { name: '+ Add module' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'New module' });
    await user.type(within(dialog).getByLabelText('Name'), 'Workshop tools');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(opened).toEqual(['/workshop-tools/home']));
    const structure = (await server.call<{ modules: { slug: string; pages: { slug: string; name: string }[] }[] }>('GET', 'structure', { token: view.token }))
      .body;
    expect(structure.modules.find((m) => m.slug === 'workshop-tools')?.pages.map((p) => p.name)).toEqual(['Home']);

    await user.click(screen.getAllByRole('button', { name: '+ Add page' })[0]);
    const pageDialog = await screen.findByRole('dialog', { name: 'New page' });
    await user.type(within(pageDialog).getByLabelText('Name'), 'Bench');
    await user.click(within(pageDialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(opened.at(-1)).toMatch(/^\/scene-\d+\/bench$/));
  }, 30_000);
});

describe('side panel and undo/redo', () => {
  it('edits the selected block in the side panel with live preview; undo and redo go to the server, one request each', async () => {
    const user = userEvent.setup({ delay: null });
    const { store, id, token, calls, member } = await scene([note, a]);
    await user.click(await screen.findByText('Hello'));
    act(() => screen.getByRole('button', { name: 'Settings' }).click());
    const panel = await screen.findByRole('complementary', { name: 'Block settings' });
    const title = await within(panel).findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Updated');
    // Live preview on the page before saving.
    expect(within(document.querySelector<HTMLElement>(`[data-block-id="${id('n')}"]`)!).getByText('Updated')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((x) => x.method === 'updateBlock')).toHaveLength(1));
    await waitFor(async () => expect((await pageDoc(id('p1'), token)).blocks.find((x) => x.id === id('n'))?.options?.title).toBe('Updated'));

    const undo = screen.getByRole('button', { name: /Undo/ });
    await waitFor(() => expect(undo).toBeEnabled());
    expect(undo).toHaveAttribute('title', 'Undo: Edit “Note”');
    await user.click(undo);
    await waitFor(async () => expect((await pageDoc(id('p1'), token)).blocks.find((x) => x.id === id('n'))?.options?.title).toBe('Hello'));
    expect(calls.filter((x) => x.method === 'updateBlock')).toHaveLength(2);
    expect(store.get(blockAtom(id('n')))?.options?.title).toBe('Hello');
    await waitFor(() => expect(member.get(blockAtom(id('n')))?.options?.title).toBe('Hello'));

    // Redo by keyboard (focus on the page, not in a field).
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(async () => expect((await pageDoc(id('p1'), token)).blocks.find((x) => x.id === id('n'))?.options?.title).toBe('Updated'));
    expect(calls.filter((x) => x.method === 'updateBlock')).toHaveLength(3);
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('two saved edits of one block undo one after the other and redo in turn; Save keeps the tab and the focus', async () => {
    const user = userEvent.setup({ delay: null });
    const { id, token } = await scene([note]);
    const stored = async () => (await pageDoc(id('p1'), token)).blocks.find((x) => x.id === id('n'))!;
    await user.click(await screen.findByText('Hello'));
    act(() => screen.getByRole('button', { name: 'Settings' }).click());
    const panel = await screen.findByRole('complementary', { name: 'Block settings' });
    await user.selectOptions(await within(panel).findByLabelText(/^Tone/, undefined, { timeout: 10_000 }), 'Warning');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await stored()).options?.tone).toBe('warning'));
    // The form starts again from the stored block: the focus, on Save, goes to the current tab, not to the page.
    await waitFor(() => expect(within(panel).getByRole('tab', { name: 'Settings' })).toHaveFocus());
    await user.click(within(panel).getByRole('tab', { name: 'Design' }));
    await user.click(within(panel).getByLabelText('Show the block name as a title'));
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await stored()).showTitle).toBe(true));
    await waitFor(() => expect(within(panel).getByRole('tab', { name: 'Design' })).toHaveFocus());
    expect(within(panel).getByRole('tab', { name: 'Design' })).toHaveAttribute('aria-selected', 'true');

    // Undo takes back the later edit, then the earlier one (which expected the revision the later edit left).
    await user.click(await historyButton('Undo'));
    await waitFor(async () => expect((await stored()).showTitle).toBe(false));
    await user.click(await historyButton('Undo'));
    await waitFor(async () => expect((await stored()).options?.tone).toBe('info'));
    await user.click(await historyButton('Redo'));
    await waitFor(async () => expect((await stored()).options?.tone).toBe('warning'));
    await user.click(await historyButton('Redo'));
    await waitFor(async () => expect((await stored()).showTitle).toBe(true));
    expect((await stored()).options?.tone).toBe('warning');
  });

  it('undoes and redoes move up, duplicate and delete; the page on the server follows', async () => {
    const user = userEvent.setup({ delay: null });
    const { store, id, token, calls } = await scene([a, b]);
    const children = async () => (await pageDoc(id('p1'), token)).page.children;
    await user.click(await screen.findByText('B'));
    await user.click(await blockMenuItem(user, toolbar('Bravo'), /Move up/));
    await waitFor(async () => expect(await children()).toEqual([id('b'), id('a')]));
    await user.click(await historyButton('Undo'));
    await waitFor(async () => expect(await children()).toEqual([id('a'), id('b')]));
    await user.click(await historyButton('Redo'));
    await waitFor(async () => expect(await children()).toEqual([id('b'), id('a')]));
    expect(calls.filter((x) => x.method === 'moveBlocks')).toHaveLength(3);

    // Duplicate: a deep copy with a new id right after it, selected; undo deletes the copy, redo brings it back.
    await user.click(within(toolbar('Bravo')).getByRole('button', { name: 'Duplicate' }));
    await waitFor(async () => expect(await children()).toHaveLength(3));
    const copy = (await children())[1];
    expect(copy).not.toBe(id('b'));
    await waitFor(() => expect(store.get(selectedBlockAtom)).toBe(copy));
    await user.click(await historyButton('Undo'));
    await waitFor(async () => expect(await children()).toEqual([id('b'), id('a')]));
    await user.click(await historyButton('Redo'));
    await waitFor(async () => expect(await children()).toEqual([id('b'), copy, id('a')]));

    // Delete (plain text with options asks first), then undo through the revert token.
    act(() => store.set(selectedBlockAtom, id('a')));
    await user.click(within(toolbar('Alpha')).getByRole('button', { name: 'Delete block' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await children()).toEqual([id('b'), copy]));
    await user.click(await historyButton('Undo'));
    await waitFor(async () => expect(await children()).toEqual([id('b'), copy, id('a')]));
    expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('b'), copy, id('a')]);
  });

  it('undo of a delete retires its Revert notification, and Revert retires the undo step', async () => {
    const user = userEvent.setup({ delay: null });
    const { store, id, token } = await scene([a, b]);
    const children = async () => (await pageDoc(id('p1'), token)).page.children;
    const deleteAlpha = async () => {
      act(() => store.set(selectedBlockAtom, id('a')));
      await user.click(within(toolbar('Alpha')).getByRole('button', { name: 'Delete block' }));
      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Block “Alpha” deleted.')).toBeInTheDocument();
    };
    await deleteAlpha();
    await user.click(await historyButton('Undo'));
    await waitFor(async () => expect(await children()).toEqual([id('a'), id('b')]));
    // The token is spent: no Revert left to press that could only fail.
    await waitFor(() => expect(screen.queryByText('Block “Alpha” deleted.')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Revert' })).toBeNull();

    // The other way round: Revert from the notification, and the delete's undo step is gone with it.
    await deleteAlpha();
    await user.click(screen.getByRole('button', { name: 'Revert' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revert the deletion?' })).getByRole('button', { name: 'Revert' }));
    await waitFor(async () => expect(await children()).toEqual([id('a'), id('b')]));
    await waitFor(() => expect(store.get(historyAtom).undo.some((s) => s.command.kind === 'structure' && s.command.action.kind === 'revert')).toBe(false));
  });

  it('refuses an undo over another admin’s later change, in words, and loses nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const notices: string[] = [];
    const view = await renderAdminOnServer(server, { blocks: [note] }, { extra: <AdminBar />, onNotify: (_k, m) => notices.push(m) });
    open.push(view);
    const { id, token, store } = view;
    await user.click(await screen.findByText('Hello'));
    act(() => screen.getByRole('button', { name: 'Settings' }).click());
    const panel = await screen.findByRole('complementary', { name: 'Block settings' });
    const title = await within(panel).findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Mine');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.get(historyAtom).undo).toHaveLength(1));
    // Another admin edits the same block after us.
    const current = (await pageDoc(id('p1'), token)).blocks.find((x) => x.id === id('n'))!;
    const other = await server.call('POST', `structure/block/${id('n')}`, {
      token,
      body: { block: { ...current, options: { ...current.options, title: 'Theirs' } } },
    });
    expect(other.status).toBeLessThan(300);
    await user.click(await historyButton('Undo'));
    await waitFor(() => expect(notices.some((m) => m.startsWith('Could not undo “Edit “Note””'))).toBe(true));
    expect((await pageDoc(id('p1'), token)).blocks.find((x) => x.id === id('n'))?.options?.title).toBe('Theirs');
    expect(store.get(historyAtom).undo).toHaveLength(0);
  });
});
