/**
 * A collection of the client data layer: one list of items of one kind (a chat's messages, the
 * notifications, a feed's posts, the files of an upload) in the shell's Jotai store. Pages come
 * through keyset cursors both ways (the server's opaque cursor, or one made from the edge item, e.g.
 * its createdAt and id); pages, realtime arrivals and the member's own writes are merged by id (an
 * item already present is replaced, never doubled) and kept in the collection's sort order;
 * inserts and updates show at once and roll back when the server refuses them, with a retry state
 * per item; after a reconnect the collection asks for what is newer than the last item it knows
 * (or reloads from the start when that gap is too large or the cursor is refused).
 *
 * The items live in a resource (atoms per id): the kind's own when it is also read by id, so an
 * item changed anywhere changes in every list that shows it; otherwise a private one.
 * `createCollections` keeps one collection per key (per chat, per upload context) with the
 * least recently used unmounted ones dropped. Hooks: collection-hooks.tsx.
 */
import { atom, type Atom } from 'jotai';
import type { DataLayer } from './data-layer';
import { createResource, type Resource } from './resource';
import type { JotaiStore } from './slice';
import { statusOf } from './transport';

export type Direction = 'older' | 'newer';

/**
 * What `loadPage` is asked for: the first page (the newest items, unless the server starts
 * elsewhere and says so with `more.newer`), or the items right beyond a cursor in one direction
 * (`newer`: those just after it, not the newest; `older`: those just before it).
 */
export type PageRequest<C> = { direction: 'first'; limit: number } | { direction: Direction; cursor: C; limit: number };

export interface Page<T, C = string> {
  items: T[];
  /** Whether more items lie beyond this page, in each direction it answers for (absent: none). */
  more?: Partial<Record<Direction, boolean>>;
  /** The server's cursors for the next page each way; without them `cursorOf` of the page's edge items. */
  cursors?: Partial<Record<Direction, C>>;
  /** The list's length on the server, when it counts it. */
  total?: number;
}

export type PendingOp = 'insert' | 'update';

/** A write of the member's not confirmed yet: sent, or refused (`retry()` sends it again, `discard()` gives it up). */
export type PendingItem = { state: 'pending'; op: PendingOp } | { state: 'failed'; op: PendingOp; error: unknown };

export interface CollectionState<C = string> {
  /** `idle` until a view asks, `loading` the first page (items shown meanwhile stay), `error` when it failed with nothing to show. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the last load failed (kept until one succeeds). */
  error?: unknown;
  /** The items' ids in display order. */
  ids: string[];
  /** More on the server beyond the loaded items, per direction. */
  more: Record<Direction, boolean>;
  /** A page is on its way, per direction. */
  loading: Record<Direction, boolean>;
  total?: number;
  /** The member's writes not confirmed yet, by item id. */
  pending: Record<string, PendingItem>;
  /** Where the next page each way starts. */
  cursors: Partial<Record<Direction, C>>;
}

/** What views read: the state with the items (those ready in the resource), in display order. */
export type CollectionView<T, C = string> = CollectionState<C> & { items: T[] };

export interface CollectionOptions<T, C = string> {
  /** For messages. */
  name: string;
  idOf(item: T): string;
  /** The sort key, oldest first: negative when `a` is older than `b` (e.g. createdAt, then id). */
  compare(a: T, b: T): number;
  /** Shown newest first (notifications, feeds); otherwise oldest first (chat). */
  newestFirst?: boolean;
  loadPage(request: PageRequest<C>): Promise<Page<T, C>>;
  /** Items asked for per page (default 50). */
  pageSize?: number;
  /** An item's cursor, when pages bring none (the server's keyset, e.g. `${createdAt}:${id}`). */
  cursorOf?(item: T): C;
  /** The kind's resource when it is also read by id; a private one otherwise. */
  resource?: Resource<T>;
  /** Most items a refetch after a reconnect brings before it reloads from the start instead (default 4 pages). */
  maxGap?: number;
  /** Told when the last view unmounts (a keyed group then drops the least used). */
  onUnmount?(): void;
}

