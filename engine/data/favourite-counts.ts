/**
 * How many members favourite an item (favouriteButton `showCount`): a resource keyed by type and
 * id, loaded with `GET profile/favourites/count/{type}/{id}`, kept live by `favourites:count` and
 * read again after the own account toggles that favourite.
 */
import type { useStore } from 'jotai';
import { createResource, type LoadResult, type Resource } from './resource';
import type { DataTransport, FavouriteCountEvent } from './transport';

type JotaiStore = ReturnType<typeof useStore>;

/** Counts kept beyond the ones shown. */
const FAVOURITE_COUNT_CACHE_SIZE = 100;

/** The resource id of one item's count (ids may hold any character but a line break). */
export const favouriteCountKey = (type: string, id: string) => `${type}\n${id}`;

export interface FavouriteCountsResource extends Resource<number> {
  /** Applies a realtime `favourites:count` to a count that is held. */
  applyCount(event: FavouriteCountEvent): void;
  /** Reads a held count again (after the own account changed that favourite). */
  refresh(type: string, id: string): Promise<void>;
}

export function createFavouriteCounts(store: JotaiStore, transport: DataTransport): FavouriteCountsResource {
  const resource = createResource<number>(store, {
    name: 'favouriteCount',
    // No batch call on the server: a page shows one or a few favourite buttons.
    batch: { delayMs: 0, maxBatch: 20 },
    cacheSize: FAVOURITE_COUNT_CACHE_SIZE,
    async loadMany(keys) {
      const answers = new Map<string, LoadResult<number>>();
      const count = transport.favouriteCount;
      if (!count) throw new Error('This app gives the data layer no favourite counts');
      await Promise.all(
        keys.map(async (key) => {
          const [type, id] = key.split('\n');
          const answer = await count(type, id);
          answers.set(key, typeof answer?.count === 'number' ? { value: answer.count } : { error: 'failed' });
        }),
      );
      return answers;
    },
  });
  return {
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
}
