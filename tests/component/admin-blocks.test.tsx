import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { blockPlaceLabel } from '../../admin/core/context';
import { historyAtom } from '../../admin/editor/history';
import { leftPanelOpenAtom } from '../../admin/editor/panels';
import { blockAtom, pageAtom, REVERT_NOTIFICATION_TIMEOUT_MS, type RuntimeRegistryData } from '../../engine';
import type { Block } from '../../schemas/model';
import { blockMenuItem, seriousAxeViolations } from '../helpers/admin-render';
import { renderAdminOnServer, requestAs, startAdminServer, type ApiServer } from '../helpers/admin-server';

const a: Block = { id: 'a', type: 'plainText', name: 'Alpha', options: { text: 'A' } };
const b: Block = { id: 'b', type: 'plainText', name: 'Bravo', options: { text: 'B' } };
const c: Block = { id: 'c', type: 'plainText', name: 'Charlie', options: { text: 'C' } };
/** A block with no options and no children: deleted without asking. */
const empty: Block = { id: 'e', type: 'dismissible', name: 'Empty' };
const cols: Block = { id: 'cols', type: 'columns', name: 'Grid', columns: [6, 6], children: ['c'], positions: { 'col-0': ['c'], 'col-1': [] } };

/** The library's live region (dnd-kit says each drag step there, in our texts). */
const dragSays = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
/** The keyboard sensor listens from the next tick after a pick-up. */
const tick = () => act(() => new Promise((r) => setTimeout(r, 5)));
const dropZones = () => Array.from(document.querySelectorAll<HTMLElement>('[data-admin-dropzone]')).map((z) => z.dataset.adminDropzone);

async function openPalette(store: { set(a: typeof leftPanelOpenAtom, v: boolean): void }) {
  act(() => store.set(leftPanelOpenAtom, true));
  return screen.findByRole('complementary', { name: 'Blocks and outline' });
}

/** A block's toolbar: shown once the block is selected (its name tag is the select button). */
function bar(name: string): HTMLElement {
  const shown = screen.queryByRole('toolbar', { name: `Block controls for ${name}` });
  if (shown) return shown;
  fireEvent.click(screen.getByRole('button', { name: `Select ${name}` }));
  return screen.getByRole('toolbar', { name: `Block controls for ${name}` });
}

let server: ApiServer;
const open: { close(): void }[] = [];
beforeAll(async () => {
  server = await startAdminServer();
}, 120_000);
afterEach(() => {
  vi.useRealTimers();
  open.splice(0).forEach((o) => o.close());
});
afterAll(async () => {
  await server?.close();
});

async function renderAdmin(blocks: Block[], options: Parameters<typeof renderAdminOnServer>[2] = {}) {
  const view = await renderAdminOnServer(server, { blocks }, options);
  open.push(view);
  return view;
}

