/** How blocks read the data layer: hooks over its atoms. Blocks never call fetch. */
import { atom, useAtomValue, type Atom } from 'jotai';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { favouritesOf } from '../core/favourites';
import type { Profile } from '../../schemas/model';
import type { DataLayer } from './data-layer';
import { favouriteCountKey, favouritesSlice } from './favourites';
import { memberSearchSlice, type MemberSearchQuery, type MemberSearchResult } from './member-search';
import { profilesSlice } from './profiles';
import type { Resource, ResourceEntry } from './resource';

/** Read when no id is given, so no cache entry is made for nothing. */
const noEntry = atom<ResourceEntry<unknown> | undefined>(undefined);

const DataLayerContext = createContext<DataLayer | undefined>(undefined);

export function DataLayerProvider({ value, children }: { value: DataLayer; children: ReactNode }) {
  return <DataLayerContext.Provider value={value}>{children}</DataLayerContext.Provider>;
}

export function useDataLayer(): DataLayer {
  const layer = useContext(DataLayerContext);
  if (!layer) throw new Error('useDataLayer needs a DataLayerProvider (the shell gives one to every page)');
  return layer;
}

/** The data layer when the host gives one (a block that can show itself without data: "unavailable"). */
export function useOptionalDataLayer(): DataLayer | undefined {
  return useContext(DataLayerContext);
}

/**
 * One profile's entry: undefined until asked for, `loading`, `ready` with the profile, or `error`
 * (`forbidden` is the stored marker of a denied load). Locks the id in the cache while mounted.
 */
export function useProfileEntry(accountId: string | undefined): ResourceEntry<Profile> | undefined {
  return useResourceEntry(useDataLayer().slice(profilesSlice), accountId);
}

/** One id's entry of any resource, loaded when first read and locked in the cache while mounted. */
export function useResourceEntry<V>(resource: Resource<V>, id: string | undefined): ResourceEntry<V> | undefined {
  const entry = useAtomValue(id ? resource.atom(id) : (noEntry as Atom<ResourceEntry<V> | undefined>));
  useEffect(() => {
    if (!id) return;
    const unlock = resource.lock(id);
    void resource.ensure(id);
    return unlock;
  }, [resource, id]);
  return id ? entry : undefined;
}

/** The entries of some ids of a resource, in their order (each loaded when first read and locked while mounted); none without a resource. */
export function useResourceEntries<V>(resource: Resource<V> | undefined, ids: readonly string[]): (ResourceEntry<V> | undefined)[] {
  const key = ids.join('\n');
  const all = useMemo(() => {
    const list = key ? key.split('\n') : [];
    return atom((get) => (resource ? list.map((id) => get(resource.atom(id))) : []));
  }, [resource, key]);
  const entries = useAtomValue(all);
  useEffect(() => {
    if (!resource || !key) return;
    const list = key.split('\n');
    const unlocks = list.map((id) => resource.lock(id));
    for (const id of list) void resource.ensure(id);
    return () => unlocks.forEach((u) => u());
  }, [resource, key]);
  return entries;
}

/** The profile when loaded, else undefined. */
export function useProfile(accountId: string | undefined): Profile | undefined {
  const entry = useProfileEntry(accountId);
  return entry?.state === 'ready' ? entry.value : undefined;
}

export type MemberSearchState = { state: 'loading'; last?: MemberSearchResult } | { state: 'ready'; result: MemberSearchResult } | { state: 'error' };

/** A member search, run again whenever the query changes; a late answer to an older query is dropped. */
export function useMemberSearch(query: MemberSearchQuery | undefined): MemberSearchState {
  const search = useDataLayer().slice(memberSearchSlice).search;
  const key = query ? JSON.stringify(query) : '';
  const [state, setState] = useState<MemberSearchState>({ state: 'loading' });
  useEffect(() => {
    if (!key) return;
    let current = true;
    setState((s) => ({ state: 'loading', last: s.state === 'ready' ? s.result : s.state === 'loading' ? s.last : undefined }));
    search(JSON.parse(key) as MemberSearchQuery).then(
      (result) => current && setState({ state: 'ready', result }),
      () => current && setState({ state: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [search, key]);
  return state;
}

/** The own account's favourites of one type, and a toggle that saves through the data layer. */
export function useFavourites(type: string): { ids: string[]; loaded: boolean; set(id: string, on: boolean): Promise<void> } {
  const layer = useDataLayer();
  const entry = useProfileEntry(layer.ownAccountId);
  const set = useCallback((id: string, on: boolean) => layer.slice(favouritesSlice).set(type, id, on), [layer, type]);
  const meta = entry?.state === 'ready' ? entry.value.data?.meta : undefined;
  return { ids: favouritesOf(meta, type), loaded: entry?.state === 'ready', set };
}

/** How many members favourite an item, when `enabled` (loaded then, and kept live); undefined until known. */
export function useFavouriteCount(type: string, id: string | undefined, enabled: boolean): number | undefined {
  const counts = useDataLayer().slice(favouritesSlice).counts;
  const entry = useResourceEntry(counts, enabled && id ? favouriteCountKey(type, id) : undefined);
  return entry?.state === 'ready' ? entry.value : undefined;
}

/** The own profile's meta (favourites of every type), once loaded. */
export function useOwnProfile(): Profile | undefined {
  return useProfile(useDataLayer().ownAccountId);
}

/** The own profile's entry: blocks that need it say so in words when it could not be loaded, instead of loading for ever. */
export function useOwnProfileEntry(): ResourceEntry<Profile> | undefined {
  return useProfileEntry(useDataLayer().ownAccountId);
}

/** The loaded profiles of some ids, in their order (each loaded when first read and locked in the cache while mounted). */
export function useProfiles(accountIds: string[]): Profile[] {
  const entries = useResourceEntries(useDataLayer().slice(profilesSlice), accountIds);
  return entries.flatMap((e) => (e?.state === 'ready' ? [e.value] : []));
}
