/** Profiles the page needs (the user's own for block meta and forms, a viewed one on profile pages), fetched once and kept in atoms. */
import { atom, useAtomValue, useStore } from 'jotai';
import { atomFamily } from 'jotai-family';
import { useEffect } from 'react';
import type { Id, Profile } from '../../schemas/model';
import type { ApiClient } from '../api/client';

/** undefined: not fetched yet; null: the server has none (or refused it). */
export const profileAtom = atomFamily((_id: Id) => atom<Profile | null | undefined>(undefined));

type Store = ReturnType<typeof useStore>;
const inFlight = new WeakMap<Store, Set<Id>>();

/** Fetches a profile into its atom once per store, however many components ask at the same time. */
function fetchProfile(store: Store, api: ApiClient, id: Id): void {
  let pending = inFlight.get(store);
  if (!pending) inFlight.set(store, (pending = new Set()));
  if (pending.has(id) || store.get(profileAtom(id)) !== undefined) return;
  pending.add(id);
  // A save (or a realtime update) may have filled the atom meanwhile: a late answer never overwrites it.
  const settle = (profile: Profile | null) => {
    pending.delete(id);
    if (store.get(profileAtom(id)) === undefined) store.set(profileAtom(id), profile);
  };
  api.get<Profile>(`profile/${encodeURIComponent(id)}`, { quiet: true }).then(
    (profile) => settle(profile ?? null),
    () => settle(null),
  );
}

export function useProfile(api: ApiClient, id: Id | undefined): Profile | null | undefined {
  const store = useStore();
  const value = useAtomValue(profileAtom(id ?? ''));
  useEffect(() => {
    if (id) fetchProfile(store, api, id);
  }, [api, store, id]);
  return id ? value : undefined;
}
