import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import type { SettingsUpdatedEvent } from '../../schemas/model';
import type { InitResponse } from '../../schemas/model/api/session';
import type { PageResponse } from '../../schemas/model/api/structure';
import type { ItemsChanges } from '../../server/structure/realtime-events';
import { projectRoot } from '../../scripts/paths';
import { BACKENDS, backendEnv, signInAt as signIn, createSchemaName, dropSchema, requirePostgres, startApiServer, type ApiServer } from '../helpers/api-server';
import { startServer, type RunningServer } from '../helpers/server-process';
import { emitAck, nextEvent, recordEvents, settle, socketFor, type Socket } from '../helpers/sockets';

/** The generated schema of the one `settings:updated` shape (schemas/model/realtime.ts). */
const checkSettingsUpdated = new Ajv({ strict: false, allErrors: true }).compile<SettingsUpdatedEvent>(
  JSON.parse(fs.readFileSync(path.join(projectRoot, 'schemas/json/realtime/settings-updated-event.schema.json'), 'utf8')),
);

describe.each(BACKENDS)('realtime on %s', (backend) => {
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

  it('refuses sockets without a valid JWT', async () => {
    await expect(socketFor(api.url, 'forged.token.here')).rejects.toThrow('Not authorized');
  });

  it('items:changes reaches sockets subscribed to the page, not others', async () => {
    const onPage = await socketFor(api.url, maya);
    const elsewhere = await socketFor(api.url, maya);
    sockets.push(onPage, elsewhere);
    expect(await emitAck(onPage, 'page:subscribe', { id: 'news' })).toEqual({ ok: true });
    expect(await emitAck(elsewhere, 'page:subscribe', { id: 'faq' })).toEqual({ ok: true });
    let leaked = false;
    elsewhere.on('items:changes', () => (leaked = true));
    const received = nextEvent<ItemsChanges>(onPage, 'items:changes');
    await api.call('POST', 'structure/block/news-2/property', { token: admin, body: { key: 'showTitle', value: true } });
    const changes = await received;
    expect(changes.pageIds).toContain('news');
    expect(changes.items).toEqual([expect.objectContaining({ kind: 'block', id: 'news-2', item: expect.objectContaining({ showTitle: true }) })]);
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(false);
  });

  it('module subscribers hear page changes of the module; page:subscribe refuses pages the user may not view', async () => {
    const socket = await socketFor(api.url, maya);
    sockets.push(socket);
    expect(await emitAck(socket, 'page:subscribe', { id: 'volunteers' })).toEqual({ ok: false, error: 'forbidden' });
    await emitAck(socket, 'module:subscribe', { id: 'resources' });
    const received = nextEvent<ItemsChanges>(socket, 'items:changes');
    await api.call('POST', 'structure/page/guides/property', { token: admin, body: { key: 'name', value: 'How-to guides' } });
    expect((await received).moduleIds).toContain('resources');
  });

  it('settings:updated and i18n:update go to every socket; permissions:update only to those whose rights it changes', async () => {
    const socket = await socketFor(api.url, maya);
    const elena = await socketFor(api.url, await api.signIn('elena'));
    sockets.push(socket, elena);
    const settings = nextEvent<SettingsUpdatedEvent>(socket, 'settings:updated');
    await api.call('POST', 'settings/theme', { token: admin, body: { changes: { mode: 'dark' } } });
    const event = await settings;
    expect(checkSettingsUpdated(event), JSON.stringify(checkSettingsUpdated.errors)).toBe(true);
    // The whole settings as stored now, not the part that changed.
    expect(event).toMatchObject({ name: 'theme', settings: (await api.call('GET', 'settings', { token: maya })).body });
    expect(event.settings.theme?.mode).toBe('dark');
    // Elena (elevated) may manage page settings through her base paths: granting what she has changes nothing.
    const toMaya = recordEvents(socket);
    const toElena = recordEvents(elena);
    await api.call('POST', 'structure/permissions/news', { token: admin, body: { permissions: { manageSettings: true } } });
    await settle();
    expect(toElena.filter((e) => e.event === 'permissions:update')).toEqual([]);
    const permissions = nextEvent<{ itemId: string }>(elena, 'permissions:update');
    await api.call('POST', 'structure/permissions/news', { token: admin, body: { permissions: { manageSettings: false } } });
    expect((await permissions).itemId).toBe('news');
    await settle();
    // A member's rights never depend on item permissions: her app is never told to reload.
    expect(toMaya.filter((e) => e.event === 'permissions:update')).toEqual([]);
    const label = nextEvent<{ locale: string; key: string; value: string }>(socket, 'i18n:update');
    await api.call('POST', 'i18n/fr', { token: admin, body: { key: 'common.actions.save', value: 'Garder' } });
    // The single edit, and the `iso` + `overrides` form the shell applies.
    expect(await label).toEqual({ locale: 'fr', key: 'common.actions.save', value: 'Garder', iso: 'fr', overrides: { 'common.actions.save': 'Garder' } });
  });

  it('settings:updated has one shape for settings, brands and the module order', async () => {
    const socket = await socketFor(api.url, maya);
    sockets.push(socket);
    const brandEvent = nextEvent<SettingsUpdatedEvent>(socket, 'settings:updated');
    const brandId = (await api.call<{ brandId: string }[]>('GET', 'service/brands', { token: admin })).body[0].brandId;
    expect((await api.call('PUT', `service/brands/${brandId}/name`, { token: admin, body: { brandName: 'Renamed brand' } })).status).toBe(200);
    const brand = await brandEvent;
    expect(checkSettingsUpdated(brand), JSON.stringify(checkSettingsUpdated.errors)).toBe(true);
    expect(brand.name).toBe('brand');
    expect(brand.activeBrand).toMatchObject({ brandId, brandName: 'Renamed brand' });
    // Theme styles come as theme.css, never in the event.
    expect(Object.keys(brand.activeBrand!).sort()).toEqual(['brandId', 'brandName', 'settings']);

    const order = (await api.call<{ id: string }[]>('GET', 'structure/module', { token: admin })).body.map((m) => m.id).reverse();
    const orderEvent = nextEvent<SettingsUpdatedEvent>(socket, 'settings:updated');
    expect((await api.call('POST', 'structure/module/order', { token: admin, body: { order } })).status).toBe(200);
    const ordered = await orderEvent;
    expect(checkSettingsUpdated(ordered), JSON.stringify(checkSettingsUpdated.errors)).toBe(true);
    expect(ordered.name).toBe('structure');
    expect(ordered.settings.structure?.orders?.modules?.order).toEqual(order);
  });
});

