import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  createBatcher,
  createDataLayer,
  dataCall,
  defineSlice,
  profilesSlice,
  type DataCall,
  type DataLayer,
  type DataTransport,
  type ProfileCollectionEntry,
} from '../../engine/data';
import { PROFILE_CACHE_SIZE, PROFILE_COLLECTION_MAX, PROFILE_FETCH_BATCH_DELAY_MS } from '../../engine/core/constants';
import type { Profile } from '../../schemas/model';

/** A timer the test fires by hand, recording each delay asked for. */
function manualTimer() {
  const queue: { run: () => void; delayMs: number }[] = [];
  return {
    delays: () => queue.map((q) => q.delayMs),
    schedule: (run: () => void, delayMs: number) => void queue.push({ run, delayMs }),
    fire: () => queue.splice(0).forEach((q) => q.run()),
  };
}

const profile = (accountId: string, extra: Record<string, string> = {}): Profile => ({
  accountId,
  data: { profile: { firstName: accountId, ...extra }, meta: {} },
});

/** A transport answering `POST profile/collection` from `load` (its other calls are not made here). */
function profileTransport(load: (ids: string[]) => Promise<ProfileCollectionEntry[]>): DataTransport {
  return {
    request: async <A>(call: { method: string; path: string; body?: unknown }) => {
      expect(`${call.method} ${call.path}`).toBe('POST profile/collection');
      return (await load((call.body as { accountIds: string[] }).accountIds)) as A;
    },
  };
}

/** The transport the shell would inject, answering from a table and recording each call. */
function recordingTransport(answer: (id: string) => ProfileCollectionEntry | undefined = (id) => profile(id)) {
  const calls: string[][] = [];
  const transport = profileTransport(async (ids) => {
    calls.push(ids);
    return ids.map(answer).filter((e): e is ProfileCollectionEntry => e !== undefined);
  });
  return { calls, transport };
}

const profilesOf = (layer: DataLayer) => layer.slice(profilesSlice);

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('batcher', () => {
  it('sends the keys of one window as one call, split at the batch size', async () => {
    const timer = manualTimer();
    const loads: number[][] = [];
    const batcher = createBatcher<number>({ delayMs: 10, maxBatch: 3, schedule: timer.schedule, load: async (keys) => void loads.push(keys) });
    const done = [1, 2, 2, 3, 4].map((k) => batcher.request(k));
    expect(timer.delays()).toEqual([10]);
    timer.fire();
    await Promise.all(done);
    expect(loads).toEqual([[1, 2, 3], [4]]);
    void batcher.request(5);
    expect(timer.delays()).toEqual([10]);
  });
});

