import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Block, Profile } from '../../../engine';
import { renderPage } from '../engine/helpers';

const text = (id: string, t: string, name?: string): Block => ({ id, type: 'plainText', name, options: { text: t } });
const withMeta = (block: Record<string, { shown?: boolean; agreed?: boolean; timestamp?: number }>): Profile => ({
  accountId: '1',
  data: { profile: {}, meta: { block } },
});
const modal = (extra: Partial<Block> = {}): Block[] => [
  { id: 'm', type: 'modal', options: {}, children: ['m.1'], modalProps: { title: 'Terms' }, ...extra },
  text('m.1', 'Please read'),
  text('after', 'Page body'),
];

afterEach(() => window.history.replaceState(null, '', '/'));

describe('modal block (spec 4.4)', () => {
  it('opens by itself with default width 700, records shown, and records agreed on confirm', async () => {
    const saveBlockMeta = vi.fn();
    renderPage({ services: { saveBlockMeta }, blocks: modal() });
    const dialog = await screen.findByRole('dialog', { name: 'Terms' });
    expect(dialog).toHaveStyle({ width: '700px' });
    expect(await screen.findByText('Please read')).toBeInTheDocument();
    await waitFor(() => expect(saveBlockMeta).toHaveBeenCalledWith('m', expect.objectContaining({ shown: true })));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saveBlockMeta).toHaveBeenLastCalledWith('m', expect.objectContaining({ shown: true, agreed: true, timestamp: expect.any(Number) }));
  });

  it('uses the named sizes, x-small 350px to large 900px', async () => {
    renderPage({ blocks: modal({ modalProps: { title: 'Terms', size: 'x-small' } }) });
    expect(await screen.findByRole('dialog')).toHaveStyle({ width: '350px' });
  });

  it('does not open with noAutoOpen; its button opens it', async () => {
    renderPage({ blocks: modal({ noAutoOpen: true, options: { buttonLabel: 'Read the terms' } }) });
    await screen.findByText('Page body');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Read the terms' }));
    expect(await screen.findByRole('dialog', { name: 'Terms' })).toBeInTheDocument();
  });

  it('is not shown again once shown (show once), nor once agreed; re-shown when not show-once', async () => {
    const a = renderPage({ ownProfile: withMeta({ m: { shown: true } }), blocks: modal() });
    await screen.findByText('Page body');
    expect(screen.queryByRole('dialog')).toBeNull();
    a.unmount();
    const b = renderPage({ ownProfile: withMeta({ m: { shown: true, agreed: true } }), blocks: modal({ requiresAgreeing: true }) });
    await screen.findByText('Page body');
    expect(screen.queryByRole('dialog')).toBeNull();
    b.unmount();
    renderPage({ ownProfile: withMeta({ m: { shown: true } }), blocks: modal({ showOnce: false }) });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('re-shows a modal that requires agreeing until agreed; persistent by default (Escape does nothing)', async () => {
    renderPage({ ownProfile: withMeta({ m: { shown: true, agreed: false } }), blocks: modal({ requiresAgreeing: true }) });
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I agree' })).toBeInTheDocument();
  });

  it('keeps keyboard focus inside the dialog', async () => {
    renderPage({ blocks: modal() });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveFocus();
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('closes on Escape when not persistent', async () => {
    renderPage({ blocks: modal({ modalProps: { title: 'Terms', persistent: false } }) });
    fireEvent.keyDown(await screen.findByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closing without agreeing records agreed false and goes back in history', async () => {
    window.history.pushState(null, '', '/?from=a');
    window.history.pushState(null, '', '/?from=b');
    const back = vi.spyOn(window.history, 'back');
    const saveBlockMeta = vi.fn();
    renderPage({ services: { saveBlockMeta }, blocks: modal({ requiresAgreeing: true }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(saveBlockMeta).toHaveBeenLastCalledWith('m', expect.objectContaining({ agreed: false }));
    expect(back).toHaveBeenCalled();
    back.mockRestore();
  });

  it('goes to the previous tab first when one was visited', async () => {
    const back = vi.spyOn(window.history, 'back');
    renderPage({
      blocks: [
        { id: 'tb', type: 'tabs', options: {}, children: ['tb1', 'tb2'] },
        { id: 'tb1', type: 'plainText', name: 'One', options: { text: 'Tab one' } },
        { id: 'tb2', type: 'modal', name: 'Two', options: {}, requiresAgreeing: true, children: ['m.1'], modalProps: { title: 'Terms' } },
        text('m.1', 'Please read'),
      ],
      page: { children: ['tb'] },
    });
    // The modal in the first visible tab is not rendered; select tab two, then close its modal.
    fireEvent.click(await screen.findByRole('tab', { name: 'Two' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Tab one')).toBeInTheDocument();
    expect(back).not.toHaveBeenCalled();
    back.mockRestore();
  });

  it('requires every stepper step inside to be complete: N step(s) remaining of M', async () => {
    renderPage({
      blocks: [
        { id: 'm', type: 'modal', options: {}, children: ['s'], modalProps: { title: 'Onboarding' } },
        { id: 's', type: 'stepper', options: {}, children: ['s1', 's2', 's3'] },
        text('s1', 'one'),
        text('s2', 'two'),
        text('s3', 'three'),
      ],
      page: { children: ['m'] },
    });
    await screen.findByText('one');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('2 step(s) remaining of 3');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('page modal', () => {
  it('shows the page modal block by the same rules', async () => {
    renderPage({
      page: { children: ['after'], relatedBlocks: { modal: 'pm' } },
      blocks: [text('after', 'Page body'), { ...text('pm', 'Welcome aboard'), modalProps: { title: 'Welcome' } }],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome' });
    await waitFor(() => expect(dialog).toHaveTextContent('Welcome aboard'));
  });
});

describe('modalChain', () => {
  it('shows each step in turn, skipping steps already agreed', async () => {
    renderPage({
      ownProfile: withMeta({ c1: { shown: true, agreed: true } }),
      page: { children: ['chain'] },
      blocks: [
        { id: 'chain', type: 'modalChain', options: {}, children: ['c1', 'c2', 'c3'] },
        { ...text('c1', 'First'), name: 'Step one' },
        { ...text('c2', 'Second'), name: 'Step two' },
        { ...text('c3', 'Third'), name: 'Step three' },
      ],
    });
    expect(await screen.findByRole('dialog', { name: 'Step two' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('dialog', { name: 'Step three' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
