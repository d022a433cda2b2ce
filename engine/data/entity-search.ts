/**
 * What the entity blocks read besides the entities themselves (engine/data/entities.ts, by id,
 * live): searches (`GET entities`, the shared search dialect; entitySearch and entityMap) and the
 * definitions whose field labels, filterable fields and image field the blocks show (`POST
 * entityDefinitions/get`, batched; `GET entityDefinitions` for "every definition"). Imported by
 * path by the entity blocks only, so no other page carries it.
 */
import type { EntityDefinition } from '../../schemas/model';
import type { EntitySearchResponse } from '../../schemas/model/api/entities';
import { ENTITY_GET_MAX } from '../core/entities';
import { useEffect, useState } from 'react';
import { useDataLayer, useResourceEntries, useResourceEntry } from './hooks';
import { createResource, type LoadResult, type Resource, type ResourceEntry } from './resource';
import { defineSlice } from './slice';
import { dataCall } from './transport';

/** Definitions kept beyond the ones shown. */
const DEFINITION_CACHE_SIZE = 50;

export interface EntitySearchQuery {
  /** Definitions searched; none: every definition the viewer may see. */
  definitionIds?: string[];
  q?: string;
  /** Filterable field key -> the values accepted (any of them). */
  filters?: Record<string, string[]>;
  near?: { lat: number; lng: number; radiusKm: number };
  sortBy?: 'title' | 'newest' | 'start';
  page?: number;
  limit?: number;
}

/** The query string of `GET entities` for a search (`definitionId` comma separated, `filters` JSON, `near` "lat,lng,km"). */
export function entitySearchParams(query: EntitySearchQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (query.definitionIds?.length) params.definitionId = query.definitionIds.join(',');
  if (query.q?.trim()) params.q = query.q.trim();
  const filters = Object.entries(query.filters ?? {}).filter(([, values]) => values.length);
  if (filters.length) params.filters = JSON.stringify(Object.fromEntries(filters.map(([key, values]) => [key, values.length === 1 ? values[0] : values])));
  if (query.near) params.near = `${query.near.lat},${query.near.lng},${query.near.radiusKm}`;
  if (query.sortBy) params.sortBy = query.sortBy;
  if (query.page) params.page = query.page;
  if (query.limit) params.limit = query.limit;
  return params;
}

export const entitySearchCalls = {
  search: (query: EntitySearchQuery) => dataCall<EntitySearchResponse>({ method: 'GET', path: 'entities', query: entitySearchParams(query) }),
  definitions: () => dataCall<EntityDefinition[]>({ method: 'GET', path: 'entityDefinitions' }),
  getDefinitions: (ids: string[]) => dataCall<EntityDefinition[]>({ method: 'POST', path: 'entityDefinitions/get', body: { ids } }),
};

export interface EntitySearchSlice {
  search(query: EntitySearchQuery): Promise<EntitySearchResponse>;
  definitions: Resource<EntityDefinition>;
  /** Every definition the viewer may read (filters of a search over all of them), read once. */
  allDefinitions(): Promise<EntityDefinition[]>;
}

/** A batch load by ids over a call answering the found ones; the ids left out are not found. */
function byIds<V extends { id: string }>(load: (ids: string[]) => Promise<V[]>) {
  return async (ids: string[]) => {
    const found = await load(ids);
    const answers = new Map<string, LoadResult<V>>();
    for (const item of Array.isArray(found) ? found : []) if (item && typeof item.id === 'string') answers.set(item.id, { value: item });
    return answers;
  };
}

export const entitySearchSlice = defineSlice<EntitySearchSlice>({
  name: 'entitySearch',
  create({ store, transport, schedule }) {
    const definitions = createResource<EntityDefinition>(store, {
      name: 'entity definition',
      loadMany: byIds((ids) => transport.request(entitySearchCalls.getDefinitions(ids))),
      batch: { delayMs: 10, maxBatch: ENTITY_GET_MAX, schedule },
      cacheSize: DEFINITION_CACHE_SIZE,
    });
    let all: Promise<EntityDefinition[]> | undefined;
    return {
      definitions,
      search: (query) => transport.request(entitySearchCalls.search(query)),
      allDefinitions() {
        all ??= transport.request(entitySearchCalls.definitions()).then(
          (list) => {
            const found = Array.isArray(list) ? list : [];
            for (const d of found) definitions.put(d.id, d);
            return found;
          },
          (error: unknown) => {
            all = undefined; // asked again next time
            throw error;
          },
        );
        return all;
      },
    };
  },
});

export type EntitySearchState = { state: 'loading'; last?: EntitySearchResponse } | { state: 'ready'; result: EntitySearchResponse } | { state: 'error' };

/** An entity search, run again whenever the query changes (none while undefined); a late answer to an older query is dropped. */
export function useEntitySearch(query: EntitySearchQuery | undefined): EntitySearchState {
  const slice = useDataLayer().slice(entitySearchSlice);
  const key = query ? JSON.stringify(query) : '';
  const [state, setState] = useState<EntitySearchState>({ state: 'loading' });
  useEffect(() => {
    if (!key) return;
    let current = true;
    setState((s) => ({ state: 'loading', last: s.state === 'ready' ? s.result : s.state === 'loading' ? s.last : undefined }));
    slice.search(JSON.parse(key) as EntitySearchQuery).then(
      (result) => current && setState({ state: 'ready', result }),
      () => current && setState({ state: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [slice, key]);
  return state;
}

/** An entity's definition (field labels, image field) as its entry: loading, ready or error. */
export function useEntityDefinitionEntry(id: string | undefined): ResourceEntry<EntityDefinition> | undefined {
  return useResourceEntry(useDataLayer().slice(entitySearchSlice).definitions, id);
}

/** An entity's definition, once loaded. */
export function useEntityDefinition(id: string | undefined): EntityDefinition | undefined {
  const entry = useEntityDefinitionEntry(id);
  return entry?.state === 'ready' ? entry.value : undefined;
}

/** Some definitions by id, or (`whenEmpty` all) every readable one when `ids` is empty; loaded once each. */
export function useEntityDefinitions(ids: readonly string[], whenEmpty: 'all' | 'none' = 'all'): EntityDefinition[] {
  const slice = useDataLayer().slice(entitySearchSlice);
  const some = useResourceEntries(ids.length ? slice.definitions : undefined, ids);
  const [all, setAll] = useState<EntityDefinition[]>([]);
  const wantAll = !ids.length && whenEmpty === 'all';
  useEffect(() => {
    if (!wantAll) return;
    let current = true;
    slice.allDefinitions().then(
      (list) => current && setAll(list),
      () => undefined, // the search still works without filters
    );
    return () => {
      current = false;
    };
  }, [slice, wantAll]);
  return ids.length ? some.flatMap((e) => (e?.state === 'ready' ? [e.value] : [])) : wantAll ? all : [];
}
