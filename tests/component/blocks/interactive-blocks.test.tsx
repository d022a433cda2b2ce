import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Block, Profile } from '../../../engine';
import { renderPage } from '../engine/helpers';

const text = (id: string, t: string, name?: string): Block => ({ id, type: 'plainText', name, options: { text: t } });

afterEach(() => window.history.replaceState(null, '', '/'));

describe('tabs', () => {
  const blocks: Block[] = [
    { id: 'tb', type: 'tabs', options: {}, children: ['tb.1', 'tb.2'] },
    text('tb.1', 'First panel', 'One'),
    text('tb.2', 'Second panel', 'Two'),
  ];

  it('shows the first tab, selects by click and keeps the choice in the tab query parameter', async () => {
    renderPage({ blocks });
    expect(await screen.findByText('First panel')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Two' }));
    expect(await screen.findByText('Second panel')).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('tab')).toMatch(/^tb_[A-Za-z0-9-]+$/);
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the tab named in the URL and moves with arrow keys', async () => {
    window.history.replaceState(null, '', '/?tab=tb_second');
    renderPage({ blocks: [{ ...blocks[0] }, text('tb.1', 'First panel', 'One'), { ...text('tb.2', 'Second panel', 'Two'), slug: 'second' }] });
    expect(await screen.findByText('Second panel')).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Two' }), { key: 'ArrowRight' });
    expect(await screen.findByText('First panel')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
  });

  it('uses the vertical style', async () => {
    renderPage({ blocks: [{ ...blocks[0], options: { style: 'vertical' } }, blocks[1], blocks[2]] });
    expect(await screen.findByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
  });
});

describe('stepper', () => {
  it('walks through steps with Next and Back', async () => {
    renderPage({
      blocks: [{ id: 's', type: 'stepper', options: {}, children: ['s.1', 's.2'] }, text('s.1', 'Welcome', 'Intro'), text('s.2', 'All done', 'End')],
    });
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'End' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('All done')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
  });
});

describe('carousel', () => {
  const blocks: Block[] = [
    { id: 'c', type: 'carousel', options: { intervalMs: 2000 }, children: ['c.1', 'c.2'] },
    text('c.1', 'Slide A'),
    text('c.2', 'Slide B'),
  ];

  it('auto-plays, and never for a user with accessibility.noCarouselAutoPlay', async () => {
    const { preloadBlockTypes } = await import('../../../engine');
    const { blockComponents } = await import('../../../blocks/index.generated');
    const { blockOptionValidators } = await import('../../../blocks/_validators.generated/index');
    await preloadBlockTypes(['carousel', 'plainText'], blockComponents, blockOptionValidators);
    vi.useFakeTimers();
    try {
      const first = renderPage({ blocks });
      expect(screen.getByText('Slide A')).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2100);
      });
      expect(screen.getByText('Slide B')).toBeInTheDocument();
      first.unmount();
      const ownProfile: Profile = { accountId: '1', data: { profile: {}, meta: { accessibility: { noCarouselAutoPlay: true } } } };
      renderPage({ blocks, ownProfile });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(6000);
      });
      expect(screen.getByText('Slide A')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
      expect(screen.getByText('Slide B')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('dismissible', () => {
  it('hides for good once dismissed, saving the block meta', async () => {
    const saveBlockMeta = vi.fn();
    const first = renderPage({
      services: { saveBlockMeta },
      blocks: [{ id: 'd', type: 'dismissible', options: {}, children: ['d.1'] }, text('d.1', 'New feature!')],
    });
    expect(await screen.findByText('New feature!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('New feature!')).toBeNull());
    expect(saveBlockMeta).toHaveBeenCalledWith('d', expect.objectContaining({ shown: true }));
    first.unmount();
    const ownProfile: Profile = { accountId: '1', data: { profile: {}, meta: { block: { d: { shown: true, timestamp: 1 } } } } };
    renderPage({ ownProfile, blocks: [{ id: 'd', type: 'dismissible', options: {}, children: ['d.1'] }, text('d.1', 'New feature!'), text('x', 'loaded')] });
    await screen.findByText('loaded');
    expect(screen.queryByText('New feature!')).toBeNull();
  });
});
