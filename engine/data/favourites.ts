/**
 * Favourites of the own account and how many members favourite an item (favouriteButton
 * `showCount`): a slice whose counts are a resource keyed by type and id, loaded with
 * `GET profile/favourites/count/{type}/{id}`, kept live by `favourites:count` and read again after
 * the own account toggles that favourite; the toggle's answer (the own meta) goes into the own
 * profile's atom.
 */
import type { ProfileMeta } from '../../schemas/model';
import { profilesSlice } from './profiles';
import { createResource, type LoadResult, type Resource } from './resource';
import { defineSlice } from './slice';
import { dataCall } from './transport';

/** Counts kept beyond the ones shown. */
const FAVOURITE_COUNT_CACHE_SIZE = 100;

/** `favourites:count`, and the answer of the count call. */
export interface FavouriteCountEvent {
  type: string;
  targetId: string;
  count: number;
}

/** The resource id of one item's count (ids may hold any character but a line break). */
export const favouriteCountKey = (type: string, id: string) => `${type}\n${id}`;

const seg = encodeURIComponent;

export const favouriteCalls = {
  /** The own profile's meta after the change; a failure is reported (the member's own change). */
  add: (type: string, value: string) => dataCall<ProfileMeta>({ method: 'PUT', path: 'profile/favourites/add', body: { type, value }, report: true }),
  remove: (type: string, targetId: string) => dataCall<ProfileMeta>({ method: 'DELETE', path: 'profile/favourites', body: { type, targetId }, report: true }),
  count: (type: string, targetId: string) => dataCall<FavouriteCountEvent>({ method: 'GET', path: `profile/favourites/count/${seg(type)}/${seg(targetId)}` }),
};

export interface FavouriteCountsResource extends Resource<number> {
  /** Applies a realtime `favourites:count` to a count that is held. */
  applyCount(event: FavouriteCountEvent): void;
  /** Reads a held count again (after the own account changed that favourite). */
  refresh(type: string, id: string): Promise<void>;
}

export interface Favourites {
  /** How many members favourite each item (type and id: `favouriteCountKey`). */
  counts: FavouriteCountsResource;
  /** Adds or removes one favourite of the own account; the own profile's meta follows the answer, and a shown count is read again. */
  set(type: string, id: string, on: boolean): Promise<void>;
}

export const favouritesSlice = defineSlice<Favourites>({
  name: 'favourites',
  create({ store, layer, transport }) {
    const resource = createResource<number>(store, {
      name: 'favouriteCount',
      // No batch call on the server: a page shows one or a few favourite buttons.
      batch: { delayMs: 0, maxBatch: 20 },
      cacheSize: FAVOURITE_COUNT_CACHE_SIZE,
      async loadMany(keys) {
        const answers = new Map<string, LoadResult<number>>();
        await Promise.all(
          keys.map(async (key) => {
            const [type, id] = key.split('\n');
            const answer = await transport.request(favouriteCalls.count(type, id));
            answers.set(key, typeof answer?.count === 'number' ? { value: answer.count } : { error: 'failed' });
          }),
        );
        return answers;
      },
    });
    const counts: FavouriteCountsResource = {
      ...resource,
      applyCount(event) {
        if (typeof event?.type !== 'string' || typeof event.targetId !== 'string' || typeof event.count !== 'number') return;
        const key = favouriteCountKey(event.type, event.targetId);
        if (resource.peek(key)) resource.put(key, event.count);
      },
      async refresh(type, id) {
        const key = favouriteCountKey(type, id);
        if (resource.peek(key)) await resource.ensure(key, true);
      },
    };
    return {
      counts,
      async set(type, id, on) {
        const own = layer.ownAccountId;
        if (!own) throw new Error('Favourites need a signed-in account');
        const meta = await transport.request(on ? favouriteCalls.add(type, id) : favouriteCalls.remove(type, id));
        if (meta && typeof meta === 'object') layer.slice(profilesSlice).update(own, (profile) => ({ ...profile, data: { ...profile.data, meta } }));
        // The realtime event may come first or not at all (no socket): the count is read again.
        await counts.refresh(type, id).catch(() => undefined);
      },
    };
  },
  events: { 'favourites:count': (favourites, payload) => favourites.counts.applyCount(payload as FavouriteCountEvent) },
});
