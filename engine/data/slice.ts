/**
 * A slice of the data layer: what one domain keeps on the client (its calls, resources,
 * collections and realtime handlers), made once per layer on first use (`layer.slice(def)`), so
 * its code loads with the blocks that use it and adding a domain edits neither the layer nor the
 * transport.
 */
import type { useStore } from 'jotai';
import type { BatcherOptions } from './batcher';
import type { DataLayer } from './data-layer';
import type { DataTransport } from './transport';

export type JotaiStore = ReturnType<typeof useStore>;

/** The batch timer (tests drive it by hand). */
export type Schedule = NonNullable<BatcherOptions<unknown>['schedule']>;

/** What a slice is made with. */
export interface SliceContext {
  /** The shell's Jotai store: every atom of the slice lives there. */
  store: JotaiStore;
  /** The layer, for other slices (`layer.slice(profilesSlice)`) and reconnects. */
  layer: DataLayer;
  transport: DataTransport;
  schedule?: Schedule;
}

export interface SliceDefinition<T> {
  /** Unique per layer (two definitions of one name are a bundling mistake and throw). */
  name: string;
  create(context: SliceContext): T;
  /** Realtime events the slice applies, by event name; each gets the made slice and the raw payload (validate it). */
  events?: Record<string, (slice: T, payload: unknown) => void>;
}

/** Names a slice's definition (typed; the layer makes it on first use). */
export const defineSlice = <T>(definition: SliceDefinition<T>): SliceDefinition<T> => definition;
