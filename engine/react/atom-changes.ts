/**
 * Listening to an atom's changes without mounting it in the store: through the store's `c`
 * ("changed") hook, one per store, which jotai calls with each atom whose value a write changed.
 * A `store.sub` per block mounted every block atom (a mounted record of three sets, a flush of the
 * store's callbacks per call): a tenth of a first render's jotai work (profiled in
 * `engine.firstRender`). Store hooks are jotai's experimental internals (`jotai/vanilla/internals`,
 * "Rev3"); a store without them (not built by jotai's buildStore) falls back to `store.sub`.
 *
 * The hook runs inside the write, before it returns (`store.sub` listeners run once it has): a
 * listener may only schedule work (a React update), never read or write the store itself.
 */
import type { Atom } from 'jotai';
import { INTERNAL_getBuildingBlocksRev3, INTERNAL_initializeStoreHooksRev3, type INTERNAL_Store } from 'jotai/vanilla/internals';

type ChangedHook = NonNullable<ReturnType<typeof INTERNAL_initializeStoreHooksRev3>['c']>;

const hooks = new WeakMap<INTERNAL_Store, ChangedHook | null>();

function changedHookOf(store: INTERNAL_Store): ChangedHook | null {
  let hook = hooks.get(store);
  if (hook === undefined) {
    try {
      hook = INTERNAL_initializeStoreHooksRev3(INTERNAL_getBuildingBlocksRev3(store)[6]).c;
    } catch {
      hook = null;
    }
    hooks.set(store, hook);
  }
  return hook;
}

/** Calls `listener` when `atom`'s value in `store` changes; returns the unsubscribe function. */
export function onAtomChange(store: INTERNAL_Store, atom: Atom<unknown>, listener: () => void): () => void {
  const hook = changedHookOf(store);
  return hook ? hook.add(atom, listener) : store.sub(atom, listener);
}