describe('palette', () => {
  it('offers only available types, by category and search, each with its icon and a plain description; axe clean', async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = await renderAdmin([]);
    const left = await openPalette(store);
    const { default: registry } = await import('../../registry/generated/registry.json');
    const entries = Object.values(registry.blocks) as { title: string; status: string }[];
    const planned = entries.find((e) => e.status === 'planned')!;
    expect(within(left).queryByRole('button', { name: `Add ${planned.title}` })).toBeNull();
    const callout = within(left).getByRole('button', { name: 'Add Callout' });
    // Its description says what it is in words: no spec paths or file names.
    expect(callout).toHaveAccessibleDescription('A highlighted note (info, success, warning or danger) with a title and a short text.');
    expect(callout.closest('li')!.querySelector('svg.t-admin-block-icon path')).not.toBeNull();
    expect(within(left).getByRole('button', { name: 'Add Columns' })).toHaveAccessibleDescription('Puts blocks side by side in up to 12 columns.');
    await user.selectOptions(within(left).getByLabelText('Category'), 'structure');
    expect(within(left).queryByRole('button', { name: 'Add Plain text' })).toBeNull();
    await user.selectOptions(within(left).getByLabelText('Category'), '');
    await user.type(within(left).getByLabelText('Search block types'), 'pinboard');
    expect(
      within(left)
        .getAllByRole('button', { name: /^Add / })
        .map((b) => b.textContent),
    ).toEqual(['Add Masonry']);
    expect(await seriousAxeViolations()).toEqual([]);
  }, 30_000);

  it('drags a new Callout into the second column by keyboard: drop zones only while dragging and only where it may go; one request, one undo step', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, store, member, id } = await renderAdmin([a, cols, c]);
    const left = await openPalette(store);
    expect(dropZones()).toEqual([]);
    within(left).getByRole('button', { name: 'Drag a new Callout' }).focus();
    await user.keyboard(' ');
    await tick();
    expect(dragSays()).toBe('Picked up Callout.');
    const zones = dropZones();
    // Before each block and at each column's end of the page and the grid; none inside a plain text.
    expect(zones).toEqual(
      expect.arrayContaining([`page:${id('p1')}:0:0`, `block:${id('cols')}:0:0`, `block:${id('cols')}:0:1`, `block:${id('cols')}:1:0`, `page:${id('p1')}:0:2`]),
    );
    expect(zones.some((z) => z!.includes(`:${id('a')}:`) || z!.includes(`:${id('c')}:`))).toBe(false);
    // Right: the page's column, the grid's first column, its second column.
    await user.keyboard('{ArrowRight}');
    await tick();
    await user.keyboard('{ArrowRight}');
    await tick();
    await user.keyboard('{ArrowRight}');
    await tick();
    expect(dragSays()).toBe('Callout: at the end of column 2 of Grid.');
    await user.keyboard(' ');
    await tick();
    await waitFor(() => expect(store.get(blockAtom(id('cols')))?.positions?.['col-1']).toHaveLength(1));
    expect(dropZones()).toEqual([]);
    const added = store.get(blockAtom(id('cols')))!.positions!['col-1']![0];
    expect(store.get(blockAtom(added))).toMatchObject({ type: 'callout', options: { tone: 'info' } });
    expect(calls.filter((x) => x.method === 'addBlock')).toHaveLength(1);
    expect(calls.find((x) => x.method === 'addBlock')!.args[0]).toMatchObject({ parentType: 'block', parentId: id('cols'), colIndex: 1, index: 0 });
    await waitFor(() => expect(member.get(blockAtom(id('cols')))?.positions?.['col-1']).toEqual([added]));
    // The undo step is recorded when the server's answer arrives, which may come after the member's live copy.
    await waitFor(() => expect(store.get(historyAtom).undo).toHaveLength(1));
  });

  it('places an existing block from the palette (it leaves its old place, as on the server)', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, store, id } = await renderAdmin([a, b]);
    const left = await openPalette(store);
    await user.click(within(left).getByRole('button', { name: 'Place an existing block…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Existing block picker' });
    // The server searches every block: this scene's id finds this scene's Alpha.
    await user.type(within(dialog).getByLabelText('Search blocks by name or type'), id('a'));
    const place = await within(dialog).findByRole('button', { name: 'Place here: Alpha' });
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(place);
    await waitFor(() => expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('b'), id('a')]));
    expect(calls.at(-1)).toMatchObject({ method: 'addChildren', args: ['page', id('p1'), 0, 2, [id('a')]] });
  });
});

describe('edit-mode chrome', () => {
  it('renders block controls and add slots only in edit mode', async () => {
    const { render } = await import('@testing-library/react');
    const { EngineProvider, PageRenderer, loadStructureAtom } = await import('../../engine');
    const { createStore } = await import('jotai');
    const { AdminProvider, renderAddBlock, renderBlockControls } = await import('../../admin');
    const { blockComponents } = await import('../../blocks/index.generated');
    const { fullRegistry, adminUser } = await import('../helpers/admin-render');
    const { createHttpAdminApi } = await import('../../admin/core/http-api');
    const store = createStore();
    store.set(loadStructureAtom, { pages: [{ id: 'p1', slug: 'p', name: 'P', children: ['a'] }], blocks: [a] });
    const api = createHttpAdminApi({ request: requestAs(server, await server.signIn('admin')) });
    const view = (editMode: boolean) => (
      <EngineProvider
        registry={fullRegistry}
        blockComponents={blockComponents}
        store={store}
        isAdmin
        editMode={editMode}
        renderAddBlock={renderAddBlock}
        renderBlockControls={renderBlockControls}
      >
        <AdminProvider api={api} registry={fullRegistry} user={adminUser} pageId="p1">
          <PageRenderer pageId="p1" />
        </AdminProvider>
      </EngineProvider>
    );
    const { rerender } = render(view(false));
    expect(screen.queryByRole('toolbar', { name: 'Block controls for Alpha' })).toBeNull();
    expect(document.querySelector('[data-slot]')).toBeNull();
    rerender(view(true));
    // Chrome is the name tag; the toolbar comes with selection.
    expect(screen.queryByRole('toolbar', { name: 'Block controls for Alpha' })).toBeNull();
    expect(bar('Alpha')).toBeInTheDocument();
    // No add bars: a column's end is only an empty anchor for drop zones while dragging.
    expect(screen.queryByRole('button', { name: 'New block' })).toBeNull();
    expect(document.querySelector('[data-slot="page:p1:0"]')).toBeEmptyDOMElement();
  });
});

