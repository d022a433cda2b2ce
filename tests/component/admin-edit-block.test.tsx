import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { blockAtom } from '../../engine';
import type { Block } from '../../schemas/model';
import { blockMenuItem, seriousAxeViolations } from '../helpers/admin-render';
import { renderAdminOnServer, startAdminServer, type ApiServer } from '../helpers/admin-server';

// Every wait is a round trip to the real server, which a loaded machine slows down.
configure({ asyncUtilTimeout: 10_000 });

const plain: Block = { id: 'b1', type: 'plainText', name: 'Intro', options: { text: 'Hello', align: 'start' } };

let server: ApiServer;
const open: { close(): void }[] = [];
beforeAll(async () => {
  server = await startAdminServer();
}, 120_000);
afterEach(() => open.splice(0).forEach((o) => o.close()));
afterAll(async () => {
  await server?.close();
});

async function renderAdmin(blocks: Block[]) {
  const view = await renderAdminOnServer(server, { blocks });
  open.push(view);
  return view;
}

/** The block as the server has it now. */
async function stored(token: string, id: string): Promise<Block> {
  const res = await server.call<Block>('GET', `structure/block/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** Selects the block and opens its settings in the composer's side panel, as the toolbar's Edit block does. */
async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  if (!screen.queryByRole('toolbar', { name: 'Block controls for Intro' })) await user.click(screen.getByRole('button', { name: 'Select Intro' }));
  const bar = screen.getByRole('toolbar', { name: 'Block controls for Intro' });
  await user.click(await blockMenuItem(user, bar, 'Edit block'));
  return screen.findByRole('complementary', { name: 'Block settings' });
}

describe('edit block dialog', { timeout: 60_000 }, () => {
  it('generates the form from the registry schema, previews live, saves, reaches the other client and survives a reload', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, store, member, reload, id } = await renderAdmin([plain]);
    const dialog = await openEditor(user);
    const text = await within(dialog).findByLabelText(/Text/);
    expect(text.tagName).toBe('TEXTAREA'); // ui hint
    expect(within(dialog).getByLabelText(/Alignment/)).toBeInstanceOf(HTMLSelectElement); // enum
    await user.clear(text);
    await user.type(text, 'Changed words');
    // Live preview: the page shows the draft before saving.
    expect(document.querySelector(`[data-block-id="${id('b1')}"]`)).toHaveTextContent('Changed words');
    expect(member.get(blockAtom(id('b1')))?.options?.text).toBe('Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'updateBlock')?.args[0]).toBe(id('b1'));
    expect(store.get(blockAtom(id('b1')))?.options?.text).toBe('Changed words');
    await waitFor(() => expect(member.get(blockAtom(id('b1')))?.options?.text).toBe('Changed words'));
    expect((await reload()).get(blockAtom(id('b1')))?.options?.text).toBe('Changed words');
  });

  it('restores the block on Discard changes, sending nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, store, id } = await renderAdmin([plain]);
    const panel = await openEditor(user);
    await user.type(await within(panel).findByLabelText(/Text/), ' more');
    expect(store.get(blockAtom(id('b1')))?.options?.text).toBe('Hello more');
    await user.click(within(panel).getByRole('button', { name: 'Discard changes' }));
    expect(store.get(blockAtom(id('b1')))?.options?.text).toBe('Hello');
    expect(calls.some((c) => c.method === 'updateBlock')).toBe(false);
  });

  it('validates on the client (nothing sent) and shows the server refusal in the form', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, id, token } = await renderAdmin([{ id: 'b1', type: 'callout', name: 'Intro', options: { tone: 'info', body: 'x' } }]);
    const dialog = await openEditor(user);
    const body = await within(dialog).findByLabelText(/Body/);
    await user.clear(body);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Some options are not valid; see the messages next to them.')).toBeInTheDocument();
    expect(within(dialog).getByText('This is required.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'updateBlock')).toBe(false);

    await user.type(body, 'Fine body');
    // Another admin deletes the block meanwhile: the server refuses the save, and says why.
    expect((await server.call('DELETE', `structure/block/${id('b1')}`, { token })).status).toBe(200);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`The server refused the change: block "${id('b1')}" does not exist`);
    expect(screen.getByRole('complementary', { name: 'Block settings' })).toBeInTheDocument();
  });

  it('edits visibility with the four booleans and the advanced switch opening the rules editor, by keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, id, token } = await renderAdmin([plain]);
    const dialog = await openEditor(user);
    const settingsTab = within(dialog).getByRole('tab', { name: 'Settings' });
    settingsTab.focus();
    await user.keyboard('{ArrowRight}');
    const visTab = within(dialog).getByRole('tab', { name: 'Visibility' });
    expect(visTab).toHaveAttribute('aria-selected', 'true');
    expect(visTab).toHaveFocus();
    const mobile = within(dialog).getByRole('checkbox', { name: 'Visible on mobile' });
    expect(mobile).toBeChecked();
    await user.click(mobile);
    await user.click(within(dialog).getByRole('switch', { name: 'Advanced visibility (rules)' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Visible on desktop' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Edit rules' }));
    expect(await screen.findByRole('dialog', { name: 'Edit rules' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog', { name: 'Edit rules' })).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit block: Intro' })).toBeNull());
    expect(calls.some((c) => c.method === 'updateBlock')).toBe(true);
    const saved = await stored(token, id('b1'));
    expect(saved.visibility).toMatchObject({ visibleOnMobile: false, advanced: true });
  });

  it('uses the colour widget for ui:widget color, kept in step with a text box', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAdmin([{ id: 'b1', type: 'qrCode', name: 'Intro', options: { value: 'x', background: '#ffffff' } }]);
    const dialog = await openEditor(user);
    const text = (await within(dialog).findByRole('textbox', { name: /Background/ })) as HTMLInputElement;
    expect(text.type).toBe('text');
    expect(text.value).toBe('#ffffff');
    const picker = within(dialog).getByLabelText('Background: colour picker') as HTMLInputElement;
    act(() => {
      fireEvent.input(picker, { target: { value: '#112233' } });
    });
    await waitFor(() => expect(text.value).toBe('#112233'));
  });

  it('has no serious or critical axe violations', async () => {
    const user = userEvent.setup({ delay: null });
    await renderAdmin([plain]);
    const dialog = await openEditor(user);
    await within(dialog).findByLabelText(/Text/);
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('tab', { name: 'Visibility' }));
    expect(await seriousAxeViolations()).toEqual([]);
  });
});

// Option selects show human labels (admin/block-editor/enum-labels.ts) and still save the raw value.
const callout: Block = { id: 'b1', type: 'callout', name: 'Intro', options: { tone: 'info', body: 'Mind the gap' } };

describe('option select labels', { timeout: 60_000 }, () => {
  it("shows the callout's tones by name and saves the chosen raw value", async () => {
    const user = userEvent.setup({ delay: null });
    const view = await renderAdmin([callout]);
    const panel = await openEditor(user);
    const tone = await within(panel).findByRole<HTMLSelectElement>('combobox', { name: /Tone/ });
    expect(
      within(tone)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Information', 'Success', 'Warning', 'Danger']);
    expect(within(tone).getByRole('option', { selected: true })).toHaveTextContent('Information');

    await user.selectOptions(tone, 'Warning');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.calls.some((c) => c.method === 'updateBlock')).toBe(true));
    expect((await stored(view.token, view.id('b1'))).options).toMatchObject({ tone: 'warning', body: 'Mind the gap' });
  });
});
