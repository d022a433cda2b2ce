import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAG_TYPE } from '../../admin/blocks/move';
import { blockAtom, pageAtom, REVERT_NOTIFICATION_TIMEOUT_MS } from '../../engine';
import type { Block } from '../../schemas/model';
import { findFocusedDialog, renderAdmin, seriousAxeViolations } from '../helpers/admin-render';

const a: Block = { id: 'a', type: 'plainText', name: 'Alpha', options: { text: 'A' } };
const b: Block = { id: 'b', type: 'plainText', name: 'Bravo', options: { text: 'B' } };
const c: Block = { id: 'c', type: 'plainText', name: 'Charlie', options: { text: 'C' } };
const cols: Block = { id: 'cols', type: 'columns', name: 'Grid', columns: [6, 6], children: ['c'], positions: { 'col-0': ['c'], 'col-1': [] } };

function dataTransfer() {
  const data = new Map<string, string>();
  return { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', effectAllowed: 'move', dropEffect: 'move' };
}

const bar = (name: string) => screen.getByRole('toolbar', { name: `Block controls for ${name}` });

afterEach(() => vi.useRealTimers());

describe('new block picker', () => {
  it('lists addable types by category with search, shows required power-ups, keeps planned types disabled and removed ones out', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin({ blocks: [] });
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
    const { api, store, member } = renderAdmin({ blocks: [a] });
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
    const call = api.calls.find((x) => x.method === 'addBlock')!.args[0] as {
      parentType: string;
      parentId: string;
      colIndex: number;
      index: number;
      defaults: boolean;
      block: Block;
    };
    expect(call).toMatchObject({ parentType: 'page', parentId: 'p1', colIndex: 0, index: 1, defaults: true, block: { options: { text: '', align: 'start' } } });
    const page = store.get(pageAtom('p1'))!;
    expect(page.children).toHaveLength(2);
    const added = store.get(blockAtom(page.children![1]))!;
    expect(added).toMatchObject({ type: 'plainText', options: { text: '', align: 'start' } });
    expect(member.get(pageAtom('p1'))?.children).toEqual(page.children);
    expect(document.querySelector(`[data-block-id="${added.id}"]`)).not.toBeNull();
  });

  it('places an existing block from the existing block picker (it leaves its old place, as on the server)', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store } = renderAdmin({ blocks: [a, b] });
    await user.click(screen.getByRole('button', { name: 'Existing block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Existing block picker' });
    await user.type(within(dialog).getByLabelText('Search blocks by name or type'), 'alpha');
    const place = await within(dialog).findByRole('button', { name: 'Place here: Alpha' });
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(place);
    await waitFor(() => expect(store.get(pageAtom('p1'))?.children).toEqual(['b', 'a']));
    expect(api.calls.at(-1)).toMatchObject({ method: 'addChildren', args: ['page', 'p1', 0, 2, ['a']] });
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
    const { InMemoryAdminApi } = await import('../helpers/admin-api');
    const store = createStore();
    store.set(loadStructureAtom, { pages: [{ id: 'p1', slug: 'p', name: 'P', children: ['a'] }], blocks: [a] });
    const api = new InMemoryAdminApi({ modules: [], pages: [], blocks: [] }, fullRegistry);
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
    expect(screen.getByRole('toolbar', { name: 'Block controls for Alpha' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New block' })).toBeInTheDocument();
  });
});

describe('moving blocks', () => {
  it('moves a block by keyboard within a column and into another column of another parent, announcing each step', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store, member, reload } = renderAdmin({ blocks: [a, b, cols, c] });
    const handle = within(bar('Alpha')).getByRole('button', { name: 'Drag to move Alpha' });
    handle.focus();
    await user.keyboard(' ');
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/Picked up Alpha/)).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    // Slots: before a, before b, before cols → "before cols" is the target.
    expect(screen.getByText('Alpha: position 3 of 4 in column 1 of the page.')).toBeInTheDocument();
    expect(within(bar('Grid')).getByText('Drop here, before Grid')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(store.get(pageAtom('p1'))?.children).toEqual(['b', 'a', 'cols']));
    expect(screen.getByText(/Alpha dropped at position 2 in column 1 of the page/)).toBeInTheDocument();

    // Into the second (empty) column of the columns block: down to the grid's first column, then right.
    handle.focus();
    await user.keyboard(' {ArrowDown}{ArrowDown}{ArrowRight}');
    expect(screen.getByText('Alpha: position 1 of 1 in column 2 of Grid.')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(store.get(blockAtom('cols'))?.positions).toEqual({ 'col-0': ['c'], 'col-1': ['a'] }));
    // Focus follows the block to its new parent.
    await waitFor(() => expect(within(bar('Alpha')).getByRole('button', { name: 'Drag to move Alpha' })).toHaveFocus());
    expect(store.get(pageAtom('p1'))?.children).toEqual(['b', 'cols']);
    expect(member.get(blockAtom('cols'))?.positions?.['col-1']).toEqual(['a']);
    expect(reload().get(pageAtom('p1'))?.children).toEqual(['b', 'cols']);
    expect(api.calls.filter((x) => x.method === 'moveBlocks')).toHaveLength(2);
  });

  it('cancels a keyboard move with Escape and sends nothing for a drop where the block already is', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderAdmin({ blocks: [a, b] });
    const handle = within(bar('Alpha')).getByRole('button', { name: 'Drag to move Alpha' });
    handle.focus();
    await user.keyboard(' {ArrowDown}{ArrowDown}{Escape}');
    expect(handle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Move of Alpha cancelled.')).toBeInTheDocument();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(screen.getByText('Alpha is already there.')).toBeInTheDocument();
    expect(api.calls.some((x) => x.method === 'moveBlocks')).toBe(false);
  });

  it('moves a block by pointer drag and drop onto another block and onto a column end', async () => {
    const { store } = renderAdmin({ blocks: [a, b, cols, c] });
    const dt = dataTransfer();
    fireEvent.dragStart(within(bar('Bravo')).getByRole('button', { name: 'Drag to move Bravo' }), { dataTransfer: dt });
    fireEvent.dragOver(bar('Alpha'), { dataTransfer: dt });
    fireEvent.drop(bar('Alpha'), { dataTransfer: dt });
    await waitFor(() => expect(store.get(pageAtom('p1'))?.children).toEqual(['b', 'a', 'cols']));

    const dt2 = dataTransfer();
    dt2.setData(DRAG_TYPE, 'b');
    fireEvent.dragStart(within(bar('Bravo')).getByRole('button', { name: 'Drag to move Bravo' }), { dataTransfer: dt2 });
    const slot = document.querySelector('[data-slot="block:cols:0"]')!;
    fireEvent.dragOver(slot, { dataTransfer: dt2 });
    fireEvent.drop(slot, { dataTransfer: dt2 });
    await waitFor(() => expect(store.get(blockAtom('cols'))?.positions?.['col-0']).toEqual(['c', 'b']));
  });

  it("shows 'Error submitting move request' when the server refuses a move", async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store } = renderAdmin({ blocks: [a, b] });
    api.failNext('moveBlocks', { error: 'forbidden', message: 'no' });
    within(bar('Alpha')).getByRole('button', { name: 'Drag to move Alpha' }).focus();
    await user.keyboard(' {ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByText('Error submitting move request')).toBeInTheDocument();
    expect(store.get(pageAtom('p1'))?.children).toEqual(['a', 'b']);
  });
});

