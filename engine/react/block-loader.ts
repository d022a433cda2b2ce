/**
 * Lazy loading of block components and their options validators, cached per type and per pair of
 * indexes (a host without validators gets modules without them). A module's texts are required
 * (engine/core/i18n/text-sets.ts) before it counts as loaded, so the block never shows a bare key.
 * A load that has not settled after LAZY_BLOCK_LOAD_TIMEOUT_MS fails ('Component failed to load');
 * the loading indicator only appears after LAZY_BLOCK_LOAD_DELAY_MS, so fast loads never flash it.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { LAZY_BLOCK_LOAD_DELAY_MS, LAZY_BLOCK_LOAD_TIMEOUT_MS } from '../core/constants';
import { requireTexts, type TextSet } from '../core/i18n/text-sets';
import type { JsonObject } from '../../schemas/model';
import type { BlockProps } from './block-props';
import type { LazyModuleIndex } from './engine-context';

export interface OptionsValidator {
  (data: unknown): boolean;
  errors?: { instancePath: string; message?: string }[] | null;
}

export type BlockModule =
  | { status: 'pending'; promise: Promise<void> }
  | { status: 'ready'; component: ComponentType<BlockProps>; validate?: OptionsValidator; defaults?: JsonObject }
  | { status: 'failed'; error: Error };

const caches = new WeakMap<LazyModuleIndex, Map<LazyModuleIndex | undefined, Map<string, BlockModule>>>();

function cacheFor(components: LazyModuleIndex, validators: LazyModuleIndex | undefined): Map<string, BlockModule> {
  let byValidators = caches.get(components);
  if (!byValidators) caches.set(components, (byValidators = new Map()));
  let cache = byValidators.get(validators);
  if (!cache) byValidators.set(validators, (cache = new Map()));
  return cache;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

/** Starts (once) and returns the load state of a block type's component and validator. */
export function loadBlockModule(
  type: string,
  components: LazyModuleIndex,
  validators: LazyModuleIndex | undefined,
  timeoutMs = LAZY_BLOCK_LOAD_TIMEOUT_MS,
): BlockModule {
  const cache = cacheFor(components, validators);
  const cached = cache.get(type);
  if (cached) return cached;
  const loadComponent = Object.prototype.hasOwnProperty.call(components, type) ? components[type] : undefined;
  if (!loadComponent) {
    const failed: BlockModule = { status: 'failed', error: new Error(`no component for block type "${type}"`) };
    cache.set(type, failed);
    return failed;
  }
  const loadValidator = validators && Object.prototype.hasOwnProperty.call(validators, type) ? validators[type] : undefined;
  const map = cache;
  const loadModule = () => loadComponent().then(async (mod) => (mod.texts && (await requireTexts(mod.texts as TextSet)), mod));
  const promise = withTimeout(Promise.all([loadModule(), loadValidator ? loadValidator() : undefined]), timeoutMs, `block type "${type}"`).then(
    ([mod, validatorMod]) => {
      const component = mod?.default;
      if (typeof component !== 'function' && (typeof component !== 'object' || component === null))
        throw new Error(`block type "${type}": the module has no default-exported component`);
      const validate = typeof validatorMod?.default === 'function' ? (validatorMod.default as OptionsValidator) : undefined;
      // The type's defaults come with its chunk (generated from the registry, not the runtime registry).
      const defaults = mod.defaults as JsonObject | undefined;
      map.set(type, { status: 'ready', component: component as ComponentType<BlockProps>, validate, defaults });
    },
    (error: Error) => {
      map.set(type, { status: 'failed', error });
    },
  );
  const pending: BlockModule = { status: 'pending', promise };
  cache.set(type, pending);
  return pending;
}

/** Preloads block types so they render synchronously afterwards (tests, benches, prefetch). */
export async function preloadBlockTypes(types: string[], components: LazyModuleIndex, validators?: LazyModuleIndex): Promise<void> {
  await Promise.all(
    types.map((t) => {
      const m = loadBlockModule(t, components, validators);
      return m.status === 'pending' ? m.promise : undefined;
    }),
  );
}

/** The load state of a type, re-rendering when it settles; `pastDelay` turns true after the loading delay. */
export function useBlockModule(
  type: string,
  components: LazyModuleIndex,
  validators: LazyModuleIndex | undefined,
): { module: BlockModule; pastDelay: boolean } {
  const current = loadBlockModule(type, components, validators);
  const [, settle] = useState(0);
  const [pastDelay, setPastDelay] = useState(false);
  const pending = current.status === 'pending';
  useEffect(() => {
    if (!pending) return;
    let live = true;
    const timer = setTimeout(() => live && setPastDelay(true), LAZY_BLOCK_LOAD_DELAY_MS);
    (current as { promise: Promise<void> }).promise.then(() => live && settle((n) => n + 1));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [current, pending]);
  return { module: current, pastDelay };
}
