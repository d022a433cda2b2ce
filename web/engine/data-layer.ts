/**
 * The engine's data layer for this app: one per Jotai store and signed-in account, its transport
 * wired to the API client. Realtime events reach it through `dataLayerOf(store)`.
 */
import type { useStore } from 'jotai';
import { createDataLayer, type DataLayer } from '../../engine/data/data-layer';
import type { FavouriteCountEvent, MemberSearchAnswer, ProfileCollectionEntry } from '../../engine/data/transport';
import type { ProfileMeta } from '../../schemas/model';
import type { ApiClient } from '../api/client';

type Store = ReturnType<typeof useStore>;

const layers = new WeakMap<Store, { accountId: string | undefined; layer: DataLayer }>();

export function webDataLayer(store: Store, api: ApiClient, accountId: string | undefined): DataLayer {
  const held = layers.get(store);
  if (held && held.accountId === accountId) return held.layer;
  const layer = createDataLayer(
    store,
    // Quiet: a profile that fails to load shows its own state; a toast per avatar would drown the page.
    {
      loadProfiles: (accountIds) => api.post<ProfileCollectionEntry[]>('profile/collection', { accountIds }, { quiet: true }),
      searchMembers: (query) => api.post<MemberSearchAnswer>('profile/search', query, { quiet: true }),
      addFavourite: (type, value) => api.put<ProfileMeta>('profile/favourites/add', { type, value }),
      removeFavourite: (type, targetId) => api.delete<ProfileMeta>('profile/favourites', { body: { type, targetId } }),
      favouriteCount: (type, targetId) =>
        api.get<FavouriteCountEvent>(`profile/favourites/count/${encodeURIComponent(type)}/${encodeURIComponent(targetId)}`, { quiet: true }),
    },
    { ownAccountId: accountId },
  );
  layers.set(store, { accountId, layer });
  return layer;
}

/** The data layer of a store, when the page has made one (realtime events before that have nothing to update). */
export function dataLayerOf(store: Store): DataLayer | undefined {
  return layers.get(store)?.layer;
}
