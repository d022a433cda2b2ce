/**
 * Forms of 50, 500 and 5,000 text fields, Tessera's FormRoot against the same form as a JSON
 * Schema in @rjsf/core 6 (+ validator-ajv8), in the same process, runs interleaved:
 *   form.keystroke  one character typed into the middle field: the input event through React's
 *                   committed render (Tessera's 50 ms debounced validation is not in it; rjsf
 *                   validates on submit by default). Peer in its default use (uncontrolled: the
 *                   Form keeps formData) and, labelled `mode: controlled`, with formData/onChange
 *                   held by the host as an app would to read the values.
 *   form.mount      first render of the whole form, committed.
 * `renders`: components rendered per keystroke, counted the same way on both sides.
 */
import type { RJSFSchema } from '@rjsf/utils';
import type { ReactElement } from 'react';
import { installDom } from './dom';
import { countRenders, defineBenches, line, measure, quick, type BenchResult } from './harness';

installDom();

const SIZES = quick ? [50, 500] : [50, 500, 5000];

async function setup() {
  const React = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { flushSync } = await import('react-dom');
  const { fireEvent } = await import('@testing-library/dom');
  const { Provider, createStore } = await import('jotai');
  const engine = await import('../../engine');
  const { default: TextField } = await import('../../blocks/fields/text/index.tsx');
  const { default: RjsfForm } = await import('@rjsf/core');
  const { default: validator } = await import('@rjsf/validator-ajv8');
  return { React, createRoot, flushSync, fireEvent, Provider, createStore, engine, TextField, RjsfForm, validator };
}

type Env = Awaited<ReturnType<typeof setup>>;

function mount(env: Env, element: ReactElement) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = env.createRoot(container);
  env.flushSync(() => root.render(element));
  return {
    container,
    unmount: () => {
      env.flushSync(() => root.unmount());
      container.remove();
    },
  };
}

function tesseraForm(env: Env, size: number, formId: string): ReactElement {
  const { React, engine } = env;
  const fields = Array.from({ length: size }, (_, i) => ({ id: `f${i}`, key: `k${i}`, type: 'text', label: `Field ${i}` }));
  return React.createElement(
    env.Provider,
    { store: env.createStore() },
    React.createElement(engine.FormRoot, {
      formId,
      fields,
      services: { save: async () => {} },
      components: { text: env.TextField },
      fieldTypes: engine.registryFieldTypes,
      options: { editable: true, alwaysEdit: true },
      hash: '',
    }),
  );
}

function rjsfForm(env: Env, size: number, controlled: boolean): ReactElement {
  const { React } = env;
  const properties = Object.fromEntries(Array.from({ length: size }, (_, i) => [`k${i}`, { type: 'string' as const, title: `Field ${i}` }]));
  const schema: RJSFSchema = { type: 'object', properties };
  if (!controlled) return React.createElement(env.RjsfForm, { schema, validator: env.validator });
  function Controlled() {
    const [formData, setFormData] = React.useState<Record<string, unknown>>({});
    return React.createElement(env.RjsfForm, {
      schema,
      validator: env.validator,
      formData,
      onChange: (e: { formData?: unknown }) => setFormData((e.formData ?? {}) as Record<string, unknown>),
    });
  }
  return React.createElement(Controlled);
}

/** A mounted form and a keystroke into its middle field. */
function typer(env: Env, element: ReactElement, size: number) {
  const form = mount(env, element);
  const input = form.container.querySelectorAll('input')[Math.floor(size / 2)] as HTMLInputElement;
  let step = 0;
  const type = () =>
    env.flushSync(() => {
      // A new value each time, of bounded length: thousands of keystrokes per run must not time
      // ever longer strings.
      env.fireEvent.input(input, { target: { value: `typed ${step++ % 1000}` } });
    });
  return { type, unmount: form.unmount, renders: () => countRenders(type) };
}

export default defineBenches([
  {
    name: 'form.keystroke',
    async run() {
      const env = await setup();
      const results: BenchResult[] = [];
      for (const size of SIZES) {
        const ours = typer(env, tesseraForm(env, size, `k${size}`), size);
        const peer = typer(env, rjsfForm(env, size, false), size);
        const controlled = typer(env, rjsfForm(env, size, true), size);
        // Ours costs well under a millisecond at every size, rjsf's grows with the form: each side
        // gets enough keystrokes per run for a figure above the clock's grain and a GC pause.
        // (Short runs let one GC pause swing a median between two runs of the bench.)
        const peerBatch = size >= 5000 ? 2 : size >= 500 ? 10 : 100;
        const r = await measure(
          { ours: ours.type, peer: peer.type, controlled: controlled.type },
          // More warm-up runs than the default: the first size measured also warms up React's code for the rest.
          // Nine runs, not seven: the median of a side then rests on five runs, not four.
          { batch: { ours: quick ? 40 : 2000, peer: peerBatch, controlled: peerBatch }, warmup: quick ? 1 : 4, runs: quick ? 5 : 9 },
        );
        const renders = ours.renders();
        results.push(
          line('form.keystroke', { size, peer: '@rjsf/core', mode: 'uncontrolled' }, r.ours, r.peer, { renders, baselineRenders: peer.renders() }),
          line('form.keystroke', { size, peer: '@rjsf/core', mode: 'controlled' }, r.ours, r.controlled, { renders, baselineRenders: controlled.renders() }),
        );
        // Let the debounced validation and autosave timers of the typed forms run before unmounting.
        await new Promise((resolve) => setTimeout(resolve, 100));
        ours.unmount();
        peer.unmount();
        controlled.unmount();
      }
      return results;
    },
  },
  {
    name: 'form.mount',
    async run() {
      const env = await setup();
      const results: BenchResult[] = [];
      for (const size of SIZES) {
        const mountOnce = (element: () => ReactElement) => () => mount(env, element()).unmount();
        let n = 0;
        const r = await measure(
          { ours: mountOnce(() => tesseraForm(env, size, `m${size}-${n++}`)), peer: mountOnce(() => rjsfForm(env, size, false)) },
          // At least three mounts a run: at 5,000 fields a run of one mount took a full collection
          // of the heap (of both sides' unmounted forms) or not, by chance, and one in three runs
          // of a side did, so the median of one bench run differed from the next.
          { batch: size >= 500 ? 3 : 20 },
        );
        results.push(line('form.mount', { size, peer: '@rjsf/core', mode: 'uncontrolled' }, r.ours, r.peer));
      }
      return results;
    },
  },
]);
