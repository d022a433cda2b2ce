/**
 * 1,000 randomly corrupted page JSONs: nothing throws past a block boundary, and every block that
 * is still valid (a plainText with a string text, reachable from the page, no cycle) renders.
 */
import { render } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { blockComponents } from '../../../blocks/index.generated';
import { blockOptionValidators } from '../../../blocks/_validators.generated/index';
import { EngineProvider, loadStructureAtom, PageRenderer, preloadBlockTypes, type Block } from '../../../engine';
import { runtimeRegistry } from './helpers';

/** Deterministic PRNG so a failure reproduces (mulberry32). */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const JUNK: unknown[] = [null, undefined, 0, -1, 1e308, NaN, '', 'x', '<script>', true, [], [1, 'a'], {}, { a: { b: null } }, '__proto__', 'constructor'];
const TYPES = [
  'plainText',
  'plainText',
  'plainText',
  'columns',
  'card',
  'tabs',
  'stepper',
  'carousel',
  'container',
  'masonry',
  'htmlBlock',
  'qrCode',
  'noSuchType',
  'toString',
  '__proto__',
];

function corrupt(value: unknown, rand: () => number, depth = 0): unknown {
  const pick = <T,>(list: T[]) => list[Math.floor(rand() * list.length)];
  if (rand() < 0.08) return pick(JUNK);
  if (Array.isArray(value)) return value.map((v) => corrupt(v, rand, depth + 1));
  if (value && typeof value === 'object' && depth < 6) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (rand() > 0.05) out[k] = corrupt(v, rand, depth + 1);
    if (rand() < 0.05) out[pick(['positions', 'columns', 'children', 'visibility', 'relatedBlocks', 'modalProps'])] = pick(JUNK);
    return out;
  }
  return value;
}

function makePage(rand: () => number): { blocks: Block[]; children: string[] } {
  const n = 3 + Math.floor(rand() * 12);
  const ids = Array.from({ length: n }, (_, i) => `b${i}`);
  const blocks: Block[] = ids.map((id, i) => {
    const type = TYPES[Math.floor(rand() * TYPES.length)];
    const kids = rand() < 0.3 ? ids.filter(() => rand() < 0.2) : undefined; // may include itself or ancestors: cycles
    return {
      id,
      type,
      name: `Block ${i}`,
      options: (type === 'plainText' ? { text: `text ${id}` } : {}) as Block['options'],
      children: kids,
      positions: kids && rand() < 0.5 ? { 'col-1': kids.slice(0, 1) } : undefined,
    };
  });
  return { blocks: blocks.map((b) => (rand() < 0.5 ? (corrupt(b, rand) as Block) : b)), children: ids.filter(() => rand() < 0.7) };
}

describe('robustness', () => {
  it('renders 1,000 corrupted pages without an error escaping a block boundary, and every valid block renders', async () => {
    await preloadBlockTypes(
      ['plainText', 'columns', 'card', 'tabs', 'stepper', 'carousel', 'container', 'masonry', 'htmlBlock', 'qrCode'],
      blockComponents,
      blockOptionValidators,
    );
    const rand = rng(20261122);
    const originalError = console.error;
    console.error = () => undefined; // React logs caught boundary errors; the assertions below decide.
    try {
      let checked = 0;
      for (let i = 0; i < 1000; i++) {
        const { blocks, children } = makePage(rand);
        const store = createStore();
        const positions = rand() < 0.2 ? (corrupt({ 'col-0': children.slice(0, 2), 'col-3': children.slice(2) }, rand) as Record<string, string[]>) : undefined;
        store.set(loadStructureAtom, {
          pages: [{ id: 'p', slug: 'p', name: 'Fuzz', children, positions }],
          blocks: blocks.filter((b) => b && typeof b === 'object' && typeof b.id === 'string'),
        });
        const view = render(
          <EngineProvider registry={runtimeRegistry} blockComponents={blockComponents} blockValidators={blockOptionValidators} store={store}>
            <PageRenderer pageId="p" />
          </EngineProvider>,
        );
        // Valid top-level plainText blocks (intact, on the page) must show their text.
        for (const b of blocks) {
          const intact =
            b &&
            b.type === 'plainText' &&
            typeof b.options?.text === 'string' &&
            b.options.text === `text ${b.id}` &&
            Object.keys(b.options).length === 1 &&
            !b.visibility &&
            !b.wasDeleted &&
            !b.relatedBlocks;
          if (!intact || !children.includes(b.id)) continue;
          checked++;
          expect(view.container.textContent, `page ${i}, block ${b.id}`).toContain(`text ${b.id}`);
        }
        view.unmount();
      }
      expect(checked).toBeGreaterThan(500); // the check is not vacuous
    } finally {
      console.error = originalError;
    }
  }, 120_000);
});