describe('profiles resource', () => {
  it('loads the profiles asked for in one window with one collection call', async () => {
    const timer = manualTimer();
    const { calls, transport } = recordingTransport();
    const layer = createDataLayer(createStore(), transport, { schedule: timer.schedule });
    const loads = ['a', 'b', 'c', 'a'].map((id) => profilesOf(layer).ensure(id));
    expect(timer.delays()).toEqual([PROFILE_FETCH_BATCH_DELAY_MS]);
    expect(profilesOf(layer).peek('a')).toEqual({ state: 'loading' });
    timer.fire();
    await Promise.all(loads);
    expect(calls).toEqual([['a', 'b', 'c']]);
    expect(profilesOf(layer).peek('b')).toEqual({ state: 'ready', value: profile('b') });
    // Loaded ids are not asked for again.
    await profilesOf(layer).ensure('b');
    expect(timer.delays()).toEqual([]);
  });

  it('asks for 200 profiles in two calls of at most the collection size', async () => {
    const timer = manualTimer();
    const { calls, transport } = recordingTransport();
    const layer = createDataLayer(createStore(), transport, { schedule: timer.schedule });
    const ids = Array.from({ length: 200 }, (_, i) => `u${i}`);
    const unlocks = ids.map((id) => profilesOf(layer).lock(id));
    const loads = ids.map((id) => profilesOf(layer).ensure(id));
    timer.fire();
    await Promise.all(loads);
    expect(calls.map((c) => c.length)).toEqual([PROFILE_COLLECTION_MAX, PROFILE_COLLECTION_MAX]);
    // Locked while shown: none dropped even past the cache size.
    expect(ids.every((id) => profilesOf(layer).peek(id)?.state === 'ready')).toBe(true);
    unlocks.forEach((u) => u());
    expect(profilesOf(layer).cachedIds()).toHaveLength(PROFILE_CACHE_SIZE);
    expect(profilesOf(layer).cachedIds()[0]).toBe('u100');
  });

  it('keeps the newest 100 and never drops the own account', async () => {
    const timer = manualTimer();
    const { transport } = recordingTransport();
    const layer = createDataLayer(createStore(), transport, { schedule: timer.schedule, ownAccountId: 'me' });
    profilesOf(layer).put('me', profile('me'));
    for (let i = 0; i < 150; i++) profilesOf(layer).put(`u${i}`, profile(`u${i}`));
    const held = profilesOf(layer).cachedIds();
    expect(held).toHaveLength(PROFILE_CACHE_SIZE);
    expect(held[0]).toBe('me');
    expect(held.slice(1)).toEqual(Array.from({ length: 99 }, (_, i) => `u${i + 51}`));
    // Reading an old one makes it newest again.
    profilesOf(layer).put('u51', profile('u51', { bio: 'again' }));
    profilesOf(layer).put('u150', profile('u150'));
    expect(profilesOf(layer).cachedIds()).toContain('u51');
    expect(profilesOf(layer).cachedIds()).not.toContain('u52');
  });

  it('stores the error marker for a denied load, and notFound for an id left out', async () => {
    const timer = manualTimer();
    const { transport } = recordingTransport((id) => (id === 'hidden' ? { accountId: id, error: 'forbidden' } : id === 'gone' ? undefined : profile(id)));
    const layer = createDataLayer(createStore(), transport, { schedule: timer.schedule });
    const loads = ['hidden', 'gone', 'ok'].map((id) => profilesOf(layer).ensure(id));
    timer.fire();
    await Promise.all(loads);
    expect(profilesOf(layer).peek('hidden')).toEqual({ state: 'error', error: 'forbidden' });
    expect(profilesOf(layer).peek('gone')).toEqual({ state: 'error', error: 'notFound' });
    expect(profilesOf(layer).peek('ok')?.state).toBe('ready');
  });

  it('marks every id of a failed call as failed, and loads it again when forced', async () => {
    const timer = manualTimer();
    let fail = true;
    const transport = profileTransport(async (ids) => {
      if (fail) throw new Error('offline');
      return ids.map((id) => profile(id));
    });
    const layer = createDataLayer(createStore(), transport, { schedule: timer.schedule });
    const first = profilesOf(layer).ensure('a');
    timer.fire();
    await first;
    expect(profilesOf(layer).peek('a')).toEqual({ state: 'error', error: 'failed', message: 'offline' });
    fail = false;
    const again = profilesOf(layer).ensure('a', true);
    timer.fire();
    await again;
    expect(profilesOf(layer).peek('a')?.state).toBe('ready');
  });

  it('applies profile:update events to the same atoms, and ignores profiles it does not hold', async () => {
    const store = createStore();
    const layer = createDataLayer(store, recordingTransport().transport);
    profilesOf(layer).put('maya', profile('maya'));
    const seen: unknown[] = [];
    store.sub(profilesOf(layer).atom('maya'), () => seen.push(store.get(profilesOf(layer).atom('maya'))));
    layer.applyEvent('profile:update', { accountId: 'maya', meta: { language: 'fr' } });
    expect(profilesOf(layer).peek('maya')).toEqual({
      state: 'ready',
      value: { accountId: 'maya', data: { profile: { firstName: 'maya' }, meta: { language: 'fr' } } },
    });
    layer.applyEvent('profile:update', { accountId: 'maya', profile: profile('maya', { bio: 'Woodworker' }) });
    expect(profilesOf(layer).peek('maya')).toEqual({ state: 'ready', value: profile('maya', { bio: 'Woodworker' }) });
    expect(seen).toHaveLength(2);
    layer.applyEvent('profile:update', { accountId: 'stranger', meta: {} });
    layer.applyEvent('profile:update', null);
    layer.applyEvent('chat:newMessage', { accountId: 'maya' });
    expect(profilesOf(layer).peek('stranger')).toBeUndefined();
    await settle();
  });
});

