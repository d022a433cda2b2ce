/**
 * Profiles, the first slice: a resource batched over `POST profile/collection` within
 * PROFILE_FETCH_BATCH_DELAY_MS, PROFILE_CACHE_SIZE newest kept, the own account never dropped
 * (community §9), a denied load kept as an error marker (community §8), `profile:update` applied
 * in place. Read with `useProfile`, `useProfileEntry`, `useProfiles` (hooks.tsx).
 */
import type { Profile, ProfileMeta } from '../../schemas/model';
import { PROFILE_COLLECTION_MAX, PROFILE_CACHE_SIZE, PROFILE_FETCH_BATCH_DELAY_MS } from '../core/constants';
import { createResource, type LoadResult, type Resource } from './resource';
import { defineSlice } from './slice';
import { dataCall } from './transport';

/** One entry of `POST profile/collection`: the profile, or why it is not given. */
export type ProfileCollectionEntry = Profile | { accountId: string; error: 'forbidden' | 'notFound' };

/** `profile:update`: a profile changed (a form save, a meta write); `meta` alone for meta writes. */
export interface ProfileUpdateEvent {
  accountId: string;
  profile?: Profile;
  meta?: ProfileMeta;
  keepaliveTimestamp?: number;
  /** The profile was deleted. */
  removed?: boolean;
}

export const profileCalls = {
  collection: (accountIds: string[]) => dataCall<ProfileCollectionEntry[]>({ method: 'POST', path: 'profile/collection', body: { accountIds } }),
};

export interface ProfilesResource extends Resource<Profile> {
  /** Applies a realtime `profile:update`. */
  applyUpdate(event: ProfileUpdateEvent): void;
}

export const profilesSlice = defineSlice<ProfilesResource>({
  name: 'profiles',
  create({ store, layer, transport, schedule }) {
    const resource = createResource<Profile>(store, {
      name: 'profile',
      batch: { delayMs: PROFILE_FETCH_BATCH_DELAY_MS, maxBatch: PROFILE_COLLECTION_MAX, schedule },
      cacheSize: PROFILE_CACHE_SIZE,
      isPinned: (id) => id === layer.ownAccountId,
      async loadMany(ids) {
        const answers = new Map<string, LoadResult<Profile>>();
        const entries = await transport.request(profileCalls.collection(ids));
        for (const entry of Array.isArray(entries) ? entries : []) {
          if (!entry || typeof entry !== 'object' || typeof entry.accountId !== 'string') continue;
          answers.set(entry.accountId, 'error' in entry ? { error: entry.error === 'forbidden' ? 'forbidden' : 'notFound' } : { value: entry });
        }
        return answers;
      },
    });
    return {
      ...resource,
      applyUpdate(event) {
        if (!event || typeof event !== 'object' || typeof event.accountId !== 'string') return;
        if (event.removed === true) {
          // Shown views load it again and show it missing.
          resource.remove(event.accountId);
          return;
        }
        if (event.profile) {
          resource.put(event.accountId, event.profile);
          return;
        }
        resource.update(event.accountId, (profile) => ({
          ...profile,
          data: { ...profile.data, ...(event.meta ? { meta: event.meta } : {}) },
          ...(typeof event.keepaliveTimestamp === 'number' ? { keepaliveTimestamp: event.keepaliveTimestamp } : {}),
        }));
      },
    };
  },
  events: { 'profile:update': (profiles, payload) => profiles.applyUpdate(payload as ProfileUpdateEvent) },
});
