/** How views read collections (collection.ts): mounted while shown, loaded on first view. */
import { atom, useAtomValue, type Atom } from 'jotai';
import { useEffect } from 'react';
import type { Collection, Collections, CollectionState, CollectionView } from './collection';

const noState: CollectionState<never> = { status: 'idle', ids: [], more: { older: false, newer: false }, loading: { older: false, newer: false }, pending: {}, cursors: {} };
const noView = atom<CollectionView<never, never>>({ ...noState, items: [] });

/**
 * A collection's state and items, for a view: loads its first page when first shown and keeps it
 * mounted while shown (a mounted collection refetches after a reconnect and is never dropped).
 * Without a collection: an idle, empty view.
 */
export function useCollection<T, C = string>(collection: Collection<T, C> | undefined): CollectionView<T, C> {
  const view = useAtomValue(collection ? collection.view : (noView as unknown as Atom<CollectionView<T, C>>));
  useEffect(() => {
    if (!collection) return;
    const unmount = collection.mount();
    void collection.load();
    return unmount;
  }, [collection]);
  return view;
}

/** The collection of one key of a keyed group (one per chat, per upload context), as `useCollection`. */
export function useCollectionOf<T, C = string>(collections: Collections<T, C> | undefined, key: string | undefined): CollectionView<T, C> {
  return useCollection(collections && key !== undefined ? collections.get(key) : undefined);
}
