/**
 * The composer on pages of 100 and 5,000 plainText blocks (React in jsdom, the whole edit-mode tree:
 * EngineProvider, AdminProvider with the composer's panels, PageRenderer):
 *   composer.type  one character typed into the selected block's Text field in the side panel:
 *                  from the input event to the preview committed on the page, and whatever React
 *                  scheduled from it (`settle`). `renders`: components rendered by that keystroke,
 *                  until settled (React's commit hook, as every bench counts them). Goal: 5,000
 *                  within 1.5x of 100 (`vs100`), re-rendering only the edited block and the field.
 *   composer.undo  Ctrl+Z of a move (the last block moved to the top) on the page: the pure
 *                  structure action's inverse applied optimistically, committed, the request's
 *                  answer applied, the history and announcement rendered (`settle`). `renders` as
 *                  above. Goal: under 16 ms of main-thread work at 5,000.
 * The figures are CPU time of this process (all of it is the page's main thread). The admin API
 * answers at once with an empty change (what the server sends back is already in the store): the
 * figures are the browser's work, not the network's or the server's.
 * The sizes are measured one after the other (one composer mounted at a time); on a loaded machine
 * `vs100` is noisy.
 */
import { register } from 'node:module';
import type { ReactElement } from 'react';
import type { AdminApi, AdminValue } from '../../admin';
import { installDom } from './dom';
import { countRendersAsync, defineBenches, line, measure, quick, round, settle, type BenchResult, type Figures } from './harness';

const SIZES = [100, 5000];

// The admin imports its stylesheets (esbuild bundles them); Node has nothing to do with them here.
const CSS_AS_NOTHING = `export async function load(url, context, next) {
  return url.endsWith('.css') ? { format: 'module', source: '', shortCircuit: true } : next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(CSS_AS_NOTHING)}`);

async function setUp() {
  const dom = installDom();
  // jsdom has no CSS.escape; the composer uses it to find blocks by id.
  const g = globalThis as { CSS?: { escape?: (s: string) => string } };
  if (!g.CSS?.escape) g.CSS = { ...(g.CSS ?? {}), escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) };
  const React = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { flushSync } = await import('react-dom');
  const { fireEvent } = await import('@testing-library/dom');
  const { createStore } = await import('jotai');
  const engine = await import('../../engine');
  const admin = await import('../../admin');
  const { selectedBlockAtom } = await import('../../admin/editor/selection');
  const { rightPanelOpenAtom } = await import('../../admin/editor/panels');
  const { undo } = await import('../../admin/editor/history');
  const { moveBlockTo } = await import('../../admin/blocks/move');
  const { blockComponents } = await import('../../blocks/index.generated');
  const { blockOptionValidators } = await import('../../blocks/_validators.generated/index');
  await engine.preloadBlockTypes(['plainText'], blockComponents, blockOptionValidators);
  return {
    dom,
    React,
    createRoot,
    flushSync,
    fireEvent,
    createStore,
    engine,
    admin,
    selectedBlockAtom,
    rightPanelOpenAtom,
    undo,
    moveBlockTo,
    blockComponents,
    blockOptionValidators,
  };
}
type Env = Awaited<ReturnType<typeof setUp>>;

