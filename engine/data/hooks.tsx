/** How blocks read the data layer: hooks over its atoms. Blocks never call fetch. */
import { atom, useAtomValue } from 'jotai';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { Profile } from '../../schemas/model';
import type { DataLayer } from './data-layer';
import type { ResourceEntry } from './resource';

/** Read when no id is given, so no cache entry is made for nothing. */
const noEntry = atom<ResourceEntry<Profile> | undefined>(undefined);

const DataLayerContext = createContext<DataLayer | undefined>(undefined);

export function DataLayerProvider({ value, children }: { value: DataLayer; children: ReactNode }) {
  return <DataLayerContext.Provider value={value}>{children}</DataLayerContext.Provider>;
}

export function useDataLayer(): DataLayer {
  const layer = useContext(DataLayerContext);
  if (!layer) throw new Error('useDataLayer needs a DataLayerProvider (the shell gives one to every page)');
  return layer;
}

/**
 * One profile's entry: undefined until asked for, `loading`, `ready` with the profile, or `error`
 * (`forbidden` is the stored marker of a denied load). Locks the id in the cache while mounted.
 */
export function useProfileEntry(accountId: string | undefined): ResourceEntry<Profile> | undefined {
  const { profiles } = useDataLayer();
  const entry = useAtomValue(accountId ? profiles.atom(accountId) : noEntry);
  useEffect(() => {
    if (!accountId) return;
    const unlock = profiles.lock(accountId);
    void profiles.ensure(accountId);
    return unlock;
  }, [profiles, accountId]);
  return accountId ? entry : undefined;
}

/** The profile when loaded, else undefined. */
export function useProfile(accountId: string | undefined): Profile | undefined {
  const entry = useProfileEntry(accountId);
  return entry?.state === 'ready' ? entry.value : undefined;
}
