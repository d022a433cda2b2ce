/**
 * A resource of the client data layer: one Jotai atom per id in the shell's store, filled through
 * an injected loader (blocks never call fetch), batched, kept in a bounded cache, and updated in
 * place by realtime events. Things read by id are resources (profiles, files, favourite counts);
 * the items of a collection live in one too, so an item changed anywhere changes in every list.
 */
import { atom, type PrimitiveAtom } from 'jotai';
import { createBatcher, type BatcherOptions } from './batcher';
import type { JotaiStore } from './slice';
import { messageOf } from './transport';

/** Why a load gave no value: refused by permission (the error marker of community §8), absent, or failed. */
export type LoadError = 'forbidden' | 'notFound' | 'failed';

/** What a resource atom holds for one id. */
export type ResourceEntry<V> = { state: 'loading' } | { state: 'ready'; value: V } | { state: 'error'; error: LoadError; message?: string };

/** One id's answer from a batch load: its value or why there is none. */
export type LoadResult<V> = { value: V } | { error: LoadError };

export interface ResourceOptions<V> {
  /** The resource's name, for messages. */
  name: string;
  /** Loads a batch: an answer per id asked for (ids left out count as `notFound`). */
  loadMany(ids: string[]): Promise<Map<string, LoadResult<V>>>;
  batch: Pick<BatcherOptions<string>, 'delayMs' | 'maxBatch' | 'schedule'>;
  /** Entries kept beyond the pinned and locked ones; the oldest unlocked go first. */
  cacheSize: number;
  /** Ids never dropped (the own account). */
  isPinned?(id: string): boolean;
}

export interface Resource<V> {
  /** The atom of one id (created on first use; the same atom until the id is evicted). */
  atom(id: string): PrimitiveAtom<ResourceEntry<V> | undefined>;
  /** Loads an id unless it is loaded; resolves once it is (a load already on its way is joined); `force` reloads it. */
  ensure(id: string, force?: boolean): Promise<void>;
  /** Reads one id's entry now. */
  peek(id: string): ResourceEntry<V> | undefined;
  /** Stores a value (init, a save's answer, realtime). */
  put(id: string, value: V): void;
  /** Changes a loaded value in place (realtime); ids not held are left alone (a later load brings them). */
  update(id: string, change: (value: V) => V): void;
  /** Forgets one id (a deleted account). */
  remove(id: string): void;
  /** Keeps an id in the cache while something shows it; returns the unlock. */
  lock(id: string): () => void;
  /** Ids held, oldest first (tests, diagnostics). */
  cachedIds(): string[];
}

export function createResource<V>(store: JotaiStore, options: ResourceOptions<V>): Resource<V> {
  /** Insertion order is recency: a touched id is moved to the end. */
  const atoms = new Map<string, PrimitiveAtom<ResourceEntry<V> | undefined>>();
  const locks = new Map<string, number>();
  /** Loads on their way, so a second reader waits for the same one. */
  const loads = new Map<string, Promise<void>>();

  function touch(id: string): PrimitiveAtom<ResourceEntry<V> | undefined> {
    let a = atoms.get(id);
    if (a) atoms.delete(id);
    else a = atom<ResourceEntry<V> | undefined>(undefined);
    atoms.set(id, a);
    return a;
  }

  function evict(): void {
    let excess = atoms.size - options.cacheSize;
    if (excess <= 0) return;
    for (const [id, a] of atoms) {
      if (excess <= 0) break;
      if (locks.has(id) || options.isPinned?.(id) || store.get(a)?.state === 'loading') continue;
      atoms.delete(id);
      excess--;
    }
  }

  function write(id: string, entry: ResourceEntry<V>): void {
    store.set(touch(id), entry);
    evict();
  }

  const batcher = createBatcher<string>({
    ...options.batch,
    async load(ids) {
      let answers: Map<string, LoadResult<V>>;
      try {
        answers = await options.loadMany(ids);
      } catch (failure) {
        // The message (the server's) is kept for the views that show why.
        for (const id of ids) write(id, { state: 'error', error: 'failed', message: messageOf(failure) });
        return;
      }
      for (const id of ids) {
        const answer = answers.get(id);
        write(id, !answer ? { state: 'error', error: 'notFound' } : 'value' in answer ? { state: 'ready', value: answer.value } : { state: 'error', error: answer.error });
      }
    },
  });

  return {
    atom(id) {
      return atoms.get(id) ?? touch(id);
    },
    ensure(id, force = false) {
      const running = loads.get(id);
      if (running) return running;
      const current = atoms.get(id) && store.get(atoms.get(id)!);
      if (current?.state === 'loading' || (current && !force)) return Promise.resolve();
      store.set(touch(id), current?.state === 'ready' ? current : { state: 'loading' });
      const load = batcher.request(id).finally(() => loads.delete(id));
      loads.set(id, load);
      return load;
    },
    peek(id) {
      const a = atoms.get(id);
      return a && store.get(a);
    },
    put(id, value) {
      write(id, { state: 'ready', value });
    },
    update(id, change) {
      const a = atoms.get(id);
      const current = a && store.get(a);
      if (a && current?.state === 'ready') store.set(a, { state: 'ready', value: change(current.value) });
    },
    remove(id) {
      const a = atoms.get(id);
      if (a) store.set(a, { state: 'error', error: 'notFound' });
      if (!locks.has(id)) atoms.delete(id);
    },
    lock(id) {
      locks.set(id, (locks.get(id) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (locks.get(id) ?? 1) - 1;
        if (left > 0) locks.set(id, left);
        else locks.delete(id);
        evict();
      };
    },
    cachedIds() {
      return [...atoms.keys()];
    },
  };
}
