import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Block } from '../../../engine';
import { renderPage } from '../engine/helpers';

const text = (id: string, t: string): Block => ({ id, type: 'plainText', options: { text: t } });

describe('columns', () => {
  it('lays children out by positions with the given widths', async () => {
    renderPage({
      blocks: [
        { id: 'c', type: 'columns', options: {}, children: ['c.a', 'c.b'], positions: { 'col-0': ['c.a'], 'col-1': ['c.b'] }, columns: [8, 4] },
        text('c.a', 'Left'),
        text('c.b', 'Right'),
      ],
    });
    await screen.findByText('Right');
    const cols = document.querySelectorAll('[data-block-id="c"] .t-column');
    expect(cols).toHaveLength(2);
    expect((cols[0] as HTMLElement).style.gridColumn).toBe('span 8');
    expect(cols[0]).toHaveTextContent('Left');
    expect((cols[1] as HTMLElement).style.gridColumn).toBe('span 4');
  });

  it('refuses widths that do not sum to 12 or more than 12 columns', async () => {
    renderPage({
      isAdmin: true,
      blocks: [
        { id: 'c1', type: 'columns', options: {}, children: [], columns: [6, 5] },
        { id: 'c2', type: 'columns', options: {}, children: [], columns: Array(13).fill(1) },
        text('ok', 'Page goes on'),
      ],
    });
    await screen.findByText('Page goes on');
    await waitFor(() => expect(screen.getAllByText('This block needs configuring.')).toHaveLength(2));
    expect(screen.getByText('columns: sum (11)')).toBeInTheDocument();
  });
});

describe('container, card, parent, masonry', () => {
  it('render their children inside', async () => {
    renderPage({
      blocks: [
        { id: 'k', type: 'container', options: { maxWidthPx: 600 }, children: ['k.1'] },
        { id: 'd', type: 'card', options: { title: 'News' }, children: ['d.1'] },
        { id: 'p', type: 'parent', options: { title: 'Group', headingLevel: 3 }, children: ['p.1'] },
        { id: 'm', type: 'masonry', options: { columns: 2 }, children: ['m.1', 'm.2'] },
        text('k.1', 'In container'),
        text('d.1', 'In card'),
        text('p.1', 'In parent'),
        text('m.1', 'Brick one'),
        text('m.2', 'Brick two'),
      ],
    });
    expect(await screen.findByText('In container')).toBeInTheDocument();
    expect(document.querySelector('.t-container')).toHaveStyle({ maxWidth: '600px' });
    expect(await screen.findByRole('region', { name: 'News' })).toHaveTextContent('In card');
    // Each block type's chunk arrives on its own: wait for the group's, as for the others.
    expect(await screen.findByRole('heading', { level: 3, name: 'Group' })).toBeInTheDocument();
    expect(await screen.findByText('In parent')).toBeInTheDocument();
    expect(document.querySelector('.t-masonry')).toHaveStyle({ columnCount: '2' });
    expect(await screen.findByText('Brick two')).toBeInTheDocument();
  });
});

describe('portal', () => {
  it('renders its children into the target element, and needs configuring when it is absent', async () => {
    const target = document.createElement('aside');
    target.id = 'sidebar';
    document.body.appendChild(target);
    try {
      renderPage({
        blocks: [
          { id: 'po', type: 'portal', options: { targetId: 'sidebar' }, children: ['po.1'] },
          { id: 'px', type: 'portal', options: { targetId: 'nowhere' }, children: [] },
          text('po.1', 'Teleported'),
        ],
      });
      await waitFor(() => expect(target).toHaveTextContent('Teleported'));
      expect(await screen.findByText('This block needs configuring.')).toBeInTheDocument();
    } finally {
      target.remove();
    }
  });
});