describe('data layer slices', () => {
  /** A toy domain: its own call, its own event, made on first use. */
  function toySlice(made: string[]) {
    return defineSlice<{ seen: unknown[]; load(): Promise<string[]> }>({
      name: 'toy',
      create({ transport }) {
        made.push('toy');
        return { seen: [], load: () => transport.request(dataCall<string[]>({ method: 'GET', path: 'toy/list', query: { page: 1 } })) };
      },
      events: { 'toy:changed': (toy, payload) => void toy.seen.push(payload) },
    });
  }

  it('makes a slice once, on first use, and sends its own calls through the one generic transport', async () => {
    const made: string[] = [];
    const requests: DataCall<unknown>[] = [];
    const layer = createDataLayer(createStore(), { request: async <A>(call: DataCall<A>) => (requests.push(call), ['a']) as A });
    const toy = toySlice(made);
    expect(made).toEqual([]);
    expect(layer.slice(toy)).toBe(layer.slice(toy));
    expect(made).toEqual(['toy']);
    expect(await layer.slice(toy).load()).toEqual(['a']);
    expect(requests).toEqual([{ method: 'GET', path: 'toy/list', query: { page: 1 } }]);
    // Two definitions of one name: a module bundled twice.
    expect(() => layer.slice(toySlice([]))).toThrow('Two data layer slices are named "toy"');
  });

  it('routes a realtime event by name to the slices that declared it, once they are made', () => {
    const layer = createDataLayer(createStore(), recordingTransport().transport);
    const toy = toySlice([]);
    expect(layer.applyEvent('toy:changed', { n: 1 })).toBe(false);
    const made = layer.slice(toy);
    expect(layer.applyEvent('toy:changed', { n: 2 })).toBe(true);
    expect(layer.applyEvent('other:event', { n: 3 })).toBe(false);
    expect(made.seen).toEqual([{ n: 2 }]);
    // Profiles declare theirs the same way.
    profilesOf(layer).put('maya', profile('maya'));
    expect(layer.applyEvent('profile:update', { accountId: 'maya', keepaliveTimestamp: 5 })).toBe(true);
    expect(profilesOf(layer).peek('maya')).toMatchObject({ value: { keepaliveTimestamp: 5 } });
  });

  it('tells its reconnect listeners when the realtime connection came back', () => {
    const layer = createDataLayer(createStore(), recordingTransport().transport);
    const heard: string[] = [];
    const stop = layer.onReconnect(() => heard.push('a'));
    layer.onReconnect(() => heard.push('b'));
    layer.reconnected();
    stop();
    layer.reconnected();
    expect(heard).toEqual(['a', 'b', 'b']);
  });

  it('sends over the realtime link the shell attaches, and tells each connection, `again` after the first', () => {
    const layer = createDataLayer(createStore(), recordingTransport().transport);
    const sent: [string, unknown][] = [];
    const heard: boolean[] = [];
    // No link yet: a send is dropped (a room join is repeated on connect anyway).
    layer.emit('chat:typing', { chatId: 'c0' });
    layer.attachRealtime({ emit: (event, payload) => sent.push([event, payload]) });
    const stop = layer.onConnect((again) => heard.push(again));
    layer.connected();
    layer.emit('chat:typing', { chatId: 'c1' });
    layer.connected();
    stop();
    layer.connected();
    expect(sent).toEqual([['chat:typing', { chatId: 'c1' }]]);
    expect(heard).toEqual([false, true]);
    // A new connection (another socket) counts from the first again.
    layer.attachRealtime(null);
    layer.emit('chat:typing', { chatId: 'c2' });
    layer.onConnect((again) => heard.push(again));
    layer.attachRealtime({ emit: () => undefined });
    layer.connected();
    expect(heard).toEqual([false, true, false]);
    expect(sent).toHaveLength(1);
  });
});
