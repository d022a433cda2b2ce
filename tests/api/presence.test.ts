/** The composer's presence over socket.io: an admin's selection reaches the page's other editors only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { emitAck, nextEvent, recordEvents, settle, socketFor, type Socket } from '../helpers/sockets';

interface PresenceUpdate {
  pageId: string;
  accountId: string;
  name: string;
  socketId: string;
  blockId: string | null;
}

describe.each(BACKENDS)('presence on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    api = await startApiServer(backend);
    [admin, maya] = await Promise.all([api.signIn('admin'), api.signIn('maya')]);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await api?.close();
  });
  const open = async (token: string, page?: string) => {
    const socket = await socketFor(api.url, token);
    sockets.push(socket);
    if (page) expect(await emitAck(socket, 'page:subscribe', { id: page })).toEqual({ ok: true });
    return socket;
  };

  it('sends a selection to the other admin on the page, never to a member there; leaving clears it', async () => {
    const ada = await open(admin, 'news');
    const second = await open(await api.signIn('admin'), 'news');
    const member = await open(maya, 'news');
    const memberHeard = recordEvents(member);
    const heard = nextEvent<PresenceUpdate>(second, 'presence:update');
    expect(await emitAck(ada, 'presence:select', { pageId: 'news', blockId: 'news-intro' })).toEqual({ ok: true });
    expect(await heard).toMatchObject({ pageId: 'news', accountId: 'admin', name: 'Ada Admin', blockId: 'news-intro', socketId: ada.id });
    const cleared = nextEvent<PresenceUpdate>(second, 'presence:update');
    ada.close();
    expect(await cleared).toMatchObject({ accountId: 'admin', blockId: null });
    await settle();
    expect(memberHeard.filter((e) => e.event === 'presence:update')).toEqual([]);
  });

  it('refuses members, pages not subscribed and bad payloads, sending nothing', async () => {
    const member = await open(maya, 'news');
    const watcher = await open(admin, 'news');
    const watched = recordEvents(watcher);
    expect(await emitAck(member, 'presence:select', { pageId: 'news', blockId: 'x' })).toEqual({ ok: false, error: 'forbidden' });
    const ada = await open(admin);
    expect(await emitAck(ada, 'presence:select', { pageId: 'news', blockId: 'x' })).toEqual({ ok: false, error: 'subscribe to the page first' });
    expect((await emitAck(ada, 'presence:select', { pageId: 42 })).ok).toBe(false);
    expect((await emitAck(ada, 'presence:select', null)).error).toBe('presence:select needs { pageId, blockId (or null) }');
    await settle();
    expect(watched.filter((e) => e.event === 'presence:update')).toEqual([]);
  });
});
