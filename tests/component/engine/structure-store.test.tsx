import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blockComponents } from '../../../blocks/index.generated';
import { applyItemsChangesAtom, preloadBlockTypes, setBlockOptionsAtom, type Block, type BlockProps, type LazyModuleIndex } from '../../../engine';
import { renderPage } from './helpers';

describe('one atom per item', () => {
  it("changing one block's options re-renders that block alone on a page of 1,000 blocks", async () => {
    const renders = new Map<string, number>();
    function Counted({ block, options }: BlockProps<{ text: string }>) {
      renders.set(block.id, (renders.get(block.id) ?? 0) + 1);
      return <p>{options.text}</p>;
    }
    const components: LazyModuleIndex = { ...blockComponents, counted: async () => ({ default: Counted }) };
    await preloadBlockTypes(['counted'], components);
    const blocks: Block[] = Array.from({ length: 1000 }, (_, i) => ({ id: `b${i}`, type: 'counted', options: { text: `Block ${i}` } }));
    const { store } = renderPage({ blockComponents: components, blockValidators: undefined, blocks });
    expect(screen.getByText('Block 999')).toBeInTheDocument();
    expect(renders.size).toBe(1000);
    const before = new Map(renders);

    act(() => store.set(setBlockOptionsAtom, { id: 'b500', options: { text: 'Changed' } }));
    expect(screen.getByText('Changed')).toBeInTheDocument();
    const rerendered = [...renders].filter(([id, n]) => n !== before.get(id)).map(([id]) => id);
    expect(rerendered).toEqual(['b500']);
  });

  it('applies realtime items:changes in place: changed, added to the page, removed, and stale revisions ignored', async () => {
    const { store } = renderPage({
      blocks: [
        { id: 'a', type: 'plainText', options: { text: 'Old' }, revision: 2 },
        { id: 'b', type: 'plainText', options: { text: 'Gone soon' } },
      ],
    });
    await screen.findByText('Old');
    act(() =>
      store.set(applyItemsChangesAtom, {
        blocks: [
          { id: 'a', type: 'plainText', options: { text: 'New' }, revision: 3 },
          { id: 'c', type: 'plainText', options: { text: 'Added' } },
        ],
        pages: [{ id: 'p1', slug: 'p', name: 'Test page', children: ['a', 'b', 'c'] }],
        removed: { blocks: ['b'] },
      }),
    );
    expect(await screen.findByText('New')).toBeInTheDocument();
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(screen.queryByText('Gone soon')).toBeNull();
    act(() => store.set(applyItemsChangesAtom, { blocks: [{ id: 'a', type: 'plainText', options: { text: 'Stale' }, revision: 1 }] }));
    expect(screen.getByText('New')).toBeInTheDocument();
  });
});
