/**
 * The data layer's collections (engine/data/collection.ts): keyset pages both ways, merge by id in
 * the sort order, optimistic inserts and updates with rollback and retry, the refetch after a
 * reconnect, items shared through a resource, and the keyed group's LRU. The loader is the
 * injected page function a slice gives (here a keyset over an array, recording each request).
 */
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { createDataLayer, createResource, type DataTransport } from '../../engine/data';
import { createCollection, createCollections, type Page, type PageRequest } from '../../engine/data/collection';

interface Item {
  id: string;
  at: number;
  text: string;
}

const item = (n: number, text = `m${n}`): Item => ({ id: `m${n}`, at: n, text });
const compare = (a: Item, b: Item) => a.at - b.at || a.id.localeCompare(b.id);
const cursorOf = (i: Item) => `${i.at}:${i.id}`;
const afterCursor = (i: Item, cursor: string) => compare(i, { id: cursor.split(':')[1], at: Number(cursor.split(':')[0]), text: '' });

/** A keyset over `rows` (the newest page first), recording each request as `first`, `older <cursor>` or `newer <cursor>`. */
function keyset(rows: Item[]) {
  const requests: string[] = [];
  let refuse: number | undefined;
  const loadPage = async (request: PageRequest<string>): Promise<Page<Item>> => {
    requests.push(request.direction === 'first' ? 'first' : `${request.direction} ${request.cursor}`);
    if (refuse !== undefined && request.direction !== 'first') throw Object.assign(new Error('refused'), { status: refuse });
    const sorted = [...rows].sort(compare);
    if (request.direction === 'first') {
      const page = sorted.slice(-request.limit);
      return { items: page, more: { older: sorted.length > page.length }, total: rows.length };
    }
    if (request.direction === 'older') {
      const before = sorted.filter((r) => afterCursor(r, request.cursor) < 0);
      return { items: before.slice(-request.limit), more: { older: before.length > request.limit } };
    }
    const after = sorted.filter((r) => afterCursor(r, request.cursor) > 0);
    return { items: after.slice(0, request.limit), more: { newer: after.length > request.limit } };
  };
  return {
    requests,
    loadPage,
    refuseCursors: (status: number) => void (refuse = status),
  };
}

const texts = (items: Item[]) => items.map((i) => i.text);
const ids = (items: Item[]) => items.map((i) => i.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => item(from + i));

describe('collection pages', () => {
  it('loads the newest page, then older pages by cursor, oldest first or newest first', async () => {
    const server = keyset(range(1, 7));
    const store = createStore();
    const chat = createCollection<Item>(store, { name: 'chat', idOf: (i) => i.id, compare, cursorOf, pageSize: 3, loadPage: server.loadPage });
    await chat.load();
    expect(ids(chat.items())).toEqual(['m5', 'm6', 'm7']);
    expect(chat.peek()).toMatchObject({ status: 'ready', more: { older: true, newer: false }, total: 7 });
    await chat.loadOlder();
    await chat.loadOlder();
    expect(ids(chat.items())).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
    expect(chat.peek().more.older).toBe(false);
    // Nothing more to ask for: no request.
    await chat.loadOlder();
    expect(server.requests).toEqual(['first', 'older 5:m5', 'older 2:m2']);

    const feed = createCollection<Item>(createStore(), {
      name: 'feed',
      idOf: (i) => i.id,
      compare,
      cursorOf,
      newestFirst: true,
      pageSize: 3,
      loadPage: keyset(range(1, 5)).loadPage,
    });
    await feed.load();
    await feed.loadOlder();
    expect(ids(feed.items())).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
  });

  it('loads newer pages by cursor when the first page starts at the oldest, and uses the server cursors when it gives them', async () => {
    const requests: PageRequest<string>[] = [];
    const pages: Page<Item>[] = [
      { items: range(1, 2), more: { newer: true }, cursors: { newer: 'opaque-1' } },
      { items: range(3, 4), more: { newer: true }, cursors: { newer: 'opaque-2' } },
      { items: [item(5)], more: { newer: false } },
    ];
    const list = createCollection<Item>(createStore(), {
      name: 'comments',
      idOf: (i) => i.id,
      compare,
      pageSize: 2,
      loadPage: async (request) => {
        requests.push(request);
        return pages[requests.length - 1];
      },
    });
    await list.load();
    // One request for two asks made together.
    await Promise.all([list.loadNewer(), list.loadNewer()]);
    await list.loadNewer();
    expect(ids(list.items())).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(requests).toEqual([
      { direction: 'first', limit: 2 },
      { direction: 'newer', cursor: 'opaque-1', limit: 2 },
      { direction: 'newer', cursor: 'opaque-2', limit: 2 },
    ]);
    expect(list.peek().more).toEqual({ older: false, newer: false });
  });
});

