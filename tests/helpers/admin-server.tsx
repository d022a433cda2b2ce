/**
 * Admin component suites against the real server, started in-process (one per suite file), through
 * the real HTTP AdminApi (admin/core/http-api.ts). A scene is built through the same API as an
 * admin would (module, page, blocks placed column by column); its ids are namespaced per scene so
 * the scenes of one suite share a server. A second client is the web app's real realtime client
 * on another admin session, told each write as `items:changes`.
 */
import { createStore } from 'jotai';
import { TextEncoder as NodeTextEncoder } from 'node:util';
import type { AdminApi } from '../../admin';
import { createHttpAdminApi, type AdminRequest } from '../../admin/core/http-api';
import { childrenByColumn, loadStructureAtom, moduleOrderAtom } from '../../engine';
import type { Block, Id } from '../../schemas/model';
import type { PageResponse, StructureResponse } from '../../schemas/model/api';
import { createRealtimeClient, type RealtimeClient } from '../../web/realtime/realtime-client';
import { renderEditablePage, type RenderOptions } from './admin-render';
import { startApiServer, type ApiServer } from './api-server';

export type { ApiServer };

/**
 * The real server on SQLite with a revert window long enough for a test. Under jsdom the
 * TextEncoder's byte arrays are not of the global Uint8Array's realm, which jose (signing session
 * tokens) refuses: encoded bytes are copied into the global kind, as they are in production.
 */
export function startAdminServer(): Promise<ApiServer> {
  globalThis.TextEncoder = class extends NodeTextEncoder {
    override encode(input?: string) {
      return new Uint8Array(super.encode(input));
    }
  } as typeof TextEncoder;
  return startApiServer('sqlite', { REVERT_WINDOW_MS: '60000' });
}

type Store = ReturnType<typeof createStore>;

export function requestAs(server: ApiServer, token: string): AdminRequest {
  return async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await server.call<T>(method, path, { token, body });
    if (res.status >= 400) throw res.body;
    return res.body;
  };
}

/** The real AdminApi, with every call recorded and a way to hold one method's calls (to see loading states). */
export function recordedApi(api: AdminApi) {
  const calls: { method: keyof AdminApi; args: unknown[] }[] = [];
  const gates = new Map<keyof AdminApi, Promise<void>>();
  const recorded = Object.fromEntries(
    Object.entries(api).map(([method, fn]) => [
      method,
      async (...args: unknown[]) => {
        calls.push({ method: method as keyof AdminApi, args: structuredClone(args) });
        await gates.get(method as keyof AdminApi);
        return (fn as (...a: unknown[]) => Promise<unknown>)(...args);
      },
    ]),
  ) as unknown as AdminApi;
  const hold = (method: keyof AdminApi) => {
    let release!: () => void;
    gates.set(method, new Promise<void>((r) => (release = r)));
    return () => {
      gates.delete(method);
      release();
    };
  };
  return { api: recorded, calls, hold };
}

/** Loads what a client gets at start: the structure and the page document. */
export async function loadFromServer(server: ApiServer, token: string, pageId: Id, store: Store = createStore()): Promise<Store> {
  const structure = (await server.call<StructureResponse>('GET', 'structure', { token })).body;
  const doc = (await server.call<PageResponse>('GET', `structure/page/${pageId}`, { token })).body;
  store.set(loadStructureAtom, {
    modules: structure.modules.map(({ pages: _p, ...m }) => m),
    pages: structure.modules.flatMap((m) => m.pages),
    blocks: doc.blocks,
  });
  store.set(moduleOrderAtom, structure.order);
  return store;
}

let scenes = 0;

export interface ServerScene {
  /** Blocks in their final shape, with local ids; those no other block holds go on the page, in order. */
  blocks: Block[];
}

/** Builds the scene on the server; `id(local)` is a local id's id there. */
export async function buildScene(server: ApiServer, token: string, scene: ServerScene) {
  const n = ++scenes;
  const id = (local: string) => `s${n}-${local}`;
  const call = async (method: string, path: string, body: unknown) => {
    const res = await server.call(method, path, { token, body });
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await call('PUT', 'structure/module', { module: { id: id('m1'), slug: `scene-${n}`, name: `Scene ${n}` } });
  await call('PUT', 'structure/page', { moduleId: id('m1'), page: { id: id('p1'), slug: 'home', name: 'Home' } });
  const byId = new Map(scene.blocks.map((b) => [b.id, b]));
  const nested = new Set(scene.blocks.flatMap((b) => b.children ?? []));
  const place = async (block: Block, parentId: string | undefined, colIndex: number, index: number) => {
    const { children: _c, positions: _p, ...rest } = block;
    await call('PUT', 'structure/block', {
      pageId: id('p1'),
      block: { ...rest, id: id(block.id) },
      ...(parentId ? { parentId: id(parentId) } : {}),
      colIndex,
      index,
      defaults: true,
    });
    const columns = childrenByColumn(block.children, block.positions);
    for (const [col, ids] of columns.entries()) for (const [i, child] of ids.entries()) await place(byId.get(child)!, block.id, col, i);
  };
  const top = scene.blocks.filter((b) => !nested.has(b.id));
  for (const [i, block] of top.entries()) await place(block, undefined, 0, i);
  return { id, pageId: id('p1'), moduleId: id('m1') };
}

/**
 * Renders the scene's page in edit mode on the real server; `member` is a second admin client kept
 * current by realtime, `reload()` a fresh client loaded from the server.
 */
export async function renderAdminOnServer(server: ApiServer, scene: ServerScene, options: RenderOptions = {}) {
  const token = await server.signIn('admin');
  const built = await buildScene(server, token, scene);
  const recorded = recordedApi(createHttpAdminApi({ request: requestAs(server, token) }));
  const store = await loadFromServer(server, token, built.pageId);
  const member = await loadFromServer(server, token, built.pageId);
  const realtime: RealtimeClient = createRealtimeClient({
    url: server.url,
    token: await server.signIn('admin'),
    store: member,
    socketOptions: { transports: ['websocket'], reconnection: false },
    reload: () => undefined,
  });
  realtime.setCurrent({ moduleId: built.moduleId, pageId: built.pageId });
  await new Promise<void>((resolve) => (realtime.socket.connected ? resolve() : realtime.socket.once('connect', () => resolve())));
  // Subscribed (acknowledged) before the first write, so the second client hears every one.
  for (const [room, roomId] of [
    ['module', built.moduleId],
    ['page', built.pageId],
  ] as const)
    await new Promise((resolve) => realtime.socket.emit(`${room}:subscribe`, { id: roomId }, resolve));
  const result = renderEditablePage(recorded.api, store, built.pageId, options);
  return {
    ...result,
    ...built,
    ...recorded,
    token,
    store,
    member,
    reload: () => loadFromServer(server, token, built.pageId),
    close: () => realtime.close(),
  };
}
