/**
 * Room rights are checked again when rights change (server/realtime.ts `recheck`), on both
 * databases: a page restricted to a list the member is not in, and an item permission taken from
 * an elevated user, take their sockets out of the room (`realtime:left`), and nothing more of it
 * reaches them; sockets that may stay hear on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemsChanges } from '../../server/structure/realtime-events';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { emitAck, nextEvent, recordEvents, settle, socketFor, type Socket } from '../helpers/sockets';

describe.each(BACKENDS)('realtime rooms re-checked on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  const sockets: Socket[] = [];
  const connect = async (account: string) => {
    const socket = await socketFor(api.url, await api.signIn(account));
    sockets.push(socket);
    return socket;
  };
  const serverRooms = (socket: Socket) => api.server.ctx.realtime!.io.sockets.sockets.get(socket.id!)!.rooms;
  const ok = async (method: string, path: string, body: unknown) => expect((await api.call(method, path, { token: admin, body })).status).toBe(200);

  beforeAll(async () => {
    api = await startApiServer(backend);
    admin = await api.signIn('admin');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await api?.close();
  });

  it('a page restricted to a list she is not in takes her socket out of its room; the admin stays', async () => {
    const maya = await connect('maya');
    const ada = await connect('admin');
    expect(await emitAck(maya, 'page:subscribe', { id: 'news' })).toEqual({ ok: true });
    expect(await emitAck(ada, 'page:subscribe', { id: 'news' })).toEqual({ ok: true });
    const left = nextEvent<{ room: string }>(maya, 'realtime:left');
    await ok('POST', 'structure/page/news/property', { key: 'visibility', value: { userListIds: ['volunteers'] } });
    expect(await left).toEqual({ room: 'page:news' });
    expect(serverRooms(maya).has('page:news')).toBe(false);
    expect(serverRooms(ada).has('page:news')).toBe(true);

    await settle(); // the restriction's own items:changes has reached whom it goes to
    const toMaya = recordEvents(maya);
    const adaHears = nextEvent<ItemsChanges>(ada, 'items:changes');
    await ok('POST', 'structure/block/news-2/property', { key: 'showTitle', value: false });
    expect((await adaHears).items[0].id).toBe('news-2');
    await settle();
    expect(toMaya).toEqual([]);
    // Nor can she join again while it is closed to her.
    expect(await emitAck(maya, 'page:subscribe', { id: 'news' })).toEqual({ ok: false, error: 'forbidden' });
    await ok('POST', 'structure/page/news/property', { key: 'visibility', value: {} });
    expect(await emitAck(maya, 'page:subscribe', { id: 'news' })).toEqual({ ok: true });
  });

  it('an item permission taken from an elevated user takes her socket out of the page it opened', async () => {
    // The volunteers page is for the volunteers list; managing its visibility lets Elena (elevated, makers) see it.
    await ok('POST', 'structure/permissions/volunteers', { permissions: { manageVisibility: true } });
    const elena = await connect('elena');
    expect(await emitAck(elena, 'page:subscribe', { id: 'volunteers' })).toEqual({ ok: true });
    expect(await emitAck(elena, 'page:subscribe', { id: 'news' })).toEqual({ ok: true });
    const left = nextEvent<{ room: string }>(elena, 'realtime:left');
    await ok('POST', 'structure/permissions/volunteers', { permissions: { manageVisibility: false } });
    expect(await left).toEqual({ room: 'page:volunteers' });
    expect(serverRooms(elena).has('page:volunteers')).toBe(false);
    // What she may still view, she still hears.
    expect(serverRooms(elena).has('page:news')).toBe(true);
  });
});
