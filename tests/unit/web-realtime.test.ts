// @vitest-environment jsdom
import { createStore } from 'jotai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStructureAtom, moduleAtom, moduleOrderAtom, pageAtom } from '../../engine/react/structure-store';
import { applyItemsChanges, createRealtimeClient, permissionReloadDelayMs, type RealtimeClient } from '../../web/realtime/realtime-client';

let httpServer: http.Server;
let io: Server;
let url: string;
const received: { event: string; id: string; token: unknown }[] = [];
let serverSocket: ServerSocket | undefined;

beforeAll(async () => {
  httpServer = http.createServer();
  io = new Server(httpServer);
  io.on('connection', (socket) => {
    serverSocket = socket;
    for (const event of ['module:subscribe', 'module:unsubscribe', 'page:subscribe', 'page:unsubscribe']) {
      socket.on(event, (p: { id: string }) => received.push({ event, id: p.id, token: socket.handshake.auth.token }));
    }
  });
  await new Promise<void>((r) => httpServer.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await io.close();
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

function connect(extra: Partial<Parameters<typeof createRealtimeClient>[0]> = {}): RealtimeClient {
  const store = extra.store ?? createStore();
  return createRealtimeClient({ url, token: 'tok-1', store, socketOptions: { transports: ['websocket'] }, ...extra });
}

describe('realtime client (spec 7.6)', () => {
  it('subscribes to the current module and page, and unsubscribes from the previous ones when they change', async () => {
    received.length = 0;
    const client = connect();
    client.setCurrent({ moduleId: 'm1', pageId: 'p1' });
    await until(() => received.length === 2);
    client.setCurrent({ moduleId: 'm1', pageId: 'p2' });
    client.setCurrent({ moduleId: 'm2', pageId: 'p3' });
    await until(() => received.length === 8);
    expect(received.map((r) => `${r.event} ${r.id}`)).toEqual([
      'module:subscribe m1',
      'page:subscribe p1',
      'page:unsubscribe p1',
      'page:subscribe p2',
      'module:unsubscribe m1',
      'module:subscribe m2',
      'page:unsubscribe p2',
      'page:subscribe p3',
    ]);
    expect(received.every((r) => r.token === 'tok-1')).toBe(true);
    client.close();
  });

  it('tells onRefetch when the socket connects again after a drop with no place to catch up from (the data layer refetches), not on the first connection', async () => {
    let reconnects = 0;
    const client = connect({
      onRefetch: () => reconnects++,
      socketOptions: { transports: ['websocket'], reconnectionDelay: 20 },
    });
    await until(() => client.socket.connected);
    expect(reconnects).toBe(0);
    serverSocket!.conn.close(); // the engine.io connection, as a network loss would
    await until(() => reconnects === 1);
    expect(client.socket.connected).toBe(true);
    client.close();
  });

  it('writes items:changes into the affected atoms in place, keeps unchanged ones and removes deleted ones', async () => {
    const store = createStore();
    store.set(loadStructureAtom, {
      modules: [
        { id: 'm1', slug: 'a', name: 'A', revision: 1 },
        { id: 'm2', slug: 'b', name: 'B' },
      ],
      pages: [{ id: 'p1', slug: 'x', name: 'X', revision: 1 }],
    });
    store.set(moduleOrderAtom, ['m1', 'm2']);
    const untouchedPage = store.get(pageAtom('p1'));
    const client = connect({ store });
    await until(() => client.socket.connected && !!serverSocket?.connected);
    serverSocket!.emit('items:changes', {
      modules: [{ id: 'm1', slug: 'a', name: 'Renamed', revision: 2 }],
      pages: [{ id: 'p1', slug: 'x', name: 'X', revision: 1 }],
      removed: { modules: ['m2'] },
    });
    await until(() => store.get(moduleAtom('m1'))?.name === 'Renamed');
    expect(store.get(pageAtom('p1'))).toBe(untouchedPage);
    expect(store.get(moduleAtom('m2'))).toBeUndefined();
    expect(store.get(moduleOrderAtom)).toEqual(['m1']);
    client.close();
  });

  it("applies the merged server's list form: items [{kind, id, item}], item null when removed", () => {
    const store = createStore();
    store.set(loadStructureAtom, {
      pages: [
        { id: 'p1', slug: 'x', name: 'X' },
        { id: 'p2', slug: 'y', name: 'Y' },
      ],
    });
    applyItemsChanges(store, {
      items: [
        { kind: 'page', id: 'p1', item: { id: 'p1', slug: 'x', name: 'Renamed', revision: 2 } },
        { kind: 'page', id: 'p2', item: null },
      ],
    });
    expect(store.get(pageAtom('p1'))?.name).toBe('Renamed');
    expect(store.get(pageAtom('p2'))).toBeUndefined();
  });

  it('reloads once after a random delay of up to 50 steps of 20 ms on permissions:update', async () => {
    let reloads = 0;
    const client = connect({ reload: () => reloads++, random: () => 0 });
    await until(() => client.socket.connected && !!serverSocket?.connected);
    serverSocket!.emit('permissions:update', {});
    serverSocket!.emit('permissions:update', {});
    await until(() => reloads === 1);
    await new Promise((r) => setTimeout(r, 30));
    expect(reloads).toBe(1);
    expect(permissionReloadDelayMs(() => 0.999)).toBe(980);
    expect(permissionReloadDelayMs(() => 0.5)).toBe(500);
    client.close();
  });

  it('hands the chat events to the shell as they came (the chat slice applies them; messages are sanitised where shown)', async () => {
    const events: [string, unknown][] = [];
    const client = connect({ onEvent: (event, payload) => events.push([event, payload]) });
    await until(() => client.socket.connected && !!serverSocket?.connected);
    const message = { id: '7', message: { id: '7', chatId: 'c1', sequence: 1, message: '<b>hi</b>' } };
    serverSocket!.emit('chat:newMessage', message);
    serverSocket!.emit('chat:typing', { chatId: 'c1', accountId: 'victor' });
    await until(() => events.length === 2);
    expect(events).toEqual([
      ['chat:newMessage', message],
      ['chat:typing', { chatId: 'c1', accountId: 'victor' }],
    ]);
    client.close();
  });
});
