/**
 * form.keystroke: time per keystroke and field components re-rendered, for forms of 50, 500 and
 * 5,000 text fields, against the same form as a JSON Schema in @rjsf/core (+ validator-ajv8),
 * measured in the same process. A keystroke is the input event through React's committed render
 * (validation follows after the 50 ms error debounce, as in the app, and is not in the figure).
 */
import type { RJSFSchema } from '@rjsf/utils';
import type { FieldComponentProps } from '../../engine';
import { installDom } from './dom';
import { defineBenches, medianMs, round } from './harness';

installDom();

const SIZES = [50, 500, 5000];

async function setup() {
  const React = await import('react');
  // Members get React's production build; its profiling variant keeps <Profiler onRender> working,
  // which is how re-rendered field components are counted. flushSync commits each step at once.
  const { createRoot, flushSync } = await import('react-dom/profiling');
  const act = (fn: () => void) => flushSync(fn);
  const { fireEvent } = await import('@testing-library/dom');
  const { Provider, createStore } = await import('jotai');
  const engine = await import('../../engine');
  const { default: TextField } = await import('../../blocks/fields/text/index.tsx');
  const { default: RjsfForm } = await import('@rjsf/core');
  const { default: validator } = await import('@rjsf/validator-ajv8');
  return { React, act, createRoot, fireEvent, Provider, createStore, engine, TextField, RjsfForm, validator };
}

type Env = Awaited<ReturnType<typeof setup>>;

function mount(env: Env, element: React.ReactElement) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = env.createRoot(container);
  env.act(() => root.render(element));
  return {
    container,
    unmount: () => {
      env.act(() => root.unmount());
      container.remove();
    },
  };
}

/** Types one more character into the input, returning the component commits it caused. */
function keystroke(env: Env, input: HTMLInputElement, counter: { renders: number }, step: number): number {
  const before = counter.renders;
  env.act(() => {
    env.fireEvent.input(input, { target: { value: `${input.value}${String.fromCharCode(97 + (step % 26))}` } });
  });
  return counter.renders - before;
}

async function measureTessera(env: Env, size: number) {
  const { React, engine } = env;
  const counter = { renders: 0 };
  const Counted = (props: FieldComponentProps) =>
    React.createElement(React.Profiler, { id: props.field.id, onRender: () => void counter.renders++ }, React.createElement(env.TextField, props));
  const fields = Array.from({ length: size }, (_, i) => ({ id: `f${i}`, key: `k${i}`, type: 'text', label: `Field ${i}` }));
  const services = { save: async () => {} };
  const form = mount(
    env,
    React.createElement(
      env.Provider,
      { store: env.createStore() },
      React.createElement(engine.FormRoot, {
        formId: `bench${size}`,
        fields,
        services,
        components: { text: Counted },
        fieldTypes: engine.registryFieldTypes,
        options: { editable: true, alwaysEdit: true },
        hash: '',
      }),
    ),
  );
  const input = form.container.querySelectorAll('input')[Math.floor(size / 2)] as HTMLInputElement;
  let step = 0;
  const renders: number[] = [];
  const ms = await medianMs(() => renders.push(keystroke(env, input, counter, step++)), { iterations: 40, warmup: 5 });
  await new Promise((r) => setTimeout(r, 100));
  form.unmount();
  return { ms, renders: Math.max(...renders.slice(5)) };
}

async function measureRjsf(env: Env, size: number) {
  const { React } = env;
  const properties = Object.fromEntries(Array.from({ length: size }, (_, i) => [`k${i}`, { type: 'string' as const, title: `Field ${i}` }]));
  const schema: RJSFSchema = { type: 'object', properties };
  function Controlled() {
    const [formData, setFormData] = React.useState<Record<string, unknown>>({});
    return React.createElement(env.RjsfForm, {
      schema,
      validator: env.validator,
      formData,
      onChange: (e: { formData?: unknown }) => setFormData((e.formData ?? {}) as Record<string, unknown>),
    });
  }
  const form = mount(env, React.createElement(Controlled));
  const input = form.container.querySelectorAll('input')[Math.floor(size / 2)] as HTMLInputElement;
  let step = 0;
  const iterations = size >= 5000 ? 5 : 15;
  const ms = await medianMs(() => keystroke(env, input, { renders: 0 }, step++), { iterations, warmup: size >= 5000 ? 1 : 3 });
  form.unmount();
  return ms;
}

export default defineBenches([
  {
    name: 'form.keystroke',
    async run() {
      const env = await setup();
      const results = [];
      let msAt50 = 0;
      await measureTessera(env, 50); // warm-up: keeps JIT compilation out of the 50-field figure
      for (const size of SIZES) {
        const tessera = await measureTessera(env, size);
        const baselineMs = await measureRjsf(env, size);
        if (size === 50) msAt50 = tessera.ms;
        results.push({
          bench: 'form.keystroke',
          size,
          ms: tessera.ms,
          renders: tessera.renders,
          baselineMs,
          speedup: round(baselineMs / tessera.ms, 1),
          vs50: round(tessera.ms / msAt50, 2),
        });
      }
      return results;
    },
  },
]);
