/** Profiles the page needs (the user's own for block meta and forms, a viewed one on profile pages), fetched once and kept in atoms. */
import { atom, useAtomValue, useStore } from 'jotai';
import { atomFamily } from 'jotai-family';
import { useEffect } from 'react';
import type { Id, Profile } from '../../schemas/model';
import type { ApiClient } from '../api/client';

/** undefined: not fetched yet; null: the server has none (or refused it). */
export const profileAtom = atomFamily((_id: Id) => atom<Profile | null | undefined>(undefined));

export function useProfile(api: ApiClient, id: Id | undefined): Profile | null | undefined {
  const store = useStore();
  const value = useAtomValue(profileAtom(id ?? ''));
  useEffect(() => {
    if (!id || store.get(profileAtom(id)) !== undefined) return;
    api
      .get<Profile>(`profile/${encodeURIComponent(id)}`, { quiet: true })
      .then((profile) => store.set(profileAtom(id), profile ?? null))
      .catch(() => store.set(profileAtom(id), null));
  }, [api, store, id]);
  return id ? value : undefined;
}