describe('realtime across server processes sharing PostgreSQL', () => {
  let a: RunningServer;
  let b: RunningServer;
  let schema: string;
  let dataDir: string;
  let socket: Socket | undefined;
  beforeAll(async () => {
    await requirePostgres();
    schema = await createSchemaName();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-multi-'));
    a = await startServer(backendEnv('postgres', schema), dataDir);
    b = await startServer(backendEnv('postgres', schema), dataDir);
  });
  afterAll(async () => {
    socket?.close();
    await a?.stop();
    await b?.stop();
    if (schema) await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a write through process A reaches a client of process B', async () => {
    const admin = await signIn(a.url, 'admin');
    const maya = await signIn(b.url, 'maya');
    socket = await socketFor(b.url, maya);
    expect(await emitAck(socket, 'page:subscribe', { id: 'welcome' })).toEqual({ ok: true });
    const received = nextEvent<ItemsChanges>(socket, 'items:changes', 15_000);
    const res = await fetch(`${a.url}/api/v1/structure/block/welcome-hours/property`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ key: 'options', value: { text: 'Open every day.' } }),
    });
    expect(res.status).toBe(200);
    const changes = await received;
    expect(changes.items[0]).toMatchObject({ kind: 'block', id: 'welcome-hours', item: { options: { text: 'Open every day.' } } });
  });

  it('a restriction written through process A takes a socket of process B out of the room', async () => {
    const admin = await signIn(a.url, 'admin');
    const victim = await socketFor(b.url, await signIn(b.url, 'maya'));
    try {
      expect(await emitAck(victim, 'page:subscribe', { id: 'faq' })).toEqual({ ok: true });
      const left = nextEvent<{ room: string }>(victim, 'realtime:left', 15_000);
      const write = (visibility: unknown) =>
        fetch(`${a.url}/api/v1/structure/page/faq/property`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
          body: JSON.stringify({ key: 'visibility', value: visibility }),
        });
      expect((await write({ userListIds: ['volunteers'] })).status).toBe(200);
      expect(await left).toEqual({ room: 'page:faq' });
      expect((await write({})).status).toBe(200);
    } finally {
      victim.close();
    }
  });

  it('a socket of process B that comes back gets what a write through process A sent meanwhile', async () => {
    const admin = await signIn(a.url, 'admin');
    const maya = await signIn(b.url, 'maya');
    const first = await socketFor(b.url, maya);
    const joined = nextEvent<{ room: string; lastId: number }>(first, 'realtime:joined');
    const places: Record<string, number> = {};
    first.on('realtime:joined', (j: { room: string; lastId: number }) => (places[j.room] = j.lastId));
    await joined;
    expect(await emitAck(first, 'page:subscribe', { id: 'welcome' })).toEqual({ ok: true });
    first.close();
    const res = await fetch(`${a.url}/api/v1/structure/block/welcome-hours/property`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ key: 'options', value: { text: 'Sent while you were away.' } }),
    });
    expect(res.status).toBe(200);
    await settle();
    const again = await socketFor(b.url, maya);
    try {
      const missed = nextEvent<ItemsChanges>(again, 'items:changes', 15_000);
      expect(await emitAck(again, 'page:subscribe', { id: 'welcome', since: places['page:welcome'] })).toEqual({ ok: true });
      expect((await missed).items[0]).toMatchObject({ id: 'welcome-hours', item: { options: { text: 'Sent while you were away.' } } });
    } finally {
      again.close();
    }
  });

  it('a read through process B right after a write through process A answers the write', async () => {
    const admin = await signIn(a.url, 'admin');
    const maya = await signIn(b.url, 'maya');
    const read = async <T>(p: string): Promise<T> => {
      const res = await fetch(`${b.url}/api/v1/${p}`, { headers: { authorization: `Bearer ${maya}`, 'accept-encoding': 'br, gzip' } });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    const initPath = `init?opts=${encodeURIComponent(JSON.stringify({ pageId: 'welcome' }))}`;
    // Each round: B has the answers in memory (memoised, compressed), A changes the page, B must not answer from them.
    for (const round of [1, 2, 3]) {
      await read<InitResponse>(initPath);
      await read<PageResponse>('structure/page/welcome');
      const name = `Welcome, round ${round}`;
      const res = await fetch(`${a.url}/api/v1/structure/page/welcome/property`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({ key: 'name', value: name }),
      });
      expect(res.status).toBe(200);
      expect((await read<PageResponse>('structure/page/welcome')).page.name).toBe(name);
      const init = await read<InitResponse>(initPath);
      expect(init.page!.page.name).toBe(name);
      expect(init.structure.modules.flatMap((m) => m.pages).find((p) => p.id === 'welcome')!.name).toBe(name);
    }
  });
});
