import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { blockAtom } from '../../engine';
import { findFocusedDialog, renderAdmin, seriousAxeViolations } from '../helpers/admin-render';

const plain = { id: 'b1', type: 'plainText', name: 'Intro', options: { text: 'Hello', align: 'start' } };

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  const bar = screen.getByRole('toolbar', { name: 'Block controls for Intro' });
  await user.click(within(bar).getByRole('button', { name: 'Edit block' }));
  return findFocusedDialog('Edit block: Intro');
}

describe('edit block dialog', () => {
  it('generates the form from the registry schema, previews live, saves, reaches the other client and survives a reload', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store, member, reload } = renderAdmin({ blocks: [plain] });
    const dialog = await openEditor(user);
    const text = await within(dialog).findByLabelText(/Text/);
    expect(text.tagName).toBe('TEXTAREA'); // ui hint
    expect(within(dialog).getByLabelText(/Alignment/)).toBeInstanceOf(HTMLSelectElement); // enum
    await user.clear(text);
    await user.type(text, 'Changed words');
    // Live preview: the page shows the draft before saving.
    expect(document.querySelector('[data-block-id="b1"]')).toHaveTextContent('Changed words');
    expect(member.get(blockAtom('b1'))?.options?.text).toBe('Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'updateBlock')?.args[0]).toBe('b1');
    expect(store.get(blockAtom('b1'))?.options?.text).toBe('Changed words');
    expect(member.get(blockAtom('b1'))?.options?.text).toBe('Changed words');
    expect(reload().get(blockAtom('b1'))?.options?.text).toBe('Changed words');
  });

  it('restores the block on cancel and on Escape', async () => {
    const user = userEvent.setup({ delay: null });
    const { api, store } = renderAdmin({ blocks: [plain] });
    let dialog = await openEditor(user);
    await user.type(await within(dialog).findByLabelText(/Text/), ' more');
    expect(store.get(blockAtom('b1'))?.options?.text).toBe('Hello more');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.get(blockAtom('b1'))?.options?.text).toBe('Hello');
    dialog = await openEditor(user);
    await user.type(await within(dialog).findByLabelText(/Text/), ' again');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.get(blockAtom('b1'))?.options?.text).toBe('Hello');
    expect(api.calls.some((c) => c.method === 'updateBlock')).toBe(false);
  });

  it('validates on the client (nothing sent) and shows server errors in the form', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderAdmin({ blocks: [{ id: 'b1', type: 'callout', name: 'Intro', options: { tone: 'info', body: 'x' } }] });
    const dialog = await openEditor(user);
    const body = await within(dialog).findByLabelText(/Body/);
    await user.clear(body);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Some options are not valid; see the messages next to them.')).toBeInTheDocument();
    expect(within(dialog).getByText('This is required.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'updateBlock')).toBe(false);

    await user.type(body, 'Fine body');
    api.failNext('updateBlock', { error: 'validation', message: 'Body rejected by policy', fieldErrors: { '/body': 'Words not allowed here' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The server refused the change: Body rejected by policy');
    expect(within(dialog).getByText('Words not allowed here')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits visibility with the four booleans and the advanced switch opening the rules editor, by keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    const { api } = renderAdmin({ blocks: [plain] });
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
    await waitFor(() => expect(api.calls.some((c) => c.method === 'updateBlock')).toBe(true));
    const saved = api.blocks.get('b1')!;
    expect(saved.visibility).toMatchObject({ visibleOnMobile: false, advanced: true });
  });

  it('uses the colour widget for ui:widget color, kept in step with a text box', async () => {
    const user = userEvent.setup({ delay: null });
    renderAdmin({ blocks: [{ id: 'b1', type: 'qrCode', name: 'Intro', options: { value: 'x', background: '#ffffff' } }] });
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
    renderAdmin({ blocks: [plain] });
    const dialog = await openEditor(user);
    await within(dialog).findByLabelText(/Text/);
    expect(await seriousAxeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('tab', { name: 'Visibility' }));
    expect(await seriousAxeViolations()).toEqual([]);
  });
});
