/** How post views read the communications slice (communications.ts): hooks over its resource and lists. */
import { useEffect } from 'react';
import type { Communication } from '../../schemas/model/api/communications';
import type { CollectionView } from './collection';
import { useCollectionOf } from './collection-hooks';
import { communicationsSlice, listKeyOf, type CommunicationListKey, type CommunicationsSlice, type CommunicationViewer } from './communications';
import { useDataLayer, useResourceEntry } from './hooks';
import type { ResourceEntry } from './resource';

/** The slice, with the viewer whose `own` and `can` realtime items get. */
export function useCommunicationsSlice(viewer?: CommunicationViewer): CommunicationsSlice {
  const slice = useDataLayer().slice(communicationsSlice);
  if (viewer && (viewer.isAdmin !== slice.viewer.isAdmin || (viewer.accountId && viewer.accountId !== slice.viewer.accountId))) slice.setViewer(viewer);
  return slice;
}

/** Joins a target's room while shown. */
export function useWatchTarget(targetId: string | undefined): void {
  const slice = useCommunicationsSlice();
  useEffect(() => (targetId ? slice.watch(targetId) : undefined), [slice, targetId]);
}

/** One list (a target's posts, or an item's replies), loaded when first shown; the target's room joined meanwhile. */
export function useCommunicationList(key: CommunicationListKey | undefined): CollectionView<Communication, string> {
  const slice = useCommunicationsSlice();
  const k = key ? listKeyOf(key) : undefined;
  useWatchTarget(key?.targetId);
  return useCollectionOf(slice.lists, k);
}

/** One item by id (loaded from `communications/single/{id}` when not held). */
export function useCommunication(id: string | undefined): ResourceEntry<Communication> | undefined {
  return useResourceEntry(useCommunicationsSlice().items, id);
}
