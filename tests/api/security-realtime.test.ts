/**
 * Realtime never tells an account about what it may not view (issue 12, finding 1), with a bare
 * socket.io client on both databases: subscriptions are authorised when they are made, every
 * items:changes payload is judged per account when it is sent (no item, no id, no hidden page in
 * a module's childIds), and a socket ends with its session (logout) and its token (expiry).
 */
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Module } from '../../schemas/model';
import type { ItemsChanges } from '../../server/structure/realtime-events';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';
import { emitAck, nextEvent, recordEvents, settle, socketFor, type Socket } from '../helpers/sockets';

/** Everything about the volunteers-only page of the demo that must never reach Maya. */
const VOLUNTEERS_TRACES = ['volunteers', 'vol-rota', 'vol-keys', 'vol-induct', 'vol-thanks', 'Volunteers hub', 'secret-vol-', 'Top secret rota'];

describe.each(BACKENDS)('realtime per viewer on %s', (backend) => {
  let api: ApiServer;
  let admin: string;
  let maya: string;
  const sockets: Socket[] = [];
  const connect = async (token: string) => {
    const socket = await socketFor(api.url, token);
    sockets.push(socket);
    return socket;
  };
  beforeAll(async () => {
    api = await startApiServer(backend);
    [admin, maya] = await Promise.all([api.signIn('admin'), api.signIn('maya')]);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await api?.close();
  });

  it('module:subscribe refuses an unknown module, and a page she may not view is refused like an unknown one', async () => {
    const socket = await connect(maya);
    expect(await emitAck(socket, 'module:subscribe', { id: 'no-such-module' })).toEqual({ ok: false, error: 'forbidden' });
    expect(await emitAck(socket, 'module:subscribe', { id: 'members-area' })).toEqual({ ok: true });
    expect(await emitAck(socket, 'page:subscribe', { id: 'volunteers' })).toEqual(await emitAck(socket, 'page:subscribe', { id: 'no-such-page' }));
    expect(await emitAck(socket, 'module:subscribe', { id: { toString: 'x' } })).toMatchObject({ ok: false });
  });

  it('Maya on My settings hears nothing of what an admin does on the volunteers-only page, not even its ids', async () => {
    const socket = await connect(maya);
    expect(await emitAck(socket, 'module:subscribe', { id: 'members-area' })).toEqual({ ok: true });
    expect(await emitAck(socket, 'page:subscribe', { id: 'my-settings' })).toEqual({ ok: true });
    const received = recordEvents(socket);
    // Every argument, the event ids' second one too: a room's name is an id she must not learn.
    const wire: unknown[][] = [];
    socket.onAny((...args: unknown[]) => wire.push(args));
    const adminSocket = await connect(admin);
    await emitAck(adminSocket, 'module:subscribe', { id: 'members-area' });
    const adminHears = nextEvent<ItemsChanges>(adminSocket, 'items:changes');

    const added = await api.call<{ block: { id: string } }>('PUT', 'structure/block', {
      token: admin,
      body: { pageId: 'volunteers', block: { id: 'secret-vol-1', type: 'plainText', options: { text: 'Top secret rota' } } },
    });
    expect(added.status).toBe(200);
    // The admin's own socket does hear it: the write was broadcast, and judged per viewer.
    expect(JSON.stringify(await adminHears)).toContain('secret-vol-1');
    expect((await api.call('POST', 'structure/page/volunteers/property', { token: admin, body: { key: 'name', value: 'Volunteers hub (new)' } })).status).toBe(
      200,
    );
    const rota = (await api.call<{ options: object }>('GET', 'structure/block/vol-rota', { token: admin })).body;
    expect(
      (await api.call('POST', 'structure/block/vol-rota', { token: admin, body: { block: { ...rota, options: { text: 'Top secret rota 2' } } } })).status,
    ).toBe(200);
    // A new volunteers-only page in her module: the module item she receives names none of it.
    const moduleHeard = nextEvent<ItemsChanges>(socket, 'items:changes');
    const created = await api.call('PUT', 'structure/page', {
      token: admin,
      body: { moduleId: 'members-area', page: { id: 'secret-vol-page', slug: 'secret-vol-page', name: 'Secret', visibility: { userListIds: ['volunteers'] } } },
    });
    expect(created.status).toBe(200);
    const module = (await moduleHeard).items.find((c) => c.kind === 'module')?.item as Module;
    expect(module.childIds).toEqual(['lounge', 'volunteer', 'my-settings', 'notice-board']);
    await settle();
    const text = JSON.stringify([received, wire]);
    for (const trace of VOLUNTEERS_TRACES) expect(text, trace).not.toContain(trace);
    // A change she may see still arrives.
    const visible = nextEvent<ItemsChanges>(socket, 'items:changes');
    expect((await api.call('POST', 'structure/block/settings-intro/property', { token: admin, body: { key: 'showTitle', value: true } })).status).toBe(200);
    expect((await visible).items).toEqual([expect.objectContaining({ kind: 'block', id: 'settings-intro' })]);
  });

  it('a socket ends with its session: GET logout disconnects it and it receives nothing more', async () => {
    const token = await api.signIn('maya');
    const socket = await connect(token);
    await emitAck(socket, 'page:subscribe', { id: 'my-settings' });
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await api.call('GET', 'logout', { token })).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    // Nor can it come back with the revoked token.
    await expect(socketFor(api.url, token)).rejects.toThrow('Not authorized');
  });

  it('a socket ends when its token expires', async () => {
    const secret = new TextEncoder().encode(fs.readFileSync(path.join(api.dataDir, 'jwt-secret'), 'utf8').trim());
    const shortLived = await new SignJWT({ serviceId: 'tessera', sid: 'short-session' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('maya')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(secret);
    const socket = await connect(shortLived);
    const started = Date.now();
    const reason = await new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(4000);
  });
});