/** The admin API as the page sees it when the server has answered: nothing more to apply. */
function answeringApi(): AdminApi {
  return new Proxy({} as AdminApi, {
    get: (_t, method) => () =>
      method === 'moveBlocks' || method === 'updateBlock' ? Promise.resolve({}) : Promise.reject(new Error(`not in this bench: ${String(method)}`)),
  });
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function mountComposer(env: Env, size: number) {
  const { React, engine, admin } = env;
  const h = React.createElement;
  const pageId = `p${size}`;
  const ids = Array.from({ length: size }, (_, i) => `b${size}-${i}`);
  const store = env.createStore();
  store.set(engine.loadStructureAtom, {
    pages: [{ id: pageId, slug: pageId, name: 'Page', children: ids, positions: { 'col-0': ids } }],
    blocks: ids.map((id, i) => ({ id, type: 'plainText', revision: 1, options: { text: `Block ${i}`, align: 'start' } })),
  });
  let value: AdminValue | null = null;
  const element: ReactElement = h(
    engine.EngineProvider,
    {
      registry: admin.fullRegistry,
      blockComponents: env.blockComponents,
      blockValidators: env.blockOptionValidators,
      store,
      isAdmin: true,
      editMode: true,
      renderAddBlock: admin.renderAddBlock,
      renderBlockControls: admin.renderBlockControls,
    },
    h(
      admin.AdminProvider,
      {
        api: answeringApi(),
        registry: admin.fullRegistry,
        user: { id: 'ada', name: 'Ada', isAdmin: true, permissions: ['manageEditMode'] } as never,
        pageId,
        optionValidators: env.blockOptionValidators,
        onNotify: () => undefined,
        onValue: (v: AdminValue | null) => (value = v),
      },
      h(engine.PageRenderer, { pageId }),
    ),
  );
  const host = env.dom.window.document.createElement('div');
  env.dom.window.document.body.appendChild(host);
  const root = env.createRoot(host);
  env.flushSync(() => root.render(element));
  // The edited block: the middle one, selected, its settings in the side panel.
  const edited = ids[Math.floor(size / 2)];
  env.flushSync(() => {
    store.set(env.selectedBlockAtom, edited);
    store.set(env.rightPanelOpenAtom, true);
  });
  let input: HTMLInputElement | HTMLTextAreaElement | null = null;
  for (let i = 0; i < 200 && !input; i++) {
    await wait(10);
    input = host.querySelector<HTMLInputElement | HTMLTextAreaElement>('.t-admin-panel--right #root_text');
  }
  if (!input || !value) throw new Error('the side panel did not show the Text field');
  const preview = host.querySelector<HTMLElement>(`[data-block-id="${edited}"]`)!;
  let step = 0;
  const type = async () => {
    env.flushSync(() => {
      env.fireEvent.change(input!, { target: { value: `${input!.value}${String.fromCharCode(97 + (step++ % 26))}` } });
    });
    await settle();
  };
  return {
    admin: value as AdminValue,
    ids,
    pageId,
    type,
    /** The blocks' ids in the page's DOM order. */
    order: () => Array.from(host.querySelectorAll<HTMLElement>('[data-block-id]'), (el) => el.dataset.blockId),
    typed: () => preview.textContent?.includes(input!.value) === true,
    debug: () => `${input!.tagName} ${JSON.stringify(input!.value)} / ${JSON.stringify(preview.textContent)}`,
    unmount: () => {
      env.flushSync(() => root.unmount());
      host.remove();
    },
  };
}

export default defineBenches([
  {
    name: 'composer.type',
    async run() {
      const env = await setUp();
      // One composer mounted at a time (two in one document would share ids and document listeners).
      const results: BenchResult[] = [];
      let base: Figures | undefined;
      for (const size of SIZES) {
        const page = await mountComposer(env, size);
        // A keystroke costs about a millisecond (composer.type): 40 per run make a run tens of ms, above a GC
        // pause's reach (with 5, one pause could double a run, and the median moved run to run).
        // Four warm-up runs: the first size measured also warms up the code every size runs, and
        // with fewer its figure (the base of vs100) came out slower than the larger page's.
        const r = await measure({ type: page.type }, { batch: quick ? 10 : 40, warmup: quick ? 2 : 4 });
        const renders = await countRendersAsync(page.type);
        if (!page.typed()) throw new Error(`composer.type: the preview of ${size} blocks did not follow the field: ${page.debug()}`);
        base ??= r.type;
        results.push(line('composer.type', { size }, r.type, undefined, { renders, vs100: round(r.type.median / base.median, 2) }));
        page.unmount();
      }
      return results;
    },
  },
  {
    name: 'composer.undo',
    async run() {
      const env = await setUp();
      const results: BenchResult[] = [];
      for (const size of SIZES) {
        const page = await mountComposer(env, size);
        const { admin, ids, pageId } = page;
        const last = ids[ids.length - 1];
        const undo = async () => {
          let done: Promise<boolean> = Promise.resolve(false);
          env.flushSync(() => void (done = env.undo(admin)));
          if (!(await done)) throw new Error('composer.undo: the undo was refused');
          await settle();
        };
        // Off the clock: the move that is then undone (the last block to the top), committed, and
        // its timers run out (it keeps the moved block's handle focused for a moment).
        // The moved block is selected, as when its toolbar moves it (its move handle is then there to focus).
        env.flushSync(() => page.admin.store.set(env.selectedBlockAtom, last));
        const move = async () => {
          await env.moveBlockTo(admin, last, { parentType: 'page', parentId: pageId, colIndex: 0, index: 0 });
          env.flushSync(() => undefined);
          await wait(250);
        };
        // One undo per run (each needs its move first): 11 runs, so the median rests on more than
        // one or two GC-free runs.
        const r = await measure({ undo }, { batch: 1, prepare: move, runs: quick ? 5 : 11 });
        await move();
        const renders = await countRendersAsync(undo);
        if (page.order().join() !== ids.join()) throw new Error('composer.undo: the page is not back in its order');
        results.push(line('composer.undo', { size }, r.undo, undefined, { renders }));
        page.unmount();
      }
      return results;
    },
  },
]);
