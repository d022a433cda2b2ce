import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminBar, capturedBadgeText, capturedBlocksAtom } from '../../admin';
import { historyAtom } from '../../admin/editor/history';
import { blockAtom, pageAtom } from '../../engine';
import type { Block } from '../../schemas/model';
import { blockMenuItem, seriousAxeViolations } from '../helpers/admin-render';
import { renderAdminOnServer, startAdminServer, type ApiServer } from '../helpers/admin-server';

const a: Block = { id: 'a', type: 'plainText', name: 'Alpha', options: { text: 'A' } };
const box: Block = { id: 'box', type: 'container', name: 'Box', children: ['inner'] };
const inner: Block = { id: 'inner', type: 'plainText', name: 'Inner', options: { text: 'I' } };
const target: Block = { id: 't', type: 'columns', name: 'Target', columns: [12], children: [], positions: { 'col-0': [] } };

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
afterEach(() => open.splice(0).forEach((o) => o.close()));
afterAll(async () => {
  await server?.close();
});

async function scene(options: Parameters<typeof renderAdminOnServer>[2] = {}) {
  const view = await renderAdminOnServer(server, { blocks: [a, box, inner, target] }, options);
  open.push(view);
  return view;
}

async function captureAndOpen(user: ReturnType<typeof userEvent.setup>, id: (local: string) => string) {
  await user.click(await blockMenuItem(user, bar('Alpha'), 'Capture block', 'menuitemcheckbox'));
  await user.click(await blockMenuItem(user, bar('Box'), 'Capture block', 'menuitemcheckbox'));
  expect(await blockMenuItem(user, bar('Alpha'), 'Captured', 'menuitemcheckbox')).toHaveAttribute('aria-checked', 'true');
  await user.keyboard('{Escape}');
  const slot = document.querySelector<HTMLElement>(`[data-slot="block:${id('t')}:0"]`)!;
  await user.click(within(slot).getByRole('button', { name: /Paste captured blocks here/ }));
  return screen.findByRole('dialog', { name: 'Paste captured blocks' });
}

