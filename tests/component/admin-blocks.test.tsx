import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DRAG_TYPE } from '../../admin/blocks/move';
import { blockAtom, pageAtom, REVERT_NOTIFICATION_TIMEOUT_MS } from '../../engine';
import type { Block } from '../../schemas/model';
import { findFocusedDialog, seriousAxeViolations } from '../helpers/admin-render';
import { renderAdminOnServer, requestAs, startAdminServer, type ApiServer } from '../helpers/admin-server';

const a: Block = { id: 'a', type: 'plainText', name: 'Alpha', options: { text: 'A' } };
const b: Block = { id: 'b', type: 'plainText', name: 'Bravo', options: { text: 'B' } };
const c: Block = { id: 'c', type: 'plainText', name: 'Charlie', options: { text: 'C' } };
/** A block with no options and no children: deleted without asking. */
const empty: Block = { id: 'e', type: 'dismissible', name: 'Empty' };
const cols: Block = { id: 'cols', type: 'columns', name: 'Grid', columns: [6, 6], children: ['c'], positions: { 'col-0': ['c'], 'col-1': [] } };

function dataTransfer() {
  const data = new Map<string, string>();
  return { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', effectAllowed: 'move', dropEffect: 'move' };
}

/** A block's toolbar: shown once the block is selected (its name tag is the select button). */
function bar(name: string): HTMLElement {
  const shown = screen.queryByRole('toolbar', { name: `Block controls for ${name}` });
  if (shown) return shown;
  fireEvent.click(screen.getByRole('button', { name: `Select ${name}` }));
  return screen.getByRole('toolbar', { name: `Block controls for ${name}` });
}
/** A block's edit-mode chrome (name tag, drop target), there whether or not it is selected. */
const chrome = (name: string) => screen.getByRole('button', { name: `Select ${name}` }).closest<HTMLElement>('[data-admin-chrome]')!;

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

describe('new block picker', () => {
  it('lists addable types by category with search, shows required power-ups, keeps planned types disabled and removed ones out', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAdmin([]);
    await user.click(screen.getByRole('button', { name: 'New block' }));
    const dialog = await screen.findByRole('dialog', { name: 'New block' });
    const { default: registry } = await import('../../registry/generated/registry.json');
    const entries = Object.values(registry.blocks) as { title: string; status: string; category: string; powerUps: { required: string[] } }[];
    // The registry has removed, planned and power-up types (the catalogue test pins them); each is checked here.
    const removed = entries.find((e) => e.status === 'removed')!;
    const planned = entries.find((e) => e.status === 'planned')!;
    const needing = entries.find((e) => e.powerUps.required.length > 0 && e.status !== 'removed')!;
    expect([removed, planned, needing].every(Boolean)).toBe(true);
    expect(within(dialog).queryByRole('button', { name: removed.title })).toBeNull();
    expect(within(dialog).getByRole('button', { name: planned.title })).toBeDisabled();
    expect(within(dialog).getAllByText(new RegExp(`Requires: ${needing.powerUps.required.join(', ')}`)).length).toBeGreaterThan(0);

    await user.selectOptions(within(dialog).getByLabelText('Category'), 'structure');
    expect(within(dialog).queryByRole('button', { name: 'Plain text' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Columns' })).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Category'), '');
    await user.type(within(dialog).getByLabelText('Search block types'), 'plain');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    await user.clear(within(dialog).getByLabelText('Search block types'));
    await user.type(within(dialog).getByLabelText('Search block types'), 'zzzz');
    expect(within(dialog).getByRole('status')).toHaveTextContent('No block type matches “zzzz”.');
    expect(await seriousAxeViolations()).toEqual([]);
  }, 30_000);

  it('adds a plainText block with its defaults through the new block info, by keyboard, and the other client sees it', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, store, member, id } = await renderAdmin([a]);
    const add = screen.getByRole('button', { name: 'New block' });
    add.focus();
    await user.keyboard('{Enter}');
    const dialog = await findFocusedDialog('New block');
    await user.keyboard('Plain text');
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Plain text' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const info = await screen.findByRole('dialog', { name: 'New block info' });
    expect(within(info).getByText(/"align":"start"/)).toBeInTheDocument();
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(info).getByRole('button', { name: 'Add block' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = calls.find((x) => x.method === 'addBlock')!.args[0] as {
      parentType: string;
      parentId: string;
      colIndex: number;
      index: number;
      defaults: boolean;
      block: Block;
    };
    expect(call).toMatchObject({
      parentType: 'page',
      parentId: id('p1'),
      colIndex: 0,
      index: 1,
      defaults: true,
      block: { options: { text: '', align: 'start' } },
    });
    const page = store.get(pageAtom(id('p1')))!;
    expect(page.children).toHaveLength(2);
    const added = store.get(blockAtom(page.children![1]))!;
    expect(added).toMatchObject({ type: 'plainText', options: { text: '', align: 'start' } });
    await waitFor(() => expect(member.get(pageAtom(id('p1')))?.children).toEqual(page.children));
    expect(document.querySelector(`[data-block-id="${added.id}"]`)).not.toBeNull();
  });

  it('places an existing block from the existing block picker (it leaves its old place, as on the server)', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, store, id } = await renderAdmin([a, b]);
    await user.click(screen.getByRole('button', { name: 'Existing block' }));
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
    expect(screen.queryByRole('button', { name: 'New block' })).toBeNull();
    rerender(view(true));
    // Chrome is the name tag; the toolbar comes with selection.
    expect(screen.queryByRole('toolbar', { name: 'Block controls for Alpha' })).toBeNull();
    expect(bar('Alpha')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New block' })).toBeInTheDocument();
  });
});

