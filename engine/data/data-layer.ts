/**
 * The data layer of one app: its resources, over the shell's Jotai store and the transport the
 * shell injects. Realtime events are routed here so they land in the same atoms the loads fill.
 */
import type { useStore } from 'jotai';
import { createProfilesResource, type ProfilesResource } from './profiles';
import { createFavouriteCounts, type FavouriteCountsResource } from './favourite-counts';
import type { DataTransport, FavouriteCountEvent, MemberFacets, MemberSearchQuery, ProfileUpdateEvent } from './transport';
import type { ResourceOptions } from './resource';
import type { Profile } from '../../schemas/model';

type JotaiStore = ReturnType<typeof useStore>;

export interface MemberSearchResult {
  accountIds: string[];
  total: number;
  facets?: MemberFacets;
}

export interface DataLayer {
  /** The signed-in account (its profile is never dropped from the cache). */
  ownAccountId?: string;
  profiles: ProfilesResource;
  /** Runs a member search; the profiles found land in the profile atoms, the result names them. */
  searchMembers(query: MemberSearchQuery): Promise<MemberSearchResult>;
  /**
   * One instance per layer of a service a block chunk brings (the headless searches,
   * member-searches.ts), made on first use: the data layer does not import its code, so a page
   * without those blocks never downloads it.
   */
  shared<T>(create: (store: JotaiStore, layer: DataLayer) => T): T;
  /** How many members favourite each item (type and id: `favouriteCountKey`). */
  favouriteCounts: FavouriteCountsResource;
  /** Adds or removes one favourite of the own account; the own profile's meta follows the answer, and a shown count is read again. */
  setFavourite(type: string, id: string, on: boolean): Promise<void>;
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
  const favouriteCounts = createFavouriteCounts(store, transport);
  async function searchMembers(query: MemberSearchQuery): Promise<MemberSearchResult> {
    if (!transport.searchMembers) throw new Error('This app gives the data layer no member search');
    const answer = await transport.searchMembers(query);
    const items = Array.isArray(answer?.items) ? answer.items.filter((i) => i && typeof i.accountId === 'string') : [];
    for (const item of items) if (item.profile) profiles.put(item.accountId, item.profile);
    const facets = answer?.facets && typeof answer.facets === 'object' ? answer.facets : undefined;
    return { accountIds: items.map((i) => i.accountId), total: typeof answer?.total === 'number' ? answer.total : items.length, ...(facets ? { facets } : {}) };
  }
  const services = new Map<unknown, unknown>();
  const layer: DataLayer = {
    ownAccountId: options.ownAccountId,
    profiles,
    searchMembers,
    shared<T>(create: (store: JotaiStore, layer: DataLayer) => T): T {
      if (!services.has(create)) services.set(create, create(store, layer));
      return services.get(create) as T;
    },
    favouriteCounts,
    async setFavourite(type, id, on) {
      const own = options.ownAccountId;
      const call = on ? transport.addFavourite : transport.removeFavourite;
      if (!own || !call) throw new Error('This app gives the data layer no favourites');
      const meta = await call(type, id);
      if (meta && typeof meta === 'object') profiles.update(own, (profile) => ({ ...profile, data: { ...profile.data, meta } }));
      // The realtime event may come first or not at all (no socket): the count is read again.
      await favouriteCounts.refresh(type, id).catch(() => undefined);
    },
    applyEvent(name, payload) {
      if (!payload || typeof payload !== 'object') return;
      if (name === 'profile:update') profiles.applyUpdate(payload as ProfileUpdateEvent);
      if (name === 'favourites:count') favouriteCounts.applyCount(payload as FavouriteCountEvent);
    },
  };
  return layer;
}
