/**
 * The data layer of one app: its resources, over the shell's Jotai store and the transport the
 * shell injects. Realtime events are routed here so they land in the same atoms the loads fill.
 */
import type { useStore } from 'jotai';
import { createProfilesResource, type ProfilesResource } from './profiles';
import type { DataTransport, ProfileUpdateEvent } from './transport';
import type { ResourceOptions } from './resource';
import type { Profile } from '../../schemas/model';

type JotaiStore = ReturnType<typeof useStore>;

export interface DataLayer {
  profiles: ProfilesResource;
  /** Applies a realtime event by name; unknown events are ignored (other domains add theirs). */
  applyEvent(name: string, payload: unknown): void;
}

export interface DataLayerOptions {
  ownAccountId?: string;
  /** The batch timer (tests drive it by hand). */
  schedule?: ResourceOptions<Profile>['batch']['schedule'];
}

export function createDataLayer(store: JotaiStore, transport: DataTransport, options: DataLayerOptions = {}): DataLayer {
  const profiles = createProfilesResource(store, transport, options);
  return {
    profiles,
    applyEvent(name, payload) {
      if (!payload || typeof payload !== 'object') return;
      if (name === 'profile:update') profiles.applyUpdate(payload as ProfileUpdateEvent);
    },
  };
}