export interface Collection<T, C = string> {
  /** State and items, for views (`useCollection`). */
  readonly view: Atom<CollectionView<T, C>>;
  peek(): CollectionState<C>;
  /** The items now, in display order. */
  items(): T[];
  /** Loads the first page unless it is loaded or loading. */
  load(): Promise<void>;
  /** Loads the first page again; the member's unconfirmed inserts stay. */
  reload(): Promise<void>;
  loadOlder(): Promise<void>;
  loadNewer(): Promise<void>;
  /** Asks for what is newer than the last item known (after a reconnect), or reloads when the gap is too large or the cursor refused. */
  refetchSince(): Promise<void>;
  /** Realtime arrivals and changes: replaced when present, else placed in order (not when they lie beyond a side not loaded yet). */
  merge(items: T[]): void;
  /** Drops an item from this list (a domain that deletes it also removes it from its resource). */
  remove(id: string): void;
  /** Shows `item` at once and sends it; the saved item (the server's id may differ) replaces it. Resolves to it, or undefined when refused (then `failed`). */
  insert(item: T, send: (item: T) => Promise<T>): Promise<T | undefined>;
  /** Changes an item at once and sends the change; refused, the item rolls back and the change waits in `failed`. */
  update(id: string, change: (item: T) => T, send: (item: T) => Promise<T>): Promise<T | undefined>;
  /** Sends a failed insert or update again. */
  retry(id: string): Promise<T | undefined>;
  /** Gives a pending or failed write up: an insert leaves the list, an update's item is back to what it was. */
  discard(id: string): void;
  /** A view shows it (refetched on reconnect while mounted); returns the unmount. */
  mount(): () => void;
  isMounted(): boolean;
  /** The realtime connection came back: a mounted collection refetches now, another when next mounted. */
  reconnected(): void;
  /** Forgets everything and releases its items (dropped from a keyed group). */
  dispose(): void;
}

const DEFAULT_PAGE_SIZE = 50;

/** Statuses by which the server refuses a cursor (malformed, unknown, expired): the list reloads from the start. */
const CURSOR_REFUSED = new Set([400, 404, 410]);

const initialState = <C>(): CollectionState<C> => ({
  status: 'idle',
  ids: [],
  more: { older: false, newer: false },
  loading: { older: false, newer: false },
  pending: {},
  cursors: {},
});

interface Attempt<T> {
  op: PendingOp;
  /** Applies the write to the shown item and sends it. */
  start(): Promise<T>;
  /** Puts back what the write replaced. */
  rollback?(): void;
}