describe('captured blocks dialog on the real server', { timeout: 60_000 }, () => {
  it('lists the captured blocks with type badges and a children note, the target, tooltips, a 450 px list, and passes axe', async () => {
    const user = userEvent.setup({ delay: null });
    const { id } = await scene();
    const dialog = await captureAndOpen(user, id);
    const list = within(dialog).getByRole('list', { name: 'Captured blocks' });
    expect(list.style.maxHeight).toBe('450px');
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Alpha');
    expect(items[0]).toHaveTextContent('plainText');
    expect(items[1]).toHaveTextContent('Has child blocks');
    expect(within(dialog).getByText('Block “Target”, column 1, position 1')).toBeInTheDocument();
    const move = within(dialog).getByRole('button', { name: 'Move' });
    expect(move).toHaveAccessibleDescription('Take the blocks away from where they are and put them here.');
    expect(within(dialog).getByRole('button', { name: 'Clone' })).toHaveAccessibleDescription(/independent duplicates/);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toHaveAccessibleDescription(/new ids/);
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('moves: the chosen button shows loading, cancel is disabled while pasting, then the dialog closes and the blocks are at the target', async () => {
    const user = userEvent.setup({ delay: null });
    const { id, hold, store, member, reload } = await scene();
    const dialog = await captureAndOpen(user, id);
    const release = hold('moveBlocks');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByRole('button', { name: 'Loading…' })).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Clone' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.get(blockAtom(id('t')))?.positions?.['col-0']).toEqual([id('a'), id('box')]);
    expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('t')]);
    await waitFor(() => expect(member.get(blockAtom(id('t')))?.children).toEqual([id('a'), id('box')]));
    expect((await reload()).get(blockAtom(id('t')))?.children).toEqual([id('a'), id('box')]);
    expect(store.get(capturedBlocksAtom)).toEqual([]);
  });

  it('clones deep copies with new ids and leaves the originals', async () => {
    const user = userEvent.setup({ delay: null });
    const { id, store, reload } = await scene();
    const dialog = await captureAndOpen(user, id);
    await user.click(within(dialog).getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const pasted = store.get(blockAtom(id('t')))!.positions!['col-0'];
    expect(pasted).toHaveLength(2);
    expect(pasted).not.toContain(id('a'));
    expect(pasted.some((p) => p.startsWith('pending-'))).toBe(false);
    const boxCopy = store.get(blockAtom(pasted[1]))!;
    expect(boxCopy.type).toBe('container');
    expect(boxCopy.children?.[0]).not.toBe(id('inner'));
    expect(store.get(blockAtom(boxCopy.children![0]))?.options?.text).toBe('I');
    expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('a'), id('box'), id('t')]);
    expect((await reload()).get(blockAtom(id('t')))?.positions?.['col-0']).toEqual(pasted);
  });

  it('copies with new ids, deep, in one request and one undo step; the originals stay', async () => {
    const user = userEvent.setup({ delay: null });
    const { id, store, calls, reload } = await scene();
    const dialog = await captureAndOpen(user, id);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'pasteBlocks')).toHaveLength(1);
    expect(calls.some((c) => c.method === 'addChildren' || c.method === 'moveBlocks')).toBe(false);
    const pasted = store.get(blockAtom(id('t')))!.positions!['col-0'];
    expect(pasted).toHaveLength(2);
    expect(pasted).not.toContain(id('a'));
    expect(pasted).not.toContain(id('box'));
    const boxCopy = store.get(blockAtom(pasted[1]))!;
    expect(boxCopy.children?.[0]).not.toBe(id('inner'));
    expect(store.get(blockAtom(boxCopy.children![0]))?.options?.text).toBe('I');
    expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('a'), id('box'), id('t')]);
    expect(store.get(historyAtom).undo.at(-1)?.label).toBe('Paste “Alpha”');
    expect((await reload()).get(blockAtom(id('t')))?.positions?.['col-0']).toEqual(pasted);
  });

  it('shows capturedBlocks.modal.blockCloneError when the server refuses the paste, and noParentFound when the target is gone; both close the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    const notices: string[] = [];
    const { id, store, calls, token } = await scene({ onNotify: (_k, m) => notices.push(m) });
    let dialog = await captureAndOpen(user, id);
    // Another admin deletes the captured Box meanwhile: the server refuses to clone it.
    expect((await server.call('DELETE', `structure/block/${id('box')}`, { token })).status).toBe(200);
    await user.click(within(dialog).getByRole('button', { name: 'Clone' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notices).toContain('The captured blocks could not be pasted. Nothing was changed.');
    // The guess was undone: nothing pasted.
    expect(store.get(blockAtom(id('t')))?.children).toEqual([]);

    const slot = document.querySelector<HTMLElement>(`[data-slot="block:${id('t')}:0"]`)!;
    await user.click(within(slot).getByRole('button', { name: /Paste captured blocks here/ }));
    dialog = await screen.findByRole('dialog', { name: 'Paste captured blocks' });
    store.set(blockAtom(id('t')), undefined);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notices).toContain('The place to paste into no longer exists, so nothing was pasted.');
    expect(calls.some((c) => c.method === 'addChildren')).toBe(false);
  });

  it('shows 99+ in the badges from 100 captured blocks upward', async () => {
    expect(capturedBadgeText(99)).toBe('99');
    expect(capturedBadgeText(100)).toBe('99+');
    const { store } = await scene({ extra: <AdminBar /> });
    act(() =>
      store.set(
        capturedBlocksAtom,
        Array.from({ length: 99 }, (_, i) => ({ blockId: `x${i}`, pageId: 'p1' })),
      ),
    );
    expect(within(screen.getByRole('toolbar', { name: 'Admin bar' })).getByLabelText('99 captured blocks')).toHaveTextContent(/^99$/);
    act(() =>
      store.set(
        capturedBlocksAtom,
        Array.from({ length: 120 }, (_, i) => ({ blockId: `x${i}`, pageId: 'p1' })),
      ),
    );
    expect(within(screen.getByRole('toolbar', { name: 'Admin bar' })).getByLabelText('120 captured blocks')).toHaveTextContent('99+');
    expect(screen.getAllByRole('button', { name: /Paste captured blocks here/ })[0]).toHaveTextContent('99+');
  });
});
