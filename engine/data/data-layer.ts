/**
 * The data layer of one app: a composition of slices over the shell's Jotai store and the
 * transport the shell injects. Each domain's slice is made on first use; realtime events are
 * routed to the slices that declared them, by name, so they land in the same atoms the loads fill;
 * a reconnect tells every listener (the mounted collections refetch what they may have missed).
 */
import type { DataTransport } from './transport';
import type { JotaiStore, Schedule, SliceDefinition } from './slice';

export interface DataLayer {
  /** The signed-in account (its profile is never dropped from the cache). */
  readonly ownAccountId?: string;
  /** A domain's slice, made once per layer on first use. */
  slice<T>(definition: SliceDefinition<T>): T;
  /** Applies a realtime event to the slices that declared it; false when none (made yet) does. */
  applyEvent(name: string, payload: unknown): boolean;
  /** The realtime connection came back: every reconnect listener runs (mounted collections refetch). */
  reconnected(): void;
  /** Hears reconnects; returns the removal. */
  onReconnect(listener: () => void): () => void;
  /** Sends an event over the shell's realtime connection (typing, joining a room); dropped while there is none. */
  emit(event: string, payload: unknown): void;
  /** The shell hands its realtime connection's sends in (null when it closes). */
  attachRealtime(link: RealtimeLink | null): void;
  /** The realtime connection (re)connected: rooms are joined again, missed items asked for. */
  connected(): void;
  /** Hears each connection; `again` after the first (a reconnect, when events may have been missed). Returns the removal. */
  onConnect(listener: (again: boolean) => void): () => void;
}

/** What the data layer asks of the realtime connection. */
export interface RealtimeLink {
  emit(event: string, payload: unknown): void;
}

export interface DataLayerOptions {
  ownAccountId?: string;
  /** The batch timer of every resource (tests drive it by hand). */
  schedule?: Schedule;
}

export function createDataLayer(store: JotaiStore, transport: DataTransport, options: DataLayerOptions = {}): DataLayer {
  const slices = new Map<SliceDefinition<unknown>, unknown>();
  const names = new Set<string>();
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  const reconnectListeners = new Set<() => void>();
  const connectListeners = new Set<(again: boolean) => void>();
  let link: RealtimeLink | null = null;
  let connections = 0;
  const layer: DataLayer = {
    ownAccountId: options.ownAccountId,
    slice<T>(definition: SliceDefinition<T>): T {
      const def = definition as SliceDefinition<unknown>;
      if (slices.has(def)) return slices.get(def) as T;
      if (names.has(def.name)) throw new Error(`Two data layer slices are named "${def.name}" (a module bundled twice?)`);
      const made = definition.create({ store, layer, transport, schedule: options.schedule });
      names.add(def.name);
      slices.set(def, made);
      for (const [event, handle] of Object.entries(definition.events ?? {})) {
        handlers.set(event, [...(handlers.get(event) ?? []), (payload) => handle(made, payload)]);
      }
      return made;
    },
    applyEvent(name, payload) {
      const list = handlers.get(name);
      if (!list) return false;
      for (const handle of list) handle(payload);
      return true;
    },
    reconnected() {
      for (const listener of [...reconnectListeners]) listener();
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    emit(event, payload) {
      link?.emit(event, payload);
    },
    attachRealtime(next) {
      link = next;
      if (!next) connections = 0;
    },
    connected() {
      connections++;
      for (const listener of [...connectListeners]) listener(connections > 1);
    },
    onConnect(listener) {
      connectListeners.add(listener);
      return () => connectListeners.delete(listener);
    },
  };
  return layer;
}
