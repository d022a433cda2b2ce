/**
 * One jsdom window for every bench that renders React under tsx in Node. Installed once per
 * process (benches share the runner's process), before react-dom is first imported, together with
 * the commit hook `countRenders` reads (harness.ts).
 */
import { JSDOM } from 'jsdom';
import { reactCommitHook } from './harness';

const GLOBALS = [
  'window',
  'document',
  'navigator',
  'HTMLElement',
  'HTMLInputElement',
  'Element',
  'Node',
  'Event',
  'InputEvent',
  'KeyboardEvent',
  'MouseEvent',
  'FocusEvent',
  'CustomEvent',
  'MutationObserver',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'CSS',
];

let dom: JSDOM | undefined;

export function installDom(): JSDOM {
  if (dom) return dom;
  // React picks its build from NODE_ENV at first import: measure what members get.
  process.env.NODE_ENV ??= 'production';
  dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost/app/', pretendToBeVisual: true });
  const win = dom.window as unknown as Record<string, unknown>;
  for (const key of GLOBALS) {
    Object.defineProperty(globalThis, key, { value: key === 'window' ? dom.window : win[key], configurable: true, writable: true });
  }
  (globalThis as Record<string, unknown>).IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom has no layout, hence no ResizeObserver; Puck's editor modules construct one at import.
  (globalThis as Record<string, unknown>).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  (globalThis as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = reactCommitHook;
  return dom;
}
