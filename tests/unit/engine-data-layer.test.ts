import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { createBatcher, createDataLayer, type DataTransport, type ProfileCollectionEntry } from '../../engine/data';
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

/** The transport the shell would inject, answering from a table and recording each call. */
function recordingTransport(answer: (id: string) => ProfileCollectionEntry | undefined = (id) => profile(id)) {
  const calls: string[][] = [];
  const transport: DataTransport = {
    async loadProfiles(ids) {
      calls.push(ids);
      return ids.map(answer).filter((e): e is ProfileCollectionEntry => e !== undefined);
    },
  };
  return { calls, transport };
}

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
    const loads = ['a', 'b', 'c', 'a'].map((id) => layer.profiles.ensure(id));
    expect(timer.delays()).toEqual([PROFILE_FETCH_BATCH_DELAY_MS]);
    expect(layer.profiles.peek('a')).toEqual({ state: 'loading' });
    timer.fire();
    await Promise.all(loads);
    expect(calls).toEqual([['a', 'b', 'c']]);
    expect(layer.profiles.peek('b')).toEqual({ state: 'ready', value: profile('b') });
    // Loaded ids are not asked for again.
    await layer.profiles.ensure('b');
    expect(timer.delays()).toEqual([]);
  });

  it('asks for 200 profiles in two calls of at most the collection size', async () => {
    const timer = manualTimer();
    const { calls, transport } = recordingTransport();
    const layer = createDataLayer(createStore(), transport, { schedule: timer.schedule });
    const ids = Array.from({ length: 200 }, (_, i) => `u${i}`);
    const unlocks = ids.map((id) => layer.profiles.lock(id));
    const loads = ids.map((id) => layer.profiles.ensure(id));
    timer.fire();
    await Promise.all(loads);
    expect(calls.map((c) => c.length)).toEqual([PROFILE_COLLECTION_MAX, PROFILE_COLLECTION_MAX]);
    // Locked while shown: none dropped even past the cache size.
    expect(ids.every((id) => layer.profiles.peek(id)?.state === 'ready')).toBe(true);
    unlocks.forEach((u) => u());
    expect(layer.profiles.cachedIds()).toHaveLength(PROFILE_CACHE_SIZE);
    expect(layer.profiles.cachedIds()[0]).toBe('u100');
  });

  it('keeps the newest 100 and never drops the own account', async () => {
    const timer = manualTimer();
    const { transport } = recordingTransport();
    const layer = createDataLayer(createStore(), transport, { schedule: timer.schedule, ownAccountId: 'me' });
    layer.profiles.put('me', profile('me'));
    for (let i = 0; i < 150; i++) layer.profiles.put(`u${i}`, profile(`u${i}`));
    const held = layer.profiles.cachedIds();
    expect(held).toHaveLength(PROFILE_CACHE_SIZE);
    expect(held[0]).toBe('me');
    expect(held.slice(1)).toEqual(Array.from({ length: 99 }, (_, i) => `u${i + 51}`));
    // Reading an old one makes it newest again.
    layer.profiles.put('u51', profile('u51', { bio: 'again' }));
    layer.profiles.put('u150', profile('u150'));
    expect(layer.profiles.cachedIds()).toContain('u51');
    expect(layer.profiles.cachedIds()).not.toContain('u52');
  });

  it('stores the error marker for a denied load, and notFound for an id left out', async () => {
    const timer = manualTimer();
    const { transport } = recordingTransport((id) => (id === 'hidden' ? { accountId: id, error: 'forbidden' } : id === 'gone' ? undefined : profile(id)));
    const layer = createDataLayer(createStore(), transport, { schedule: timer.schedule });
    const loads = ['hidden', 'gone', 'ok'].map((id) => layer.profiles.ensure(id));
    timer.fire();
    await Promise.all(loads);
    expect(layer.profiles.peek('hidden')).toEqual({ state: 'error', error: 'forbidden' });
    expect(layer.profiles.peek('gone')).toEqual({ state: 'error', error: 'notFound' });
    expect(layer.profiles.peek('ok')?.state).toBe('ready');
  });

  it('marks every id of a failed call as failed, and loads it again when forced', async () => {
    const timer = manualTimer();
    let fail = true;
    const transport: DataTransport = {
      async loadProfiles(ids) {
        if (fail) throw new Error('offline');
        return ids.map((id) => profile(id));
      },
    };
    const layer = createDataLayer(createStore(), transport, { schedule: timer.schedule });
    const first = layer.profiles.ensure('a');
    timer.fire();
    await first;
    expect(layer.profiles.peek('a')).toEqual({ state: 'error', error: 'failed' });
    fail = false;
    const again = layer.profiles.ensure('a', true);
    timer.fire();
    await again;
    expect(layer.profiles.peek('a')?.state).toBe('ready');
  });

  it('applies profile:update events to the same atoms, and ignores profiles it does not hold', async () => {
    const store = createStore();
    const layer = createDataLayer(store, recordingTransport().transport);
    layer.profiles.put('maya', profile('maya'));
    const seen: unknown[] = [];
    store.sub(layer.profiles.atom('maya'), () => seen.push(store.get(layer.profiles.atom('maya'))));
    layer.applyEvent('profile:update', { accountId: 'maya', meta: { language: 'fr' } });
    expect(layer.profiles.peek('maya')).toEqual({
      state: 'ready',
      value: { accountId: 'maya', data: { profile: { firstName: 'maya' }, meta: { language: 'fr' } } },
    });
    layer.applyEvent('profile:update', { accountId: 'maya', profile: profile('maya', { bio: 'Woodworker' }) });
    expect(layer.profiles.peek('maya')).toEqual({ state: 'ready', value: profile('maya', { bio: 'Woodworker' }) });
    expect(seen).toHaveLength(2);
    layer.applyEvent('profile:update', { accountId: 'stranger', meta: {} });
    layer.applyEvent('profile:update', null);
    layer.applyEvent('chat:newMessage', { accountId: 'maya' });
    expect(layer.profiles.peek('stranger')).toBeUndefined();
    await settle();
  });
});
