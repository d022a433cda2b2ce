/**
 * The browser's realtime client (web/realtime/realtime-client.ts: socket.io-client as the app
 * configures it) against the real server on both databases: auth and acks both ways, a refused
 * token, the token current at each reconnection, sign-out, emits buffered while disconnected,
 * the long-polling fallback when WebSockets are refused, and catch-up: a client that comes back
 * gets what its rooms missed, in order and once, or is told to refetch.
 */
import { createStore } from 'jotai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { blockAtom, moduleAtom, moduleOrderAtom, pageAtom } from '../../engine/react/structure-store';
import type { Module, Page } from '../../schemas/model';
import type { StructureResponse } from '../../schemas/model/api/structure';
import { loadedPagesAtom } from '../../web/engine/page-content';
import { refetchStructure } from '../../web/realtime/structure-refetch';
import { createRealtimeClient, type RealtimeClient, type RealtimeOptions } from '../../web/realtime/realtime-client';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { webApiClient } from '../helpers/web-api-client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first argument of the next `event`, or a rejection after `ms`. */
function next<T = unknown>(client: RealtimeClient, event: string, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    client.socket.once(event, (value: T) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

describe.each(BACKENDS)('the realtime client against the real server on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  const opened: RealtimeClient[] = [];
  const realtime = () => api.server.ctx.realtime!;
  const serverSocket = (client: RealtimeClient) => realtime().io.sockets.sockets.get(client.socket.id!)!;
  const open = (options: Partial<RealtimeOptions> = {}) => {
    const client = createRealtimeClient({ url: api.url, token: maya, store: createStore(), reload: () => undefined, ...options });
    opened.push(client);
    return client;
  };
  const connected = async (client: RealtimeClient) => {
    if (!client.socket.connected) await next(client, 'connect');
    return client;
  };
  /** Subscribed and told where the room stands (`realtime:joined` for it, after those of its own rooms). */
  const onPage = async (client: RealtimeClient, pageId: string) => {
    const joined = new Promise<void>((resolve) => {
      const listener = (j: { room: string }) => j.room === `page:${pageId}` && (client.socket.off('realtime:joined', listener), resolve());
      client.socket.on('realtime:joined', listener);
    });
    client.setCurrent({ pageId });
    await joined;
  };
  const setText = async (blockId: string, text: string) =>
    expect((await api.call('POST', `structure/block/${blockId}/property`, { token: admin, body: { key: 'options', value: { text } } })).status).toBe(200);

  beforeAll(async () => {
    api = await startApiServer(backend);
    [admin, maya] = await Promise.all([api.signIn('admin'), api.signIn('maya')]);
  });
  afterEach(() => {
    for (const client of opened.splice(0)) client.close();
    realtime().io.engine.opts.transports = ['polling', 'websocket'];
  });
  afterAll(async () => {
    await api?.close();
  });

  it('connects over WebSocket with the token, gets acks, hears its account, and answers the server’s acks', async () => {
    const client = await connected(open());
    expect(client.socket.io.engine.transport.name).toBe('websocket');
    expect(serverSocket(client).handshake.auth).toMatchObject({ token: maya });
    expect(await client.socket.emitWithAck('profile:subscribe', { id: 'grace' })).toEqual({ ok: true });
    const count = next(client, 'favourites:count');
    expect((await api.call('PUT', 'profile/favourites/add', { token: maya, body: { type: 'profiles', value: 'grace' } })).status).toBe(200);
    expect(await count).toEqual({ type: 'profiles', targetId: 'grace', count: 1 });
    client.socket.on('probe', (value: number, answer: (v: number) => void) => answer(value + 1));
    expect(await serverSocket(client).timeout(5_000).emitWithAck('probe', 41)).toBe(42);
  });

  it('reports a refused token as connect_error and does not try again', async () => {
    const errors: string[] = [];
    const client = open({ token: 'forged.token.here', socketOptions: { reconnectionDelay: 20 } });
    client.socket.on('connect_error', (error: Error) => errors.push(error.message));
    await next(client, 'connect_error');
    await sleep(300);
    expect(errors).toEqual(['Not authorized']);
    expect(client.socket.connected).toBe(false);
  });

  it('reconnects after a network drop with the token current then, and stays away after sign-out', async () => {
    let token = maya;
    const client = await connected(open({ getToken: () => token, socketOptions: { reconnectionDelay: 50 } }));
    token = await api.signIn('maya');
    const lost = next<string>(client, 'disconnect');
    serverSocket(client).conn.close(); // the engine.io connection, as a network loss would
    expect(await lost).toBe('transport close');
    await next(client, 'connect');
    expect(serverSocket(client).handshake.auth).toMatchObject({ token });
    const ended = next<string>(client, 'disconnect');
    expect((await api.call('GET', 'logout', { token })).status).toBe(200);
    expect(await ended).toBe('io server disconnect');
    await sleep(300);
    expect(client.socket.connected).toBe(false);
  });

  it('buffers what it emits while disconnected and sends it on connecting', async () => {
    const client = await connected(open());
    client.socket.disconnect();
    const answered = client.socket.emitWithAck('profile:subscribe', { id: 'grace' });
    client.socket.connect();
    expect(await answered).toEqual({ ok: true });
    expect(serverSocket(client).rooms.has('profile:grace')).toBe(true);
  });

  it('falls back to long polling when WebSockets are refused, and still hears its rooms', async () => {
    realtime().io.engine.opts.transports = ['polling'];
    const client = await connected(open());
    expect(client.socket.io.engine.transport.name).toBe('polling');
    await onPage(client, 'welcome');
    const heard = next<{ items: { id: string }[] }>(client, 'items:changes');
    await setText('welcome-hours', 'Open on polling days.');
    expect((await heard).items[0].id).toBe('welcome-hours');
  });

  it('a client that comes back gets what its page missed, in order and once, and its store has it', async () => {
    const store = createStore();
    let refetches = 0;
    const client = await connected(open({ store, onRefetch: () => refetches++ }));
    await onPage(client, 'welcome');
    // What the page shows, each time it changes: a replay applied twice, or out of order, would show.
    const heard: string[] = [];
    store.sub(blockAtom('welcome-hours'), () => heard.push((store.get(blockAtom('welcome-hours'))?.options as { text: string }).text));
    await setText('welcome-hours', 'Seen live.');
    await expect.poll(() => heard).toEqual(['Seen live.']);
    const lastSeen = (await realtime().log.lastId('page:welcome')) as number;
    client.socket.disconnect();
    await setText('welcome-hours', 'Missed one.');
    await setText('welcome-hours', 'Missed two.');
    // Every id of the room that arrives after coming back, replayed or live.
    const arrived: number[] = [];
    client.socket.on('items:changes', (_changes: unknown, meta: { ids: Record<string, number> }) => arrived.push(meta.ids['page:welcome']));
    client.socket.connect();
    await expect.poll(() => store.get(blockAtom('welcome-hours'))?.options).toEqual({ text: 'Missed two.' });
    await sleep(300);
    expect([...new Set(arrived)].sort()).toEqual([lastSeen + 1, lastSeen + 2]);
    // Applied once each: the page never showed the last text twice, nor went back to an older one.
    expect(heard[0]).toBe('Seen live.');
    expect(heard.at(-1)).toBe('Missed two.');
    expect(heard.filter((t) => t === 'Missed two.')).toHaveLength(1);
    expect(refetches).toBe(0);
    // And live again afterwards.
    await setText('welcome-hours', 'Live again.');
    await expect.poll(() => store.get(blockAtom('welcome-hours'))?.options).toEqual({ text: 'Live again.' });
  });

  it('a client that comes back gets what its own account missed', async () => {
    const counts: unknown[] = [];
    const client = await connected(open({ onEvent: (event, payload) => event === 'favourites:count' && counts.push(payload) }));
    await expect.poll(() => serverSocket(client).rooms.has('account:maya')).toBe(true);
    await sleep(200); // its own rooms' places (realtime:joined) have arrived
    client.socket.disconnect();
    expect((await api.call('PUT', 'profile/favourites/add', { token: maya, body: { type: 'profiles', value: 'zoe' } })).status).toBe(200);
    client.socket.connect();
    await expect.poll(() => counts).toEqual([{ type: 'profiles', targetId: 'zoe', count: 1 }]);
    await sleep(300);
    expect(counts).toHaveLength(1);
  });

  it('is told to refetch when what it missed went to each viewer its own way, or is older than a room keeps', async () => {
    const victor = await api.signIn('victor');
    const refetched: string[] = [];
    const client = await connected(open({ token: victor, onRefetch: (room) => refetched.push(room) }));
    await onPage(client, 'volunteers');
    client.socket.disconnect();
    // The volunteers page is restricted: each viewer's view is built apart, nothing one copy replays.
    const before = await realtime().log.lastId('page:volunteers');
    await setText('vol-rota', 'Rota, changed while away.');
    // The send is not awaited by the write: come back once the room's log holds it.
    await expect.poll(() => realtime().log.lastId('page:volunteers')).toBeGreaterThan(before);
    client.socket.connect();
    await expect.poll(() => refetched).toEqual(['page:volunteers']);

    expect(await realtime().log.since('page:welcome', 0)).toMatchObject({ refetch: (await realtime().log.lastId('page:welcome')) > 64 });
    const ahead = await realtime().log.since('page:welcome', 1_000_000);
    expect(ahead.refetch).toBe(true);
  });

  it('when told to refetch, the shell reads the structure and the open page again', async () => {
    const victor = await api.signIn('victor');
    const store = createStore();
    // What a tab held before it went away: a module since deleted, and the rota as it was.
    store.set(moduleOrderAtom, ['gone-module']);
    store.set(moduleAtom('gone-module'), { id: 'gone-module', slug: 'gone', name: 'Gone', childIds: ['gone-page'] } as Module);
    store.set(pageAtom('gone-page'), { id: 'gone-page', slug: 'gone', name: 'Gone' } as Page);
    await setText('vol-rota', 'Rota, changed while the tab was away.');
    await refetchStructure(store, webApiClient(api, victor), 'volunteers');
    const order = (await api.call<StructureResponse>('GET', 'structure', { token: victor })).body.order;
    expect(store.get(moduleOrderAtom)).toEqual(order);
    expect(store.get(moduleAtom('gone-module'))).toBeUndefined();
    expect(store.get(pageAtom('gone-page'))).toBeUndefined();
    expect(store.get(pageAtom('volunteers'))?.id).toBe('volunteers');
    expect(store.get(blockAtom('vol-rota'))?.options).toMatchObject({ text: 'Rota, changed while the tab was away.' });
    expect(store.get(loadedPagesAtom)).toEqual(new Set(['volunteers']));
  });

  it('refuses a since that is not a whole number, naming it', async () => {
    const client = await connected(open());
    expect(await client.socket.emitWithAck('page:subscribe', { id: 'welcome', since: -1 })).toEqual({
      ok: false,
      error: 'page:subscribe: since must be a whole number >= 0 (the last event id seen)',
    });
    expect(await client.socket.emitWithAck('page:subscribe', { id: 'welcome', since: '3' })).toMatchObject({ ok: false });
  });
});