describe('moving blocks', () => {
  it('drags a block by keyboard from its toolbar, into another parent; each step is said; one request and one undo step', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, store, member, reload, id } = await renderAdmin([a, b, cols, c]);
    const handle = within(bar('Alpha')).getByRole('button', { name: 'Move block' });
    handle.focus();
    await user.keyboard(' ');
    await tick();
    expect(dragSays()).toBe('Picked up Alpha.');
    // Its own place is no drop zone; the first place down is before Grid (after Bravo).
    expect(dropZones()).not.toContain(`page:${id('p1')}:0:0`);
    await user.keyboard('{ArrowDown}');
    await tick();
    expect(dragSays()).toBe('Alpha: before block 3, “Grid”, in column 1 of the page.');
    await user.keyboard('{ArrowDown}');
    await tick();
    await user.keyboard('{ArrowRight}');
    await tick();
    expect(dragSays()).toBe('Alpha: at the end of column 2 of Grid.');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(store.get(blockAtom(id('cols')))?.positions).toEqual({ 'col-0': [id('c')], 'col-1': [id('a')] }));
    expect(dragSays()).toBe('Alpha dropped: at the end of column 2 of Grid.');
    expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('b'), id('cols')]);
    await waitFor(() => expect(member.get(blockAtom(id('cols')))?.positions?.['col-1']).toEqual([id('a')]));
    expect((await reload()).get(pageAtom(id('p1')))?.children).toEqual([id('b'), id('cols')]);
    expect(calls.filter((x) => x.method === 'moveBlocks')).toHaveLength(1);
    expect(store.get(historyAtom).undo.map((s) => s.label)).toEqual(['Move “Alpha”']);
  });

  it('cancels a keyboard drag with Escape: nothing is sent, the selection stays', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = await renderAdmin([a, b]);
    within(bar('Alpha')).getByRole('button', { name: 'Move block' }).focus();
    await user.keyboard(' ');
    await tick();
    await user.keyboard('{ArrowDown}');
    await tick();
    await user.keyboard('{Escape}');
    await tick();
    expect(dragSays()).toBe('Move of Alpha cancelled.');
    expect(dropZones()).toEqual([]);
    expect(screen.getByRole('toolbar', { name: 'Block controls for Alpha' })).toBeInTheDocument();
    expect(calls.some((x) => x.method === 'moveBlocks')).toBe(false);
  });

  it('Move to… lists the places by name, steps with the arrow keys, moves with Enter (one request); undo puts it back', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, store, id } = await renderAdmin([a, b, cols, c]);
    await user.click(await blockMenuItem(user, bar('Bravo'), 'Move to…'));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Bravo” to…' });
    const places = within(dialog)
      .getAllByRole('button', { name: /column/ })
      .map((x) => x.textContent);
    expect(places).toEqual([
      'before block 1, “Alpha”, in column 1 of the page',
      'before block 1, “Charlie”, in column 1 of Grid',
      'at the end of column 1 of Grid',
      'at the end of column 2 of Grid',
      'at the end of column 1 of the page',
    ]);
    expect(within(dialog).getByRole('button', { name: places[0]! })).toHaveFocus();
    expect(await seriousAxeViolations()).toEqual([]);
    await user.keyboard('{End}{ArrowUp}');
    expect(within(dialog).getByRole('button', { name: 'at the end of column 2 of Grid' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.get(blockAtom(id('cols')))?.positions?.['col-1']).toEqual([id('b')]);
    expect(calls.filter((x) => x.method === 'moveBlocks')).toHaveLength(1);
    // The step is recorded once the server has answered; focus follows the block to its new place.
    await waitFor(() => expect(store.get(historyAtom).undo.map((x) => x.label)).toEqual(['Move “Bravo”']));
    await waitFor(() => expect(within(bar('Bravo')).getByRole('button', { name: 'More' })).toHaveFocus());
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('a'), id('b'), id('cols')]));
  });

  it("shows 'Error submitting move request' when the server refuses a move", async () => {
    const user = userEvent.setup({ delay: null });
    const { store, id, token } = await renderAdmin([a, b]);
    // Another admin deletes Alpha meanwhile: the server refuses to move it, and the guess is undone.
    expect((await server.call('DELETE', `structure/block/${id('a')}`, { token })).status).toBe(200);
    await user.click(await blockMenuItem(user, bar('Alpha'), 'Move to…'));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Alpha” to…' });
    await user.click(within(dialog).getByRole('button', { name: 'at the end of column 1 of the page' }));
    expect(await screen.findByText('Error submitting move request')).toBeInTheDocument();
    expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('a'), id('b')]);
  });
});