export function createCollection<T, C = string>(store: JotaiStore, options: CollectionOptions<T, C>): Collection<T, C> {
  const limit = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const maxGap = options.maxGap ?? limit * 4;
  // A private resource keeps nothing beyond what the collection holds (held ids are locked).
  const resource =
    options.resource ?? createResource<T>(store, { name: options.name, batch: { delayMs: 0, maxBatch: 1 }, cacheSize: 0, loadMany: async () => new Map() });
  const stateAtom = atom(initialState<C>());
  const held = new Map<string, () => void>();
  const attempts = new Map<string, Attempt<T>>();
  const inflight: { first?: Promise<void>; older?: Promise<void>; newer?: Promise<void> } = {};
  /** Bumped by a reload and a dispose: answers to older requests are dropped. */
  let generation = 0;
  /** Realtime arrivals while a first page is on its way, merged again once it lands (it may predate them). */
  let arrivals: T[] | undefined;
  /** The newest item the server showed in order (pages, realtime): the refetch after a reconnect starts there. */
  let newestKnown: T | undefined;
  let mounted = 0;
  let stale = false;

  // A loader that throws at once fails like one that rejects, after the request is marked in flight.
  const ask = (request: PageRequest<C>) => Promise.resolve(request).then(options.loadPage);
  const get = () => store.get(stateAtom);
  const put = (next: CollectionState<C>) => store.set(stateAtom, next);
  const valueOf = (id: string): T | undefined => {
    const entry = resource.peek(id);
    return entry?.state === 'ready' ? entry.value : undefined;
  };
  const order = (a: T, b: T) => (options.newestFirst ? options.compare(b, a) : options.compare(a, b));
  const idOf = (item: T): string | undefined => {
    const id = item && typeof item === 'object' ? options.idOf(item) : undefined;
    return typeof id === 'string' ? id : undefined;
  };

  function hold(id: string, item: T): void {
    // Locked first: a private resource keeps only locked ids.
    if (!held.has(id)) held.set(id, resource.lock(id));
    resource.put(id, item);
  }
  function release(id: string): void {
    held.get(id)?.();
    held.delete(id);
  }
  /** An id that never was the server's (an unconfirmed insert): out of the resource too. */
  function forget(id: string): void {
    release(id);
    resource.remove(id);
  }

  function sorted(ids: string[]): string[] {
    const rows = ids.map((id) => ({ id, value: valueOf(id) }));
    // Stable; an id whose item is gone (removed from a shared resource) sinks to the end.
    rows.sort((x, y) => (x.value === undefined ? (y.value === undefined ? 0 : 1) : y.value === undefined ? -1 : order(x.value, y.value)));
    return rows.map((r) => r.id);
  }

  /** The confirmed item at one end (unconfirmed inserts are not the server's). */
  function edge(s: CollectionState<C>, direction: Direction): T | undefined {
    const fromStart = (direction === 'older') !== !!options.newestFirst;
    for (let i = 0; i < s.ids.length; i++) {
      const id = s.ids[fromStart ? i : s.ids.length - 1 - i];
      if (s.pending[id]?.op === 'insert') continue;
      const value = valueOf(id);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  /** An item beyond a side with more not loaded would leave a hole: the page that covers it brings it. */
  function beyondLoaded(s: CollectionState<C>, item: T): boolean {
    const oldest = s.more.older ? edge(s, 'older') : undefined;
    const newest = s.more.newer ? edge(s, 'newer') : undefined;
    return (oldest !== undefined && options.compare(item, oldest) < 0) || (newest !== undefined && options.compare(item, newest) > 0);
  }

  /** Merges items by id; `bounded` (realtime) leaves out those beyond an unloaded side. */
  function withItems(s: CollectionState<C>, items: readonly T[], bounded: boolean): { state: CollectionState<C>; added: T[] } {
    const present = new Set(s.ids);
    const ids = [...s.ids];
    const added: T[] = [];
    for (const item of items) {
      const id = idOf(item);
      if (id === undefined) continue;
      if (present.has(id)) {
        resource.put(id, item);
        continue;
      }
      if (bounded && beyondLoaded(s, item)) continue;
      hold(id, item);
      present.add(id);
      ids.push(id);
      added.push(item);
    }
    return { state: { ...s, ids: sorted(ids) }, added };
  }

  /** Notes the newest item the server showed in order, and makes the newer cursor from it when pages bring none. */
  function sawNewest(s: CollectionState<C>, items: readonly T[]): CollectionState<C> {
    let newest = newestKnown;
    for (const item of items) if (idOf(item) !== undefined && (newest === undefined || options.compare(item, newest) > 0)) newest = item;
    if (newest === newestKnown) return s;
    newestKnown = newest;
    return options.cursorOf && newest !== undefined ? { ...s, cursors: { ...s.cursors, newer: options.cursorOf(newest) } } : s;
  }

  function oldestOf(items: readonly T[]): T | undefined {
    let oldest: T | undefined;
    for (const item of items) if (idOf(item) !== undefined && (oldest === undefined || options.compare(item, oldest) < 0)) oldest = item;
    return oldest;
  }

  function applyPage(s: CollectionState<C>, page: Page<T, C>, direction: Direction): CollectionState<C> {
    const items = Array.isArray(page?.items) ? page.items : [];
    let next = sawNewest(withItems({ ...s, error: undefined }, items, false).state, direction === 'newer' ? items : []);
    next = { ...next, more: { ...next.more, [direction]: page?.more?.[direction] === true } };
    const cursor = page?.cursors?.[direction];
    const oldest = direction === 'older' ? oldestOf(items) : undefined;
    if (cursor !== undefined) next = { ...next, cursors: { ...next.cursors, [direction]: cursor } };
    else if (oldest !== undefined && options.cursorOf) next = { ...next, cursors: { ...next.cursors, older: options.cursorOf(oldest) } };
    return typeof page?.total === 'number' ? { ...next, total: page.total } : next;
  }

  function applyFirstPage(s: CollectionState<C>, page: Page<T, C>): CollectionState<C> {
    const items = Array.isArray(page?.items) ? page.items : [];
    const unconfirmed = s.ids.filter((id) => s.pending[id]?.op === 'insert');
    newestKnown = undefined;
    let next: CollectionState<C> = {
      ...s,
      status: 'ready',
      error: undefined,
      ids: unconfirmed,
      more: { older: page?.more?.older === true, newer: page?.more?.newer === true },
      total: typeof page?.total === 'number' ? page.total : undefined,
      cursors: {},
    };
    next = sawNewest(withItems(next, items, false).state, items);
    const oldest = oldestOf(items);
    const cursors = {
      older: page?.cursors?.older ?? (oldest !== undefined && options.cursorOf ? options.cursorOf(oldest) : undefined),
      newer: page?.cursors?.newer ?? next.cursors.newer,
    };
    next = { ...next, cursors };
    // Held anew before the old ones go, so an item in both is never dropped from a shared resource.
    const kept = new Set(next.ids);
    for (const id of s.ids) if (!kept.has(id)) release(id);
    return next;
  }

  function loadFirst(): Promise<void> {
    const gen = ++generation;
    inflight.older = inflight.newer = undefined;
    arrivals = [];
    put({ ...get(), status: 'loading', loading: { older: false, newer: false } });
    const run = ask({ direction: 'first', limit }).then(
      (page) => {
        if (gen !== generation) return;
        inflight.first = undefined;
        const late = arrivals ?? [];
        arrivals = undefined;
        let next = applyFirstPage(get(), page);
        if (late.length) next = mergeArrivals(next, late);
        put(next);
      },
      (error: unknown) => {
        if (gen !== generation) return;
        inflight.first = arrivals = undefined;
        const s = get();
        put({ ...s, status: s.ids.length ? 'ready' : 'error', error });
      },
    );
    inflight.first = run;
    return run;
  }

  function loadMore(direction: Direction): Promise<void> {
    const s = get();
    const running = inflight[direction];
    if (running) return running;
    const cursor = s.cursors[direction];
    if (s.status !== 'ready' || !s.more[direction] || cursor === undefined) return Promise.resolve();
    const gen = generation;
    put({ ...s, loading: { ...s.loading, [direction]: true } });
    const run = ask({ direction, cursor, limit }).then(
      (page) => {
        if (gen !== generation) return;
        inflight[direction] = undefined;
        const next = applyPage(get(), page, direction);
        put({ ...next, loading: { ...next.loading, [direction]: false } });
      },
      (error: unknown) => {
        if (gen !== generation) return;
        inflight[direction] = undefined;
        const now = get();
        put({ ...now, error, loading: { ...now.loading, [direction]: false } });
      },
    );
    inflight[direction] = run;
    return run;
  }

  async function refetchSince(): Promise<void> {
    if (inflight.first) {
      // A first page asked for before the reconnect may predate what was missed: asked again after it.
      await inflight.first;
      if (get().status !== 'ready') return;
    }
    const s = get();
    if (s.status === 'idle') return;
    if (s.status === 'error') return loadFirst();
    // Not at the newest end: the newer pages load when the view asks for them.
    if (s.more.newer) return;
    if (inflight.newer) await inflight.newer;
    const since = get().cursors.newer;
    if (since === undefined) return loadFirst();
    const gen = generation;
    const done = (error?: unknown) => {
      inflight.newer = undefined;
      const now = get();
      put({ ...now, ...(error !== undefined ? { error } : {}), loading: { ...now.loading, newer: false } });
    };
    put({ ...get(), loading: { ...get().loading, newer: true } });
    const run = (async () => {
      let cursor = since;
      let brought = 0;
      for (;;) {
        let page: Page<T, C>;
        try {
          page = await ask({ direction: 'newer', cursor, limit });
        } catch (error) {
          if (gen !== generation) return;
          done(error);
          const status = statusOf(error);
          if (status !== undefined && CURSOR_REFUSED.has(status)) await loadFirst();
          return;
        }
        if (gen !== generation) return;
        put(applyPage(get(), page, 'newer'));
        brought += Array.isArray(page?.items) ? page.items.length : 0;
        const next = get().cursors.newer;
        if (page?.more?.newer !== true) return done();
        if (brought >= maxGap || next === undefined || next === cursor) {
          done();
          // Too much was missed (or the server gave nothing to go on): the newest page instead.
          return loadFirst();
        }
        cursor = next;
      }
    })();
    inflight.newer = run;
    return run;
  }

  function mergeArrivals(s: CollectionState<C>, items: readonly T[]): CollectionState<C> {
    const { state, added } = withItems(s, items, true);
    const next = state.total !== undefined && added.length ? { ...state, total: state.total + added.length } : state;
    // Arrivals come in order over a live connection: the newer cursor follows those in the list.
    const placed = new Set(state.ids);
    return sawNewest(
      next,
      items.filter((item) => placed.has(idOf(item) ?? '')),
    );
  }

  function setPending(id: string, entry: PendingItem | undefined): void {
    const s = get();
    const { [id]: _dropped, ...rest } = s.pending;
    put({ ...s, ids: sorted(s.ids), pending: entry ? { ...rest, [id]: entry } : rest });
  }

  async function run(id: string, attempt: Attempt<T>): Promise<T | undefined> {
    setPending(id, { state: 'pending', op: attempt.op });
    let saved: T;
    try {
      saved = await attempt.start();
    } catch (error) {
      if (attempts.get(id) !== attempt) return undefined;
      attempt.rollback?.();
      setPending(id, { state: 'failed', op: attempt.op, error });
      return undefined;
    }
    if (attempts.get(id) !== attempt) return saved;
    attempts.delete(id);
    const savedId = idOf(saved);
    const s = get();
    const { [id]: _done, ...pending } = s.pending;
    let next: CollectionState<C> = { ...s, pending };
    if (attempt.op === 'insert' && savedId !== undefined) {
      // Confirmed over HTTP, perhaps while the socket was down: the cursors do not move with it.
      const counted = savedId !== id && s.ids.includes(savedId);
      if (savedId !== id) {
        next = { ...next, ids: next.ids.filter((x) => x !== id) };
        forget(id);
      }
      next = withItems(next, [saved], false).state;
      if (next.total !== undefined && !counted) next = { ...next, total: next.total + 1 };
    } else if (savedId !== undefined) {
      resource.put(savedId, saved);
      next = { ...next, ids: sorted(next.ids) };
    }
    put(next);
    return saved;
  }

  const collection: Collection<T, C> = {
    view: atom((read) => {
      const s = read(stateAtom);
      const items: T[] = [];
      for (const id of s.ids) {
        const entry = read(resource.atom(id));
        if (entry?.state === 'ready') items.push(entry.value);
      }
      return { ...s, items };
    }),
    peek: get,
    items: () => get().ids.flatMap((id) => (valueOf(id) === undefined ? [] : [valueOf(id)!])),
    load() {
      const s = get();
      if (s.status === 'idle' || s.status === 'error') return loadFirst();
      return inflight.first ?? Promise.resolve();
    },
    reload: loadFirst,
    loadOlder: () => loadMore('older'),
    loadNewer: () => loadMore('newer'),
    refetchSince,
    merge(items) {
      const list = Array.isArray(items) ? items : [];
      const s = get();
      if (s.status === 'idle' || s.status === 'error') {
        // Not loaded: the first page brings them; a shared resource's other readers still see the change.
        for (const item of list) {
          const id = idOf(item);
          if (id !== undefined && valueOf(id) !== undefined) resource.put(id, item);
        }
        return;
      }
      arrivals?.push(...list);
      put(mergeArrivals(s, list));
    },
    remove(id) {
      const s = get();
      if (!s.ids.includes(id)) return;
      const confirmed = s.pending[id]?.op !== 'insert';
      const { [id]: _gone, ...pending } = s.pending;
      attempts.delete(id);
      put({
        ...s,
        ids: s.ids.filter((x) => x !== id),
        pending,
        ...(s.total !== undefined && confirmed ? { total: Math.max(0, s.total - 1) } : {}),
      });
      release(id);
    },
    insert(item, send) {
      const id = idOf(item);
      if (id === undefined) return Promise.resolve(undefined);
      const attempt: Attempt<T> = { op: 'insert', start: () => send(valueOf(id) ?? item) };
      attempts.set(id, attempt);
      const s = get();
      hold(id, item);
      put({ ...s, ids: s.ids.includes(id) ? s.ids : [...s.ids, id] });
      return run(id, attempt);
    },
    update(id, change, send) {
      if (valueOf(id) === undefined) return Promise.resolve(undefined);
      const attempt: Attempt<T> = {
        op: 'update',
        start() {
          const previous = valueOf(id);
          if (previous === undefined) return Promise.reject(new Error(`${options.name} ${id} is no longer held`));
          const next = change(previous);
          resource.put(id, next);
          // Only its own value is rolled back: a newer one (realtime, a page) stays.
          attempt.rollback = () => valueOf(id) === next && resource.put(id, previous);
          return send(next);
        },
      };
      attempts.set(id, attempt);
      return run(id, attempt);
    },
    retry(id) {
      const attempt = attempts.get(id);
      if (!attempt || get().pending[id]?.state !== 'failed') return Promise.resolve(undefined);
      return run(id, attempt);
    },
    discard(id) {
      const attempt = attempts.get(id);
      if (!attempt) return;
      attempts.delete(id);
      const s = get();
      if (s.pending[id]?.state === 'pending') attempt.rollback?.();
      const { [id]: _gone, ...pending } = s.pending;
      if (attempt.op !== 'insert') return put({ ...s, pending });
      put({ ...s, pending, ids: s.ids.filter((x) => x !== id) });
      forget(id);
    },
    mount() {
      mounted++;
      if (stale) {
        stale = false;
        void refetchSince();
      }
      let unmounted = false;
      return () => {
        if (unmounted) return;
        unmounted = true;
        mounted--;
        if (mounted === 0) options.onUnmount?.();
      };
    },
    isMounted: () => mounted > 0,
    reconnected() {
      if (mounted > 0) void refetchSince();
      else if (get().status !== 'idle') stale = true;
    },
    dispose() {
      generation++;
      inflight.first = inflight.older = inflight.newer = arrivals = newestKnown = undefined;
      attempts.clear();
      for (const id of [...held.keys()]) release(id);
      put(initialState<C>());
    },
  };
  return collection;
}

export interface CollectionsOptions<T, C = string> extends Omit<CollectionOptions<T, C>, 'loadPage' | 'onUnmount'> {
  /** Loads a page of the collection of `key`. */
  loadPage(key: string, request: PageRequest<C>): Promise<Page<T, C>>;
  /** Collections kept while no view shows them, the least recently used dropped first (default 20). */
  keep?: number;
  /** The sort key of one key's collection, when keys differ in order (a list per sort order); else `compare`. */
  compareOf?(key: string): CollectionOptions<T, C>['compare'];
}

export interface Collections<T, C = string> {
  /** The collection of a key, made on first use (and made the most recently used). */
  get(key: string): Collection<T, C>;
  /** The collection of a key when held. */
  peek(key: string): Collection<T, C> | undefined;
  /** Every held collection (to merge a realtime item into those it belongs to, to remove an id everywhere). */
  forEach(visit: (collection: Collection<T, C>, key: string) => void): void;
  /** Keys held, least recently used first. */
  keys(): string[];
}

/** Default number of unmounted collections a keyed group keeps. */
const DEFAULT_KEEP = 20;

/**
 * One collection per key (per chat, per upload context), bounded: the least recently used ones no
 * view shows are dropped beyond `keep`. With a layer, a reconnect refetches the mounted ones (the
 * others when next mounted).
 */
export function createCollections<T, C = string>(context: { store: JotaiStore; layer?: Pick<DataLayer, 'onReconnect'> }, options: CollectionsOptions<T, C>): Collections<T, C> {
  const held = new Map<string, Collection<T, C>>();
  const keep = options.keep ?? DEFAULT_KEEP;

  /** Drops the least recently used unmounted collections beyond `keep` (never `spared`, the one just asked for). */
  function evict(spared?: string): void {
    let idle = [...held.values()].filter((c) => !c.isMounted()).length - keep;
    for (const [key, collection] of held) {
      if (idle <= 0) break;
      if (collection.isMounted() || key === spared) continue;
      held.delete(key);
      collection.dispose();
      idle--;
    }
  }

  context.layer?.onReconnect(() => held.forEach((collection) => collection.reconnected()));

  return {
    get(key) {
      let collection = held.get(key);
      if (collection) held.delete(key);
      else
        collection = createCollection<T, C>(context.store, {
          ...options,
          name: `${options.name} ${key}`,
          compare: options.compareOf?.(key) ?? options.compare,
          loadPage: (request) => options.loadPage(key, request),
          onUnmount: () => evict(),
        });
      held.set(key, collection);
      evict(key);
      return collection;
    },
    peek: (key) => held.get(key),
    forEach(visit) {
      for (const [key, collection] of [...held]) visit(collection, key);
    },
    keys: () => [...held.keys()],
  };
}
