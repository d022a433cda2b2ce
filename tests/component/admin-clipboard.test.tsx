/** Copy and paste of blocks on the real in-process server: deep copies with new ids, one request, one undo step. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminBar } from '../../admin';
import { clipboardAtom } from '../../admin/captured/clipboard';
import { historyAtom } from '../../admin/editor/history';
import { selectedBlockAtom } from '../../admin/editor/selection';
import { blockAtom, pageAtom } from '../../engine';
import type { Block } from '../../schemas/model';
import { blockMenuItem, seriousAxeViolations } from '../helpers/admin-render';
import { renderAdminOnServer, startAdminServer, type ApiServer } from '../helpers/admin-server';

const a: Block = { id: 'a', type: 'plainText', name: 'Alpha', options: { text: 'A' } };
const box: Block = { id: 'box', type: 'container', name: 'Box', children: ['inner'] };
const inner: Block = { id: 'inner', type: 'plainText', name: 'Inner', options: { text: 'I' } };
const target: Block = { id: 't', type: 'columns', name: 'Target', columns: [12], children: [], positions: { 'col-0': [] } };

let server: ApiServer;
const open: { close(): void }[] = [];
beforeAll(async () => {
  server = await startAdminServer();
}, 120_000);
afterEach(() => open.splice(0).forEach((o) => o.close()));
afterAll(async () => {
  await server?.close();
});

async function scene() {
  const view = await renderAdminOnServer(server, { blocks: [a, box, inner, target] }, { extra: <AdminBar /> });
  open.push(view);
  return view;
}
const toolbar = (name: string) => screen.getByRole('toolbar', { name: `Block controls for ${name}` });
async function historyButton(name: 'Undo' | 'Redo') {
  const button = screen.getByRole('button', { name: new RegExp(name) });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('copy and paste', { timeout: 60_000 }, () => {
  it('toolbar: Copy keeps the block, Paste puts a deep copy with new ids into the selected container in one request; undo and redo reach the server', async () => {
    const user = userEvent.setup({ delay: null });
    const { id, store, calls, reload } = await scene();
    await user.click(screen.getByRole('button', { name: 'Select Box' }));
    expect(await blockMenuItem(user, toolbar('Box'), 'Paste')).toBeDisabled();
    await user.click(within(toolbar('Box')).getByRole('button', { name: 'Copy' }));
    expect(store.get(clipboardAtom)?.roots).toEqual([id('box')]);
    await user.click(screen.getByRole('button', { name: 'Select Target' }));
    const paste = await blockMenuItem(user, toolbar('Target'), 'Paste');
    expect(paste).toBeEnabled();
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(paste);
    await waitFor(() => expect(calls.filter((c) => c.method === 'pasteBlocks')).toHaveLength(1));
    await waitFor(() => expect(store.get(historyAtom).undo.at(-1)?.label).toBe('Paste “Box”'));
    const [copy] = store.get(blockAtom(id('t')))!.positions!['col-0'];
    expect(copy).not.toBe(id('box'));
    expect(store.get(selectedBlockAtom)).toBe(copy);
    const innerCopy = store.get(blockAtom(copy))!.children![0];
    expect(innerCopy).not.toBe(id('inner'));
    expect(store.get(blockAtom(innerCopy))?.options?.text).toBe('I');
    // The original stays where it was; the server has the same.
    expect(store.get(pageAtom(id('p1')))?.children).toEqual([id('a'), id('box'), id('t')]);
    const fresh = await reload();
    expect(fresh.get(blockAtom(id('t')))?.children).toEqual([copy]);
    expect(fresh.get(blockAtom(copy))?.children).toEqual([innerCopy]);
    expect(fresh.get(blockAtom(id('box')))?.children).toEqual([id('inner')]);

    await user.click(await historyButton('Undo'));
    await waitFor(() => expect(store.get(blockAtom(id('t')))?.children).toEqual([]));
    expect((await reload()).get(blockAtom(id('t')))?.children).toEqual([]);
    await user.click(await historyButton('Redo'));
    await waitFor(async () => expect((await reload()).get(blockAtom(id('t')))?.children).toEqual([copy]));
  });

  it('keyboard: Ctrl+C on a selected block and Ctrl+V paste right after it; not while typing in a field', async () => {
    const user = userEvent.setup({ delay: null });
    const { id, store, calls } = await scene();
    await user.click(screen.getByRole('button', { name: 'Select Alpha' }));
    await user.keyboard('{Control>}c{/Control}');
    expect(store.get(clipboardAtom)?.roots).toEqual([id('a')]);
    await user.keyboard('{Control>}v{/Control}');
    await waitFor(() => expect(store.get(pageAtom(id('p1')))?.children).toHaveLength(4));
    const [first, copy] = store.get(pageAtom(id('p1')))!.children!;
    expect(first).toBe(id('a'));
    expect(copy).not.toBe(id('a'));
    expect(store.get(blockAtom(copy))?.options?.text).toBe('A');
    expect(calls.filter((c) => c.method === 'pasteBlocks')).toHaveLength(1);
    // In a text field Ctrl+V is the field's own.
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    await user.keyboard('{Control>}v{/Control}');
    expect(calls.filter((c) => c.method === 'pasteBlocks')).toHaveLength(1);
    input.remove();
  });

  it('a paste whose parent another admin deleted meanwhile says capturedBlocks.modal.noParentFound and changes nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const notices: string[] = [];
    const { id, store, token, reload } = await renderAdminOnServer(server, { blocks: [a, box, inner, target] }, { onNotify: (_k, m) => notices.push(m) }).then(
      (v) => {
        open.push(v);
        return v;
      },
    );
    await user.click(screen.getByRole('button', { name: 'Select Alpha' }));
    await user.click(within(toolbar('Alpha')).getByRole('button', { name: 'Copy' }));
    await user.click(screen.getByRole('button', { name: 'Select Target' }));
    const paste = await blockMenuItem(user, toolbar('Target'), 'Paste');
    expect((await server.call('DELETE', `structure/block/${id('t')}`, { token })).status).toBe(200);
    await user.click(paste);
    await waitFor(() => expect(notices).toContain('The place to paste into no longer exists, so nothing was pasted.'));
    // The optimistic copy was taken back, and the server holds none.
    expect(store.get(blockAtom(id('t')))?.children).toEqual([]);
    expect(store.get(historyAtom).undo).toEqual([]);
    expect((await reload()).get(pageAtom(id('p1')))?.children).toEqual([id('a'), id('box')]);
  });
});
