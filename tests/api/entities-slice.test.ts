/**
 * The client's entities slice (engine/data/entities.ts) against the real server on SQLite and
 * PostgreSQL, on the demo's workshops: entities read by id and by slug in one batch, the space
 * decision putting its entity in the same atom, and the entity room keeping it live (an admin's
 * new title reaches the slug's and the id's atoms, a pagePermissions change asks the space again,
 * a favourite count, a delete marks it gone). The transport is the shell's (calls over HTTP, the
 * status kept on failures); the realtime link is a socket of the member's session.
 */
import { createStore } from 'jotai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Entity } from '../../schemas/model';
import { createDataLayer, type DataLayer, type DataTransport } from '../../engine/data';
import { entitiesSlice } from '../../engine/data/entities';
import { DEMO_ENTITIES } from '../../server/entities/seed';
import { describeBackends } from '../helpers/backends';
import { emitAck, socketFor, type Socket } from '../helpers/sockets';
import { until as untilRead } from '../helpers/until';
import { ENTITY_FAVOURITE_TYPE } from '../../engine/core/favourites';

const P = DEMO_ENTITIES.pages;
/** Waits until `done` holds (what the room sends arrives soon after the write's answer). */
const until = (done: () => boolean) =>
  untilRead(
    'the room event',
    async () => done(),
    (v) => v,
    10_000,
  );

describeBackends('the entities slice of the client data layer', (api) => {
  const tokens: Record<string, string> = {};
  const sockets: Socket[] = [];
  let store: ReturnType<typeof createStore>;
  let layer: DataLayer;
  let requests: string[];

  /** The shell's transport over the real server: a failure carries its HTTP status (as the web's ApiError does). */
  const transport = (token: string): DataTransport => ({
    async request({ method, path, query, body }) {
      const q = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : '';
      requests.push(`${method} ${path}${q}`);
      const res = await api.call<never>(method, `${path}${q}`, { token, body });
      if (res.status >= 400) throw Object.assign(new Error(`status ${res.status}`), { status: res.status });
      return res.body;
    },
  });

  /** A layer for `who`, its room joins sent on her socket and the room's events applied to it. */
  async function layerFor(who: string): Promise<void> {
    store = createStore();
    requests = [];
    layer = createDataLayer(store, transport(tokens[who]), { ownAccountId: who });
    const socket = await socketFor(api.url, tokens[who]);
    sockets.push(socket);
    const acks: Promise<unknown>[] = [];
    layer.attachRealtime({ emit: (event, payload) => void acks.push(emitAck(socket, event, payload)) });
    socket.onAny((event: string, payload: unknown) => layer.applyEvent(event, payload));
    layer.connected();
    joined = async () => expect((await Promise.all(acks.splice(0))).every((a) => (a as { ok: boolean }).ok)).toBe(true);
  }
  let joined: () => Promise<void>;
  const entities = () => layer.slice(entitiesSlice);
  const value = (ref: string): Entity | undefined => {
    const entry = entities().items.peek(ref);
    return entry?.state === 'ready' ? entry.value : undefined;
  };
  const asAdmin = (method: string, path: string, body?: unknown) => api.call<Entity & { message?: string }>(method, path, { token: tokens.admin, body });

  beforeAll(async () => {
    for (const who of ['admin', 'victor']) tokens[who] = await api.signIn(who);
  });
  afterAll(() => sockets.forEach((s) => s.close()));

  it('reads ids in one POST entities/get, a slug alone, and an unknown ref as not found', async () => {
    await layerFor('victor');
    await Promise.all([DEMO_ENTITIES.designSprint, DEMO_ENTITIES.woodturning, 'repair-cafe', 'no-such-entity'].map((ref) => entities().items.ensure(ref)));
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual(['POST entities/get']);
    expect(value(DEMO_ENTITIES.designSprint)).toMatchObject({ title: 'Design Sprint', favouriteCount: expect.any(Number) });
    expect(value(DEMO_ENTITIES.woodturning)?.id).toBe(DEMO_ENTITIES.woodturning);
    // The slug's entry and the id's hold the same entity.
    expect(value('repair-cafe')?.id).toBe(DEMO_ENTITIES.repairCafe);
    expect(value(DEMO_ENTITIES.repairCafe)?.slug).toBe('repair-cafe');
    expect(entities().items.peek('no-such-entity')).toEqual({ state: 'error', error: 'notFound' });
  });

  it('asks the space decision and keeps its entity; a 404 rejects with the status', async () => {
    await layerFor('victor');
    const answer = await entities().space('design-sprint', 'spaces', 'members');
    expect(answer).toMatchObject({ moduleSlug: 'spaces', pageSlug: 'overview', redirected: true, viewablePageIds: [P.overview] });
    expect(requests).toEqual(['GET entities/design-sprint/space?moduleSlug=spaces&pageSlug=members']);
    expect(value(DEMO_ENTITIES.designSprint)?.title).toBe('Design Sprint');
    expect(value('design-sprint')?.id).toBe(DEMO_ENTITIES.designSprint);
    await expect(entities().space('no-such-entity')).rejects.toMatchObject({ status: 404 });
  });

  it("follows the entity room: a new title reaches every ref's atom, a pagePermissions change moves the space version", async () => {
    await layerFor('victor');
    await entities().items.ensure('woodturning-basics');
    const id = DEMO_ENTITIES.woodturning;
    const leave = entities().watch(id);
    await joined();
    const version = () => store.get(entities().spaceVersion(id));
    const before = version();
    expect((await asAdmin('POST', `entities/${id}/settingsData`, { title: 'Woodturning for beginners' })).status).toBe(200);
    await until(() => value('woodturning-basics')?.title === 'Woodturning for beginners');
    expect(value(id)?.title).toBe('Woodturning for beginners');
    // A title is nothing the decision reads.
    expect(version()).toBe(before);
    expect((await asAdmin('POST', `entities/${id}/settingsData`, { pagePermissions: [P.overview, P.members] })).status).toBe(200);
    await until(() => version() > before);
    expect(value(id)?.pagePermissions).toEqual([P.overview, P.members]);
    leave();
  });

  it('shows the favourite count live and marks a deleted entity gone', async () => {
    await layerFor('victor');
    const id = DEMO_ENTITIES.repairCafe;
    await entities().items.ensure(id);
    const leave = entities().watch(id);
    await joined();
    const count = value(id)!.favouriteCount ?? 0;
    expect((await api.call('PUT', 'profile/favourites/add', { token: tokens.admin, body: { type: ENTITY_FAVOURITE_TYPE, value: id } })).status).toBe(200);
    await until(() => value(id)?.favouriteCount === count + 1);
    const lock = entities().items.lock(id);
    const version = store.get(entities().spaceVersion(id));
    expect((await asAdmin('DELETE', `entities/${id}`)).status).toBe(204);
    await until(() => entities().items.peek(id)?.state === 'error');
    expect(entities().items.peek(id)).toEqual({ state: 'error', error: 'notFound' });
    expect(store.get(entities().spaceVersion(id))).toBeGreaterThan(version);
    lock();
    leave();
  });

  it('joins the shown entities again on a new connection and reads them again after a drop', async () => {
    await layerFor('victor');
    const id = DEMO_ENTITIES.designSprint;
    await entities().items.ensure(id);
    const leave = entities().watch(id);
    await joined();
    requests = [];
    layer.connected();
    await joined();
    await until(() => requests.includes('POST entities/get'));
    leave();
  });
});
