/** Typing into a contenteditable="plaintext-only" element (user-event types only into "true" ones; Chromium types for real in tests/e2e/composer-text.test.ts). */
function typeInto(el: HTMLElement, text: string) {
  el.textContent = text;
  fireEvent.input(el);
}

/** Block texts edited in place on the real in-process server: the side panel follows, Enter saves one undo step, Escape cancels. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminBar } from '../../admin';
import Callout from '../../blocks/callout';
import { historyAtom } from '../../admin/editor/history';
import { blockAtom } from '../../engine';
import type { Block } from '../../schemas/model';
import { seriousAxeViolations } from '../helpers/admin-render';
import { renderAdminOnServer, startAdminServer, type ApiServer } from '../helpers/admin-server';

const note: Block = { id: 'n', type: 'callout', name: 'Note', options: { tone: 'info', title: 'Hello', body: 'Body text' } };
const text: Block = { id: 'pt', type: 'plainText', name: 'Words', options: { text: 'Plain <b>words</b>' } };
const join: Block = { id: 'ab', type: 'actionButton', name: 'Join', options: { label: 'Join us', action: 'route', path: '/join', variant: 'primary' } };

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
  const view = await renderAdminOnServer(server, { blocks: [note, text, join] }, { extra: <AdminBar /> });
  open.push(view);
  return view;
}

describe('inline text', { timeout: 60_000 }, () => {
  it('types a callout title in place: the side panel follows, Enter saves one undoable edit, undo puts it back on the server', async () => {
    const user = userEvent.setup({ delay: null });
    const { id, store, calls, reload } = await scene();
    await user.click(screen.getByRole('button', { name: 'Select Note' }));
    act(() => screen.getByRole('button', { name: 'Settings' }).click());
    const panel = await screen.findByRole('complementary', { name: 'Block settings' });
    const title = await screen.findByRole('textbox', { name: /^Title of “Note”/ });
    expect(title).toHaveTextContent('Hello');
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(title);
    expect(title).toHaveFocus();
    typeInto(title, 'Hello there');
    expect(store.get(blockAtom(id('n')))?.options?.title).toBe('Hello there');
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: /^Title/ })).toHaveValue('Hello there'));
    expect(calls.filter((c) => c.method === 'updateBlock')).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'updateBlock')).toHaveLength(1));
    await waitFor(() => expect(store.get(historyAtom).undo.at(-1)?.label).toBe('Edit “Note”'));
    expect((await reload()).get(blockAtom(id('n')))?.options?.title).toBe('Hello there');
    await user.click(screen.getByRole('button', { name: /Undo/ }));
    await waitFor(async () => expect((await reload()).get(blockAtom(id('n')))?.options?.title).toBe('Hello'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Title of “Note”/ })).toHaveTextContent(/^Hello$/));
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: /^Title/ })).toHaveValue('Hello'));
  });

  it('types a button label in place: drawn, not followed; the side panel follows; Enter saves one undoable edit', async () => {
    const user = userEvent.setup({ delay: null });
    const { id, store, calls, reload } = await scene();
    await user.click(screen.getByRole('button', { name: 'Select Join' }));
    act(() => screen.getByRole('button', { name: 'Settings' }).click());
    const panel = await screen.findByRole('complementary', { name: 'Block settings' });
    const label = await screen.findByRole('textbox', { name: /^Label of “Join”/ });
    expect(label).toHaveTextContent(/^Join us$/);
    // The look-alike is no link: a textbox inside a link would be nested interactive content.
    expect(label.closest('a, button')).toBeNull();
    expect(label.parentElement).toHaveClass('t-action-button');
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(label);
    typeInto(label, 'Join the club');
    expect(store.get(blockAtom(id('ab')))?.options?.label).toBe('Join the club');
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: /^Label/ })).toHaveValue('Join the club'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'updateBlock')).toHaveLength(1));
    await waitFor(() => expect(store.get(historyAtom).undo.at(-1)?.label).toBe('Edit “Join”'));
    expect((await reload()).get(blockAtom(id('ab')))?.options?.label).toBe('Join the club');
    await user.click(screen.getByRole('button', { name: /Undo/ }));
    await waitFor(async () => expect((await reload()).get(blockAtom(id('ab')))?.options?.label).toBe('Join us'));
  });

  it('Escape cancels and sends nothing; plain text stays plain text', async () => {
    const user = userEvent.setup({ delay: null });
    const { id, store, calls } = await scene();
    const body = await screen.findByRole('textbox', { name: /^Text of “Words”/ });
    expect(body).toHaveTextContent('Plain <b>words</b>');
    expect(body.querySelector('b')).toBeNull();
    await user.click(body);
    typeInto(body, 'Plain <b>words</b>!');
    expect(store.get(blockAtom(id('pt')))?.options?.text).toBe('Plain <b>words</b>!');
    await user.keyboard('{Escape}');
    expect(store.get(blockAtom(id('pt')))?.options?.text).toBe('Plain <b>words</b>');
    expect(body).toHaveTextContent(/^Plain <b>words<\/b>$/);
    expect(calls.filter((c) => c.method === 'updateBlock')).toHaveLength(0);
  });

  it('a callout without a title offers an empty title to type into; members see no title until it has one', async () => {
    const user = userEvent.setup({ delay: null });
    const untitled: Block = { id: 'u', type: 'callout', options: { tone: 'info', body: 'Something worth knowing.' } };
    const view = await renderAdminOnServer(server, { blocks: [untitled] }, { extra: <AdminBar /> });
    open.push(view);
    const { id, calls, reload } = view;
    const title = await screen.findByRole('textbox', { name: /^Title of “Callout”/ });
    expect(title).toHaveTextContent(/^$/);
    // The field's name shows where to type (drawn by admin.css from this attribute).
    expect(title).toHaveAttribute('data-placeholder', 'Title');
    await user.click(title);
    typeInto(title, 'Rota swap');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'updateBlock')).toHaveLength(1));
    expect((await reload()).get(blockAtom(id('u')))?.options?.title).toBe('Rota swap');
    expect(await seriousAxeViolations()).toEqual([]);
  });
});

describe('optional texts for members', () => {
  it('a callout without a title draws no title element outside edit mode', () => {
    const { container } = render(<Callout block={{ id: 'u', type: 'callout' }} options={{ tone: 'info', body: 'Body' }} />);
    expect(container.querySelector('.t-callout__title')).toBeNull();
    expect(container.querySelector('aside')?.getAttribute('aria-labelledby')).toBeNull();
    expect(container).toHaveTextContent(/^Body$/);
  });
});