describe('delete and revert', () => {
  it('asks with the confirmation popover, removes the block, then Revert (confirmed) brings the block back everywhere', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store, member } = renderAdmin({ blocks: [a, b] });
    await user.click(within(bar('Alpha')).getByRole('button', { name: 'Delete block' }));
    const pop = await screen.findByRole('alertdialog', { name: 'Delete this block?' });
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(pop).getByRole('button', { name: 'Keep it' }));
    expect(api.calls.some((x) => x.method === 'deleteBlock')).toBe(false);

    await user.click(within(bar('Alpha')).getByRole('button', { name: 'Delete block' }));
    const release = api.hold('deleteBlock');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    // Optimistic: the remove action takes the block off the page before the server answers.
    await waitFor(() => expect(document.querySelector('[data-block-id="a"]')).toBeNull());
    expect(store.get(pageAtom('p1'))?.children).toEqual(['b']);
    release();
    expect(await screen.findByText('Block “Alpha” deleted.')).toBeInTheDocument();
    expect(api.calls.find((x) => x.method === 'deleteBlock')?.args).toEqual(['a', 'page', 'p1', 0, 0]);
    // As on the server: the block leaves its page and its atom is cleared, here and for the other client.
    expect(store.get(blockAtom('a'))).toBeUndefined();
    expect(member.get(blockAtom('a'))).toBeUndefined();
    expect(member.get(pageAtom('p1'))?.children).toEqual(['b']);
    expect(document.querySelector('[data-block-id="a"]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Revert' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revert the deletion?' });
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(store.get(blockAtom('a'))).toMatchObject({ id: 'a', options: { text: 'A' } }));
    expect(store.get(blockAtom('a'))?.wasDeleted).toBeUndefined();
    expect(member.get(blockAtom('a'))?.wasDeleted).toBeUndefined();
    expect(member.get(pageAtom('p1'))?.children).toEqual(['a', 'b']);
    expect(screen.queryByText('Block “Alpha” deleted.')).toBeNull();
    expect(document.querySelector('[data-block-id="a"]')).not.toBeNull();
  }, 30_000);

  it('puts a block back where it was when the server refuses its deletion (the remove action undone by its inverse)', async () => {
    const user = userEvent.setup({ delay: null });
    const notices: string[] = [];
    const { api, store } = renderAdmin({ blocks: [{ id: 'e', type: 'plainText', name: 'Empty' }, b] }, { onNotify: (_k, m) => notices.push(m) });
    api.failNext('deleteBlock', { error: 'forbidden', message: 'not yours' });
    await user.click(within(bar('Empty')).getByRole('button', { name: 'Delete block' }));
    await waitFor(() => expect(notices.some((n) => n.includes('not yours'))).toBe(true));
    expect(store.get(pageAtom('p1'))?.children).toEqual(['e', 'b']);
    expect(store.get(blockAtom('e'))).toMatchObject({ id: 'e', name: 'Empty' });
    expect(document.querySelector('[data-block-id="e"]')).not.toBeNull();
  });

  it('deletes an empty block directly, and the revert notification times out after 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    const { api } = renderAdmin({ blocks: [{ id: 'e', type: 'plainText', name: 'Empty' }, b] });
    await user.click(within(bar('Empty')).getByRole('button', { name: 'Delete block' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await screen.findByText('Block “Empty” deleted.')).toBeInTheDocument();
    expect(api.calls.some((x) => x.method === 'deleteBlock')).toBe(true);
    act(() => void vi.advanceTimersByTime(REVERT_NOTIFICATION_TIMEOUT_MS - 1000));
    expect(screen.getByText('Block “Empty” deleted.')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1500));
    expect(screen.queryByText('Block “Empty” deleted.')).toBeNull();
  });
});
