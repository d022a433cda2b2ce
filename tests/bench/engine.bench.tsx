/**
 * Engine benchmarks (run under tsx in Node, with a jsdom window set up here):
 *   engine.firstRender  first render of a page of N plainText blocks through PageRenderer, against
 *                       the same components rendered as a plain React list (baselineMs)
 *   engine.update       one block's options changed on that page: time to commit, and how many
 *                       block components rendered
 * Targets: update at 5,000 within 1.5x of at 100; first render of 1,000 within 2x of the baseline.
 */
import { installDom } from './dom';
import type { ComponentType } from 'react';
import { defineBenches, medianMs, round, type BenchResult } from './harness';

const median = (values: number[]) => round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);

const SIZES = [100, 1000, 5000];

async function setUp() {
  const dom = installDom();
  const React = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { flushSync } = await import('react-dom');
  const { createStore } = await import('jotai');
  const engine = await import('../../engine');
  const PlainText = (await import('../../blocks/plainText/index.tsx')).default as ComponentType<{
    block: { id: string; type: string };
    options: { text: string };
  }>;
  const runtime = (await import('../../registry/generated/runtime.json', { with: { type: 'json' } })).default;
  return { React, createRoot, flushSync, createStore, engine, PlainText, runtime, dom };
}

export default defineBenches([
  {
    name: 'engine.firstRender',
    async run() {
      const { React, createRoot, flushSync, createStore, engine, PlainText, runtime, dom } = await setUp();
      const h = React.createElement;
      const components = { plainText: async () => ({ default: PlainText as unknown }) };
      const validators = { plainText: () => import('../../blocks/_validators.generated/plainText.js') as Promise<{ default: unknown }> };
      await engine.preloadBlockTypes(['plainText'], components, validators);
      const registry = engine.createRegistry(runtime as unknown as Parameters<typeof engine.createRegistry>[0]);
      const results: BenchResult[] = [];

      const blocksOf = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `b${i}`, type: 'plainText', options: { text: `Block ${i}` } }));
      const mount = () => {
        const host = dom.window.document.createElement('div');
        dom.window.document.body.appendChild(host);
        return { host, root: createRoot(host) };
      };

      for (const size of SIZES) {
        const blocks = blocksOf(size);
        const iterations = size >= 5000 ? 9 : 25;
        // Interleaved runs, store loading outside the timed part: only rendering is compared.
        const renderEngine = () => {
          const store = createStore();
          store.set(engine.loadStructureAtom, { pages: [{ id: 'p', slug: 'p', name: 'Bench', children: blocks.map((b) => b.id) }], blocks });
          const { host, root } = mount();
          const start = performance.now();
          flushSync(() =>
            root.render(
              h(engine.EngineProvider, { registry, blockComponents: components, blockValidators: validators, store }, h(engine.PageRenderer, { pageId: 'p' })),
            ),
          );
          const took = performance.now() - start;
          root.unmount();
          host.remove();
          return took;
        };
        const renderPlain = () => {
          const { host, root } = mount();
          const start = performance.now();
          flushSync(() =>
            root.render(
              h(
                'main',
                null,
                h('h1', null, 'Bench'),
                h(
                  'div',
                  null,
                  blocks.map((b) => h('div', { key: b.id, 'data-block-id': b.id }, h(PlainText, { block: b, options: b.options }))),
                ),
              ),
            ),
          );
          const took = performance.now() - start;
          root.unmount();
          host.remove();
          return took;
        };
        const engineTimes: number[] = [];
        const plainTimes: number[] = [];
        for (let i = 0; i < 3; i++) {
          renderEngine();
          renderPlain();
        }
        for (let i = 0; i < iterations; i++) {
          engineTimes.push(renderEngine());
          plainTimes.push(renderPlain());
        }
        const engineFirst = median(engineTimes);
        const baseline = median(plainTimes);
        results.push({ bench: 'engine.firstRender', size, ms: engineFirst, baselineMs: baseline, ratio: round(engineFirst / baseline, 2) });
      }
      return results;
    },
  },
  {
    name: 'engine.update',
    async run() {
      const { React, createRoot, flushSync, createStore, engine, PlainText, runtime, dom } = await setUp();
      const h = React.createElement;
      let renders = 0;
      const Counted = (props: { block: { id: string; type: string }; options: { text: string } }) => {
        renders++;
        return h(PlainText, props);
      };
      const components = { plainText: async () => ({ default: Counted as unknown }) };
      await engine.preloadBlockTypes(['plainText'], components);
      const registry = engine.createRegistry(runtime as unknown as Parameters<typeof engine.createRegistry>[0]);
      const results: BenchResult[] = [];
      for (const size of SIZES) {
        const blocks = Array.from({ length: size }, (_, i) => ({ id: `u${size}-${i}`, type: 'plainText', options: { text: `Block ${i}` } }));
        const store = createStore();
        store.set(engine.loadStructureAtom, { pages: [{ id: `pu${size}`, slug: 'p', name: 'Bench', children: blocks.map((b) => b.id) }], blocks });
        const host = dom.window.document.createElement('div');
        dom.window.document.body.appendChild(host);
        const root = createRoot(host);
        flushSync(() =>
          root.render(h(engine.EngineProvider, { registry, blockComponents: components, store }, h(engine.PageRenderer, { pageId: `pu${size}` }))),
        );
        const target = blocks[Math.floor(size / 2)].id;
        let n = 0;
        renders = 0;
        let updates = 0;
        const ms = await medianMs(
          () => {
            updates++;
            flushSync(() => store.set(engine.setBlockOptionsAtom, { id: target, options: { text: `Changed ${n++}` } }));
          },
          { iterations: 200, warmup: 20 },
        );
        results.push({ bench: 'engine.update', size, ms, renders: round(renders / updates, 2) });
        root.unmount();
        host.remove();
      }
      // Same-run baseline: the cost of the same update on the smallest page.
      const base = results[0].ms as number;
      return results.map((r) => ({ ...r, baselineMs: base, ratioTo100: round((r.ms as number) / Math.max(base, 0.001), 2) }));
    },
  },
]);