describe('selection by keyboard', () => {
  it('ArrowDown/ArrowUp select the next/previous sibling, ArrowRight and Enter the first child, Escape the parent; each said politely', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAdmin([a, cols, c]);
    bar('Alpha');
    const selected = () => screen.getAllByRole('toolbar', { name: /^Block controls for / }).map((t) => t.getAttribute('aria-label'));
    await user.keyboard('{ArrowDown}');
    expect(selected()).toEqual(['Block controls for Grid']);
    expect(screen.getByRole('button', { name: 'Select Grid' })).toHaveFocus();
    expect(screen.getByText('“Grid” selected.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(selected()).toEqual(['Block controls for Charlie']);
    await user.keyboard('{Escape}');
    expect(selected()).toEqual(['Block controls for Grid']);
    await user.keyboard('{ArrowRight}');
    expect(selected()).toEqual(['Block controls for Charlie']);
    await user.keyboard('{Escape}{ArrowUp}');
    expect(selected()).toEqual(['Block controls for Alpha']);
    // At the first block: nothing above, the selection stays.
    await user.keyboard('{ArrowUp}');
    expect(selected()).toEqual(['Block controls for Alpha']);
  });
});

describe('delete and revert', () => {
  it('asks with the confirmation popover, removes the block, then Revert (confirmed) brings the block back everywhere', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, hold, store, member, id } = await renderAdmin([a, b]);
    await user.click(within(bar('Alpha')).getByRole('button', { name: 'Delete block' }));
    const pop = await screen.findByRole('alertdialog', { name: 'Delete this block?' });
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(pop).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((x) => x.method === 'deleteBlock')).toBe(false);

    await user.click(within(bar('Alpha')).getByRole('button', { name: 'Delete block' }));
    const release = hold('deleteBlock');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    // Optimistic: the remove action takes the block off the page before the server answers.
    await waitFor(() => expect(document.querySelector(`[data-block-id="${id('a')}"]`)).toBeNull());
    expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('b')]);
    release();
    expect(await screen.findByText('Block “Alpha” deleted.')).toBeInTheDocument();
    expect(calls.find((x) => x.method === 'deleteBlock')?.args).toEqual([id('a'), 'page', id('p1'), 0, 0]);
    // The block leaves its page and its atom is cleared, here and for the other client.
    expect(store.get(blockAtom(id('a')))).toBeUndefined();
    await waitFor(() => expect(member.get(pageAtom(id('p1')))?.children).toEqual([id('b')]));
    // The other client is told the block is deleted (items:changes carries it marked wasDeleted).
    const told = member.get(blockAtom(id('a')));
    expect(told === undefined || told.wasDeleted === true).toBe(true);
    expect(document.querySelector(`[data-block-id="${id('a')}"]`)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Revert' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revert the deletion?' });
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(store.get(blockAtom(id('a')))).toMatchObject({ id: id('a'), options: { text: 'A' } }));
    expect(store.get(blockAtom(id('a')))?.wasDeleted).toBeUndefined();
    await waitFor(() => expect(member.get(pageAtom(id('p1')))?.children).toEqual([id('a'), id('b')]));
    expect(member.get(blockAtom(id('a')))?.wasDeleted).toBeUndefined();
    // Revert shows at once (optimistic); the notification goes once the server has answered.
    await waitFor(() => expect(screen.queryByText('Block “Alpha” deleted.')).toBeNull());
    expect(document.querySelector(`[data-block-id="${id('a')}"]`)).not.toBeNull();
  }, 30_000);

  it('puts a block back where it was when the server refuses its deletion (the remove action undone by its inverse)', async () => {
    const user = userEvent.setup({ delay: null });
    const notices: string[] = [];
    const { store, id, token } = await renderAdmin([empty, b], { onNotify: (_k, m) => notices.push(m) });
    // Another admin deletes it first: this client's delete is refused (404) and its guess undone.
    expect((await server.call('DELETE', `structure/block/${id('e')}`, { token })).status).toBe(200);
    await user.click(within(bar('Empty')).getByRole('button', { name: 'Delete block' }));
    await waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toMatch(/could not be deleted|does not exist/);
    expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('e'), id('b')]);
    expect(store.get(blockAtom(id('e')))).toMatchObject({ id: id('e'), name: 'Empty' });
    expect(document.querySelector(`[data-block-id="${id('e')}"]`)).not.toBeNull();
  });

  it('deletes an empty block directly, and the revert notification times out after 30 s', async () => {
    const { calls } = await renderAdmin([empty, b]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await user.click(within(bar('Empty')).getByRole('button', { name: 'Delete block' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await screen.findByText('Block “Empty” deleted.')).toBeInTheDocument();
    expect(calls.some((x) => x.method === 'deleteBlock')).toBe(true);
    // The notification's time-out starts in an effect: let React run it before the clock moves.
    await act(async () => {});
    act(() => void vi.advanceTimersByTime(REVERT_NOTIFICATION_TIMEOUT_MS - 1000));
    expect(screen.getByText('Block “Empty” deleted.')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1500));
    expect(screen.queryByText('Block “Empty” deleted.')).toBeNull();
  });
});

