/**
 * Profiles, the first resource: batched `POST profile/collection` within PROFILE_FETCH_BATCH_DELAY_MS,
 * PROFILE_CACHE_SIZE newest kept, the own account never dropped (community §9), a denied load kept
 * as an error marker (community §8), `profile:update` applied in place.
 */
import type { useStore } from 'jotai';
import type { Profile } from '../../schemas/model';
import { PROFILE_COLLECTION_MAX, PROFILE_CACHE_SIZE, PROFILE_FETCH_BATCH_DELAY_MS } from '../core/constants';
import { createResource, type LoadResult, type Resource, type ResourceOptions } from './resource';
import type { DataTransport, ProfileUpdateEvent } from './transport';

type JotaiStore = ReturnType<typeof useStore>;

export interface ProfilesResource extends Resource<Profile> {
  /** Applies a realtime `profile:update`. */
  applyUpdate(event: ProfileUpdateEvent): void;
}

export function createProfilesResource(
  store: JotaiStore,
  transport: DataTransport,
  options: { ownAccountId?: string; schedule?: ResourceOptions<Profile>['batch']['schedule'] } = {},
): ProfilesResource {
  const resource = createResource<Profile>(store, {
    name: 'profile',
    batch: { delayMs: PROFILE_FETCH_BATCH_DELAY_MS, maxBatch: PROFILE_COLLECTION_MAX, schedule: options.schedule },
    cacheSize: PROFILE_CACHE_SIZE,
    isPinned: (id) => id === options.ownAccountId,
    async loadMany(ids) {
      const answers = new Map<string, LoadResult<Profile>>();
      for (const entry of await transport.loadProfiles(ids)) {
        if (!entry || typeof entry !== 'object' || typeof entry.accountId !== 'string') continue;
        answers.set(entry.accountId, 'error' in entry ? { error: entry.error === 'forbidden' ? 'forbidden' : 'notFound' } : { value: entry });
      }
      return answers;
    },
  });
  return {
    ...resource,
    applyUpdate(event) {
      if (!event || typeof event.accountId !== 'string') return;
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
}
