/**
 * The engine's data layer for this app: one per Jotai store and signed-in account, its transport
 * the API client. Realtime events and reconnects reach it through `dataLayerOf(store)`.
 */
import type { useStore } from 'jotai';
import { createDataLayer, type DataLayer } from '../../engine/data/data-layer';
import type { DataTransport } from '../../engine/data/transport';
import type { ApiClient } from '../api/client';
import { ownListMembershipsSlice } from './list-memberships';

type Store = ReturnType<typeof useStore>;

const layers = new WeakMap<Store, { accountId: string | undefined; layer: DataLayer }>();

/** The slices' calls over the API client. Reads are quiet (a view shows its own error state; a toast per avatar would drown the page). */
export function apiTransport(api: ApiClient): DataTransport {
  return {
    request({ method, path, query, body, report }) {
      const options = { quiet: !report, ...(query ? { query } : {}) };
      if (method === 'GET') return api.get(path, options);
      if (method === 'DELETE') return api.delete(path, { ...options, body });
      if (method === 'PATCH') return api.patch(path, body, options);
      return method === 'POST' ? api.post(path, body, options) : api.put(path, body, options);
    },
  };
}

export function webDataLayer(store: Store, api: ApiClient, accountId: string | undefined): DataLayer {
  const held = layers.get(store);
  if (held && held.accountId === accountId) return held.layer;
  const layer = createDataLayer(store, apiTransport(api), { ownAccountId: accountId });
  layers.set(store, { accountId, layer });
  // Made at once, not on first use: her membership events must land whichever blocks are shown.
  if (accountId) layer.slice(ownListMembershipsSlice);
  return layer;
}

/** The data layer of a store, when the page has made one (realtime events before that have nothing to update). */
export function dataLayerOf(store: Store): DataLayer | undefined {
  return layers.get(store)?.layer;
}
