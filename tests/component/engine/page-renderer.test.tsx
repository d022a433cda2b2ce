import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EngineProvider, PageRenderer, type LazyModuleIndex } from '../../../engine';
import { blockComponents } from '../../../blocks/index.generated';
import { renderPage, runtimeRegistry } from './helpers';
import { blockOptionValidators } from '../../../blocks/_validators.generated/index';

describe('PageRenderer and BlockRenderer', () => {
  it('renders the title and blocks by column, col-0 by default', async () => {
    renderPage({
      page: { children: ['a', 'b', 'c'], positions: { 'col-1': ['b'] } },
      blocks: [
        { id: 'a', type: 'plainText', options: { text: 'Alpha' } },
        { id: 'b', type: 'plainText', options: { text: 'Beta' } },
        { id: 'c', type: 'plainText', options: { text: 'Gamma' } },
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Test page' })).toBeInTheDocument();
    await screen.findByText('Alpha');
    const col0 = document.querySelector('[data-column="0"]')!;
    const col1 = document.querySelector('[data-column="1"]')!;
    expect(col0).toHaveTextContent('AlphaGamma');
    expect(col1).toHaveTextContent('Beta');
  });

  it("fills options a block leaves out from its type's defaults, which come with its chunk, not the runtime registry", async () => {
    expect(runtimeRegistry.blocks.callout).not.toHaveProperty('defaults');
    // No validators (a member's page): the server checked the stored options, defaults fill the rest.
    renderPage({ blockValidators: undefined, blocks: [{ id: 'c', type: 'callout', options: { body: 'Mind the step' } }] });
    expect((await screen.findByText('Mind the step')).closest('aside')).toHaveClass('t-callout--info');
  });

  it('shows Component failed to load when the chunk fails, and the rest of the page renders', async () => {
    const components: LazyModuleIndex = { ...blockComponents, broken: () => Promise.reject(new Error('chunk 404')) };
    renderPage({
      blockComponents: components,
      blocks: [
        { id: 'x', type: 'broken' },
        { id: 'y', type: 'plainText', options: { text: 'Still here' } },
      ],
    });
    expect(await screen.findByText('Component failed to load')).toBeInTheDocument();
    expect(await screen.findByText('Still here')).toBeInTheDocument();
  });

  it('keeps a block mounted, with its state, when the engine re-renders after its chunk arrived', async () => {
    // A block first rendered while its chunk loads must not remount once the chunk is there: the
    // next re-render (here a new engine context, as after a form save) would reset its state.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let mounts = 0;
    function Counter() {
      const [count, setCount] = useState(0);
      useEffect(() => void mounts++, []);
      return <button onClick={() => setCount((n) => n + 1)}>Clicked {count}</button>;
    }
    const components: LazyModuleIndex = { ...blockComponents, slowCounter: async () => (await gate, { default: Counter }) };
    const { rerender, store } = renderPage({ blockComponents: components, blocks: [{ id: 's', type: 'slowCounter' }] });
    await act(async () => release());
    await userEvent.click(await screen.findByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
    rerender(
      <EngineProvider
        registry={runtimeRegistry}
        blockComponents={components}
        blockValidators={blockOptionValidators}
        store={store}
        device={{ isMobile: true, isDesktop: false }}
      >
        <PageRenderer pageId="p1" />
      </EngineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
    expect(mounts).toBe(1);
  });

  it('shows Something went wrong when a block throws, to members without the message and to admins with it', async () => {
    const components: LazyModuleIndex = {
      ...blockComponents,
      thrower: async () => ({
        default: () => {
          throw new Error('kaboom');
        },
      }),
    };
    const { unmount } = renderPage({
      blockComponents: components,
      blocks: [
        { id: 'x', type: 'thrower' },
        { id: 'y', type: 'plainText', options: { text: 'Fine' } },
      ],
    });
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByText('kaboom')).toBeNull();
    expect(await screen.findByText('Fine')).toBeInTheDocument();
    unmount();
    renderPage({ isAdmin: true, blockComponents: { ...components }, blocks: [{ id: 'x', type: 'thrower' }] });
    expect(await screen.findByText('kaboom')).toBeInTheDocument();
  });

  it('shows removed, planned and unknown states', async () => {
    renderPage({
      registry: {
        blocks: {
          oldProgramme: {
            type: 'oldProgramme',
            title: 'Programme',
            category: 'display',
            icon: 'x',
            status: 'removed',
            powerUps: { required: [], optional: [] },
            children: false,
          },
          future: {
            type: 'future',
            title: 'Future thing',
            category: 'display',
            icon: 'x',
            status: 'planned',
            powerUps: { required: [], optional: [] },
            children: false,
          },
        },
        fields: {},
        rules: {},
        operators: {},
      },
      blocks: [
        { id: 'r', type: 'oldProgramme' },
        { id: 'f', type: 'future' },
        { id: 'u', type: 'noSuchType' },
      ],
    });
    expect(screen.getByText('This component has been removed.')).toBeInTheDocument();
    expect(screen.getByText('“Future thing” is not available yet.')).toBeInTheDocument();
    expect(screen.getByText('Unknown block type “noSuchType”.')).toBeInTheDocument();
  });

  it('renders a block type present only in the component index (drop-in without a registry entry)', async () => {
    const components: LazyModuleIndex = {
      ...blockComponents,
      greeting: async () => ({ default: ({ options }: { options: { name: string } }) => <p>Hello, {options.name}!</p> }),
    };
    renderPage({ blockComponents: components, blocks: [{ id: 'g', type: 'greeting', options: { name: 'Ada' } }] });
    expect(await screen.findByText('Hello, Ada!')).toBeInTheDocument();
  });

  it('shows the loading state only after the delay, and Component failed to load after the time-out', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers();
    try {
      const components: LazyModuleIndex = { ...blockComponents, slow: () => new Promise(() => undefined) };
      renderPage({ blockComponents: components, blocks: [{ id: 's', type: 'slow' }] });
      expect(screen.queryByText('Loading…')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(150);
      });
      expect(screen.getByText('Loading…')).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(30_000);
      });
      expect(screen.getByText('Component failed to load')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives invalid or missing options the configuration-needed state and keeps rendering the page', async () => {
    renderPage({
      isAdmin: true,
      blocks: [
        { id: 'bad', type: 'plainText', options: { text: 42 } as never },
        { id: 'none', type: 'plainText' },
        { id: 'ok', type: 'plainText', options: { text: 'Good' } },
      ],
    });
    expect(await screen.findByText('Good')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('This block needs configuring.')).toHaveLength(2));
    expect(screen.getByText(/\/text must be string/)).toBeInTheDocument();
  });

  it('without validators, trusts the server: options it found invalid give the configuration-needed state', async () => {
    const detail = 'block/options/text: must be string';
    const { container } = renderPage({
      isAdmin: true,
      blockValidators: undefined,
      blocks: [
        { id: 'bad', type: 'plainText', options: { text: 42 } as never, readProblem: { kind: 'invalidOptions', detail } },
        { id: 'ok', type: 'plainText', options: { text: 'Good' } },
      ],
    });
    expect(await screen.findByText('Good')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelector('[data-block-id="bad"] [data-block-state="configurationNeeded"]')).not.toBeNull());
    expect(screen.getByText(detail)).toBeInTheDocument();
  });

  it('with validators, checks the options itself: a server finding on options since made valid is not shown', async () => {
    renderPage({
      blocks: [
        { id: 'fixed', type: 'plainText', options: { text: 'Fixed' }, readProblem: { kind: 'invalidOptions', detail: 'block/options/text: must be string' } },
      ],
    });
    expect(await screen.findByText('Fixed')).toBeInTheDocument();
  });

  it('says page not found for a missing page', async () => {
    const { render } = await import('@testing-library/react');
    const { EngineProvider, PageRenderer } = await import('../../../engine');
    const { runtimeRegistry } = await import('./helpers');
    render(
      <EngineProvider registry={runtimeRegistry} blockComponents={blockComponents}>
        <PageRenderer pageId="nope" />
      </EngineProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Page not found');
  });

  it('fills an add-block slot per column in edit mode only', async () => {
    const renderAddBlock = ({ parentKind, parentId, column }: { parentKind: string; parentId: string; column: number }) => (
      <button type="button">{`Add to ${parentKind} ${parentId} column ${column}`}</button>
    );
    const first = renderPage({
      renderAddBlock,
      blocks: [{ id: 'a', type: 'plainText', options: { text: 'A' } }],
      page: { children: ['a'], positions: { 'col-0': [], 'col-1': ['a'] } },
    });
    await screen.findByText('A');
    expect(screen.queryByRole('button', { name: /Add to/ })).toBeNull();
    first.unmount();
    renderPage({
      editMode: true,
      isAdmin: true,
      renderAddBlock,
      blocks: [{ id: 'a', type: 'plainText', options: { text: 'A' } }],
      page: { children: ['a'], positions: { 'col-0': [], 'col-1': ['a'] } },
    });
    expect(screen.getByRole('button', { name: 'Add to page p1 column 0' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to page p1 column 1' })).toBeInTheDocument();
  });

  it('speaks the translator it is given (French)', async () => {
    const { createTranslator, messages } = await import('../../../engine');
    renderPage({ translator: createTranslator(messages, 'fr'), blocks: [{ id: 'u', type: 'noSuchType' }] });
    expect(screen.getByText('Type de bloc inconnu « noSuchType ».')).toBeInTheDocument();
  });
});