describe('collection merges', () => {
  it('replaces an arrival already present, places a new one in order, and leaves one beyond an unloaded side to its page', async () => {
    const server = keyset(range(1, 6));
    const chat = createCollection<Item>(createStore(), { name: 'chat', idOf: (i) => i.id, compare, cursorOf, pageSize: 3, loadPage: server.loadPage });
    await chat.load();
    chat.merge([item(5, 'edited'), item(8), item(7)]);
    expect(texts(chat.items())).toEqual(['m4', 'edited', 'm6', 'm7', 'm8']);
    expect(chat.peek().total).toBe(8);
    // Older than the oldest loaded while older pages remain: its page brings it.
    chat.merge([item(2, 'early edit')]);
    expect(ids(chat.items())).toEqual(['m4', 'm5', 'm6', 'm7', 'm8']);
    // Twice the same arrival is one item.
    chat.merge([item(9), item(9)]);
    expect(ids(chat.items())).toEqual(['m4', 'm5', 'm6', 'm7', 'm8', 'm9']);
    // A page bringing an item already present replaces it, never doubles it.
    server.requests.splice(0);
    await chat.loadOlder();
    expect(server.requests).toEqual(['older 4:m4']);
    expect(ids(chat.items())).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
  });

  it('waits for the first page: an arrival while it loads is merged once the page lands', async () => {
    let answer!: (page: Page<Item>) => void;
    const chat = createCollection<Item>(createStore(), {
      name: 'chat',
      idOf: (i) => i.id,
      compare,
      loadPage: () => new Promise((resolve) => (answer = resolve)),
    });
    // Never loaded: an arrival is nobody's business yet.
    chat.merge([item(1)]);
    expect(chat.items()).toEqual([]);
    const loading = chat.load();
    chat.merge([item(3)]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    answer({ items: [item(1), item(2)] });
    await loading;
    expect(ids(chat.items())).toEqual(['m1', 'm2', 'm3']);
  });

  it("keeps its items in the kind's resource: a change there shows in every list holding the item, and held items are never evicted", async () => {
    const store = createStore();
    const messages = createResource<Item>(store, { name: 'message', batch: { delayMs: 0, maxBatch: 10 }, cacheSize: 1, loadMany: async () => new Map() });
    const options = { name: 'chat', idOf: (i: Item) => i.id, compare, resource: messages };
    const a = createCollection<Item>(store, { ...options, loadPage: keyset(range(1, 3)).loadPage });
    const b = createCollection<Item>(store, { ...options, loadPage: keyset(range(2, 4)).loadPage });
    await Promise.all([a.load(), b.load()]);
    messages.put('m2', item(2, 'edited once'));
    expect(texts(store.get(a.view).items)).toEqual(['m1', 'edited once', 'm3']);
    expect(texts(store.get(b.view).items)).toEqual(['edited once', 'm3', 'm4']);
    expect(messages.cachedIds().sort()).toEqual(['m1', 'm2', 'm3', 'm4']);
    a.dispose();
    b.dispose();
    expect(messages.cachedIds()).toHaveLength(1);
  });
});

describe('optimistic writes', () => {
  const setup = async () => {
    const server = keyset(range(1, 2));
    const chat = createCollection<Item>(createStore(), { name: 'chat', idOf: (i) => i.id, compare, cursorOf, loadPage: server.loadPage });
    await chat.load();
    return { chat, server };
  };

  it('shows an insert at once as pending; the saved item (its server id) replaces it, not doubled by its realtime echo', async () => {
    const { chat } = await setup();
    let save!: (saved: Item) => void;
    const sent: Item[] = [];
    const done = chat.insert({ id: 'tmp-1', at: 10, text: 'hello' }, (draft) => {
      sent.push(draft);
      return new Promise((resolve) => (save = resolve));
    });
    expect(texts(chat.items())).toEqual(['m1', 'm2', 'hello']);
    expect(chat.peek().pending).toEqual({ 'tmp-1': { state: 'pending', op: 'insert' } });
    // The server's echo comes over the socket before the answer.
    chat.merge([{ id: 'm3', at: 3, text: 'hello' }]);
    save({ id: 'm3', at: 3, text: 'hello' });
    expect(await done).toEqual({ id: 'm3', at: 3, text: 'hello' });
    expect(ids(chat.items())).toEqual(['m1', 'm2', 'm3']);
    expect(chat.peek().pending).toEqual({});
    expect(chat.peek().total).toBe(3);
    expect(sent).toEqual([{ id: 'tmp-1', at: 10, text: 'hello' }]);
  });

  it('keeps a refused insert as failed with the error; retry sends it again, discard takes it away', async () => {
    const { chat } = await setup();
    const refusal = new Error('offline');
    let attempts = 0;
    const send = async (draft: Item) => {
      attempts++;
      if (attempts < 3) throw refusal;
      return { ...draft, id: 'm3', at: 3 };
    };
    expect(await chat.insert({ id: 'tmp-1', at: 10, text: 'one' }, send)).toBeUndefined();
    expect(chat.peek().pending['tmp-1']).toEqual({ state: 'failed', op: 'insert', error: refusal });
    expect(texts(chat.items())).toEqual(['m1', 'm2', 'one']);
    expect(await chat.retry('tmp-1')).toBeUndefined();
    expect(await chat.retry('tmp-1')).toEqual({ id: 'm3', at: 3, text: 'one' });
    expect(chat.peek().pending).toEqual({});
    expect(ids(chat.items())).toEqual(['m1', 'm2', 'm3']);

    await chat.insert({ id: 'tmp-2', at: 11, text: 'two' }, async () => Promise.reject(refusal));
    chat.discard('tmp-2');
    expect(texts(chat.items())).toEqual(['m1', 'm2', 'one']);
    expect(chat.peek().pending).toEqual({});
    // A reload keeps an unconfirmed insert.
    void chat.insert({ id: 'tmp-3', at: 12, text: 'three' }, () => new Promise(() => undefined));
    await chat.reload();
    expect(texts(chat.items())).toEqual(['m1', 'm2', 'three']);
  });

  it('rolls a refused update back (unless something newer came meanwhile) and retries it on the current item', async () => {
    const { chat } = await setup();
    const refusal = new Error('refused');
    let refuse = true;
    const sends: string[] = [];
    const send = async (next: Item) => {
      sends.push(next.text);
      if (refuse) throw refusal;
      return next;
    };
    const upper = (i: Item) => ({ ...i, text: i.text.toUpperCase() });
    const updating = chat.update('m1', upper, send);
    expect(texts(chat.items())).toEqual(['M1', 'm2']);
    expect(chat.peek().pending.m1).toEqual({ state: 'pending', op: 'update' });
    await updating;
    expect(texts(chat.items())).toEqual(['m1', 'm2']);
    expect(chat.peek().pending.m1).toEqual({ state: 'failed', op: 'update', error: refusal });
    refuse = false;
    chat.merge([item(1, 'renamed elsewhere')]);
    expect(await chat.retry('m1')).toEqual(item(1, 'RENAMED ELSEWHERE'));
    expect(texts(chat.items())).toEqual(['RENAMED ELSEWHERE', 'm2']);
    expect(sends).toEqual(['M1', 'RENAMED ELSEWHERE']);

    // A realtime change while the write is out wins over the rollback.
    let fail!: (e: Error) => void;
    const out = chat.update('m2', upper, () => new Promise((_, reject) => (fail = reject)));
    chat.merge([item(2, 'newer')]);
    fail(refusal);
    await out;
    expect(texts(chat.items())).toEqual(['RENAMED ELSEWHERE', 'newer']);
    chat.discard('m2');
    expect(chat.peek().pending).toEqual({});
  });
});

describe('refetch after a reconnect', () => {
  /** The layer's reconnect reaches the keyed group over one collection of `rows` per key. */
  function chats(rows: Item[], options: { maxGap?: number } = {}) {
    const server = keyset(rows);
    const transport: DataTransport = { request: () => Promise.reject(new Error('not used')) };
    const layer = createDataLayer(createStore(), transport);
    const group = createCollections<Item>(
      { store: createStore(), layer },
      { name: 'chat', idOf: (i) => i.id, compare, cursorOf, pageSize: 2, maxGap: options.maxGap, loadPage: (_key, request) => server.loadPage(request) },
    );
    /** The collection of chat `a`, shown and loaded. */
    const shown = async () => {
      const chat = group.get('a');
      chat.mount();
      await chat.load();
      return chat;
    };
    /** The socket comes back: the requests it causes, once they are answered. */
    const reconnect = async () => {
      server.requests.splice(0);
      layer.reconnected();
      await flush();
      return [...server.requests];
    };
    return { server, layer, group, shown, reconnect };
  }
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('brings what is newer than the last known item into the mounted collections, and into the others when next mounted', async () => {
    const rows = range(1, 3);
    const { server, layer, group } = chats(rows);
    const shown = group.get('a');
    const unmount = shown.mount();
    await shown.load();
    const hidden = group.get('b');
    await hidden.load();
    // Missed while the socket was down.
    rows.push(item(4), item(5), item(6));
    server.requests.splice(0);
    layer.reconnected();
    await flush();
    expect(ids(shown.items())).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
    expect(server.requests).toEqual(['newer 3:m3', 'newer 5:m5']);
    expect(shown.peek().loading.newer).toBe(false);
    // The unmounted one waits until shown again.
    expect(ids(hidden.items())).toEqual(['m2', 'm3']);
    hidden.mount();
    await flush();
    expect(ids(hidden.items())).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
    unmount();
  });

  it('does not move its cursor with the own confirmed writes (sent over HTTP while the socket may be down)', async () => {
    const rows = range(1, 2);
    const { shown, reconnect } = chats(rows);
    const chat = await shown();
    rows.push(item(3, 'missed'), item(4, 'own'));
    await chat.insert({ id: 'tmp', at: 99, text: 'own' }, async () => item(4, 'own'));
    expect(await reconnect()).toEqual(['newer 2:m2']);
    expect(texts(chat.items())).toEqual(['m1', 'm2', 'missed', 'own']);
  });

  it('reloads from the start when the gap is too large or the cursor is refused', async () => {
    const rows = range(1, 2);
    const { server, shown, reconnect } = chats(rows, { maxGap: 4 });
    const chat = await shown();
    rows.push(...range(3, 12));
    expect(await reconnect()).toEqual(['newer 2:m2', 'newer 4:m4', 'first']);
    expect(ids(chat.items())).toEqual(['m11', 'm12']);
    expect(chat.peek().more.older).toBe(true);

    rows.push(item(13));
    server.refuseCursors(410);
    expect(await reconnect()).toEqual(['newer 12:m12', 'first']);
    expect(ids(chat.items())).toEqual(['m12', 'm13']);
  });

  it('keeps what it shows when the refetch fails for another reason, with the error', async () => {
    const { server, shown, reconnect } = chats(range(1, 2));
    const chat = await shown();
    server.refuseCursors(503);
    expect(await reconnect()).toEqual(['newer 2:m2']);
    expect(ids(chat.items())).toEqual(['m1', 'm2']);
    expect(chat.peek()).toMatchObject({ status: 'ready', loading: { newer: false } });
    expect((chat.peek().error as { status: number }).status).toBe(503);
  });
});

describe('keyed collections', () => {
  it('keeps the most recently used unmounted collections and never drops a mounted one', async () => {
    const store = createStore();
    const messages = createResource<Item>(store, { name: 'message', batch: { delayMs: 0, maxBatch: 10 }, cacheSize: 0, loadMany: async () => new Map() });
    const group = createCollections<Item>(
      { store },
      { name: 'chat', idOf: (i) => i.id, compare, resource: messages, keep: 2, loadPage: async (key) => ({ items: [{ id: `${key}-1`, at: 1, text: key }] }) },
    );
    const a = group.get('a');
    const unmountA = a.mount();
    await a.load();
    for (const key of ['b', 'c', 'd']) await group.get(key).load();
    expect(group.keys()).toEqual(['a', 'c', 'd']);
    // Used again: the most recent.
    group.get('c');
    await group.get('e').load();
    expect(group.keys()).toEqual(['a', 'c', 'e']);
    // Dropped collections let their items go.
    expect(messages.cachedIds().sort()).toEqual(['a-1', 'c-1', 'e-1']);
    unmountA();
    expect(group.keys()).toEqual(['c', 'e']);
    expect(group.get('a')).not.toBe(a);
  });
});