describe('the side panel keeps a draft', () => {
  const note: Block = { id: 'n', type: 'callout', name: 'Note', options: { tone: 'info', title: 'Hello', body: 'Body text' } };
  const onPage = (id: string) => within(document.querySelector<HTMLElement>(`[data-block-id="${id}"]`)!);

  it('selecting another block keeps the unsaved edit (preview and panel); Escape goes back to the block; Discard puts it back; nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, store, id } = await renderAdmin([note, a]);
    await user.click(await blockMenuItem(user, bar('Note'), 'Edit block'));
    let panel = await screen.findByRole('complementary', { name: 'Block settings' });
    const title = await within(panel).findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Draft title');
    expect(onPage(id('n')).getByText('Draft title')).toBeInTheDocument();

    // Another block selected: the draft stays on the page and in the panel when Note comes back.
    await user.click(await blockMenuItem(user, bar('Alpha'), 'Edit block'));
    panel = await screen.findByRole('complementary', { name: 'Block settings' });
    expect(within(panel).getByRole('heading', { name: 'Alpha' })).toBeInTheDocument();
    expect(onPage(id('n')).getByText('Draft title')).toBeInTheDocument();
    await user.click(await blockMenuItem(user, bar('Note'), 'Edit block'));
    panel = await screen.findByRole('complementary', { name: 'Block settings' });
    expect(within(panel).getByRole('status')).toHaveTextContent('Unsaved changes');
    expect(await within(panel).findByLabelText('Title')).toHaveValue('Draft title');

    // Escape in the panel: back to the block's name tag (the sheet closes below the medium breakpoint); the draft stays.
    await user.click(within(panel).getByLabelText('Title'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Select Note' })).toHaveFocus());
    expect(screen.getByRole('toolbar', { name: 'Block controls for Note' })).toBeInTheDocument();
    expect(onPage(id('n')).getByText('Draft title')).toBeInTheDocument();

    await user.click(await blockMenuItem(user, bar('Note'), 'Edit block'));
    panel = await screen.findByRole('complementary', { name: 'Block settings' });
    await user.click(within(panel).getByRole('button', { name: 'Discard changes' }));
    expect(onPage(id('n')).getByText('Hello')).toBeInTheDocument();
    expect(within(panel).queryByRole('status')).toBeNull();
    expect(await within(panel).findByLabelText('Title')).toHaveValue('Hello');
    expect(store.get(blockAtom(id('n')))?.options?.title).toBe('Hello');
    expect(calls.some((x) => x.method === 'updateBlock')).toBe(false);
  });
});

describe('blockPlaceLabel', () => {
  const registry = { blocks: { plainText: { title: 'Plain text' }, callout: { title: 'Callout' } } } as unknown as RuntimeRegistryData;
  it('tells unnamed blocks of one type apart by the start of their words, as plain text', () => {
    expect(blockPlaceLabel({ type: 'plainText', options: { text: '<p>Opening <b>hours</b></p>' } }, registry)).toBe('Plain text: Opening hours');
    expect(blockPlaceLabel({ type: 'callout', options: { title: '', tone: 'info' } }, registry)).toBe('Callout');
    expect(blockPlaceLabel({ type: 'plainText', options: { text: 'a'.repeat(60) } }, registry)).toBe(`Plain text: ${'a'.repeat(40)}…`);
    expect(blockPlaceLabel({ type: 'plainText', name: 'Notes', options: { text: 'hello' } }, registry)).toBe('Notes');
  });
});