describe('moving blocks', () => {
  it('moves a block by keyboard within a column and into another column of another parent, announcing each step', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, store, member, reload, id } = await renderAdmin([a, b, cols, c]);
    const handle = within(bar('Alpha')).getByRole('button', { name: 'Move block' });
    handle.focus();
    await user.keyboard(' ');
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Picked up Alpha/)).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    // Slots: before a, before b, before cols → "before cols" is the target.
    expect(screen.getByText('Alpha: position 3 of 4 in column 1 of the page.')).toBeInTheDocument();
    expect(within(chrome('Grid')).getByText('Drop here, before Grid')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('b'), id('a'), id('cols')]));
    expect(await screen.findByText(/Alpha dropped at position 2 in column 1 of the page/)).toBeInTheDocument();

    // Into the second (empty) column of the columns block: down to the grid's first column, then right.
    handle.focus();
    await user.keyboard(' {ArrowDown}{ArrowDown}{ArrowRight}');
    expect(screen.getByText('Alpha: position 1 of 1 in column 2 of Grid.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(store.get(blockAtom(id('cols')))?.positions).toEqual({ 'col-0': [id('c')], 'col-1': [id('a')] }));
    // Focus follows the block to its new parent.
    await waitFor(() => expect(within(bar('Alpha')).getByRole('button', { name: 'Move block' })).toHaveFocus());
    expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('b'), id('cols')]);
    await waitFor(() => expect(member.get(blockAtom(id('cols')))?.positions?.['col-1']).toEqual([id('a')]));
    expect((await reload()).get(pageAtom(id('p1')))?.children).toEqual([id('b'), id('cols')]);
    expect(calls.filter((x) => x.method === 'moveBlocks')).toHaveLength(2);
  });

  it('cancels a keyboard move with Escape and sends nothing for a drop where the block already is', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = await renderAdmin([a, b]);
    const handle = within(bar('Alpha')).getByRole('button', { name: 'Move block' });
    handle.focus();
    await user.keyboard(' {ArrowDown}{ArrowDown}{Escape}');
    expect(handle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Move of Alpha cancelled.')).toBeInTheDocument();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(screen.getByText('Alpha is already there.')).toBeInTheDocument();
    expect(calls.some((x) => x.method === 'moveBlocks')).toBe(false);
  });

  it('moves a block by pointer drag and drop onto another block and onto a column end', async () => {
    const { store, id } = await renderAdmin([a, b, cols, c]);
    const dt = dataTransfer();
    fireEvent.dragStart(within(bar('Bravo')).getByRole('button', { name: 'Move block' }), { dataTransfer: dt });
    fireEvent.dragOver(chrome('Alpha'), { dataTransfer: dt });
    fireEvent.drop(chrome('Alpha'), { dataTransfer: dt });
    await waitFor(() => expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('b'), id('a'), id('cols')]));

    const dt2 = dataTransfer();
    dt2.setData(DRAG_TYPE, id('b'));
    fireEvent.dragStart(within(bar('Bravo')).getByRole('button', { name: 'Move block' }), { dataTransfer: dt2 });
    // The grid's second column is empty: its add bar is the drop target at its end.
    const slot = document.querySelector(`[data-slot="block:${id('cols')}:1"]`)!;
    fireEvent.dragOver(slot, { dataTransfer: dt2 });
    fireEvent.drop(slot, { dataTransfer: dt2 });
    await waitFor(() => expect(store.get(blockAtom(id('cols')))?.positions?.['col-1']).toEqual([id('b')]));
  });

  it("shows 'Error submitting move request' when the server refuses a move", async () => {
    const user = userEvent.setup({ delay: null });
    const { store, id, token } = await renderAdmin([a, b]);
    // Another admin deletes Alpha meanwhile: the server refuses to move it, and the guess is undone.
    expect((await server.call('DELETE', `structure/block/${id('a')}`, { token })).status).toBe(200);
    within(bar('Alpha')).getByRole('button', { name: 'Move block' }).focus();
    await user.keyboard(' {ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByText('Error submitting move request')).toBeInTheDocument();
    expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('a'), id('b')]);
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
