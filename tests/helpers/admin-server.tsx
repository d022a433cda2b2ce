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
import { blockComponents } from '../../blocks/index.generated';
import { blockOptionValidators } from '../../blocks/_validators.generated/index';
import { childrenByColumn, loadStructureAtom, moduleOrderAtom, preloadBlockTypes } from '../../engine';
import type { Block, Id } from '../../schemas/model';
import type { PageResponse, StructureResponse } from '../../schemas/model/api/structure';
import { createRealtimeClient, type RealtimeClient } from '../../web/realtime/realtime-client';
import { renderEditablePage, type RenderOptions } from './admin-render';
import { startApiServer, type ApiServer } from './api-server';

export type { ApiServer };

/**
 * The real server on SQLite with a revert window long enough for a test. Under jsdom the
 * TextEncoder's byte arrays are not of the global Uint8Array's realm, which jose (signing session
 * tokens) refuses: encoded bytes are copied into the global kind, as they are in production.
 */
export function startAdminServer(env: Record<string, string> = {}): Promise<ApiServer> {
  patchTextEncoderForJsdom();
  return startApiServer('sqlite', { REVERT_WINDOW_MS: '60000', ...env });
}

/** The TextEncoder fix above, for suites that start their servers themselves (describeBackends). */
export function patchTextEncoderForJsdom(): void {
  globalThis.TextEncoder = class extends NodeTextEncoder {
    override encode(input?: string) {
      return new Uint8Array(super.encode(input));
    }
  } as typeof TextEncoder;
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
  /** Blocks in their final shape, with local ids; those no other block holds go on the first page, in order. */
  blocks: Block[];
  /** Modules with their pages (local ids; slugs and names as given), after the demo's; one module `m1` with page `p1` (home) when absent. */
  modules?: { id: string; slug: string; name: string; pages: { id: string; slug: string; name: string }[] }[];
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
  const modules = scene.modules ?? [{ id: 'm1', slug: `scene-${n}`, name: `Scene ${n}`, pages: [{ id: 'p1', slug: 'home', name: 'Home' }] }];
  for (const m of modules) {
    await call('PUT', 'structure/module', { module: { id: id(m.id), slug: m.slug, name: m.name } });
    for (const p of m.pages) await call('PUT', 'structure/page', { moduleId: id(m.id), page: { id: id(p.id), slug: p.slug, name: p.name } });
  }
  const firstPage = modules[0].pages[0].id;
  const byId = new Map(scene.blocks.map((b) => [b.id, b]));
  const nested = new Set(scene.blocks.flatMap((b) => b.children ?? []));
  const place = async (block: Block, parentId: string | undefined, colIndex: number, index: number) => {
    const { children: _c, positions: _p, ...rest } = block;
    await call('PUT', 'structure/block', {
      pageId: id(firstPage),
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
  return { id, pageId: id(firstPage), moduleId: id(modules[0].id), moduleIds: modules.map((m) => id(m.id)) };
}

export interface ServerRenderOptions extends RenderOptions {
  /** The account whose session the admin's API calls use (default: admin). */
  as?: string;
  /** The page rendered, as a local id (default: the scene's first page). */
  page?: string;
  /** Given the built scene's ids, what to render beside the page (e.g. the navigation editor). */
  extraFor?: (ids: { id: (local: string) => string; pageId: Id; moduleId: Id }) => RenderOptions['extra'];
  /** Given the built scene's ids, the user the admin displays for (item permissions name the scene's ids). */
  userFor?: (id: (local: string) => string) => RenderOptions['user'];
}

/**
 * Renders the scene's page in edit mode on the real server; `member` is a second admin client kept
 * current by realtime, `reload()` a fresh client loaded from the server.
 */
export async function renderAdminOnServer(server: ApiServer, scene: ServerScene, options: ServerRenderOptions = {}) {
  const token = await server.signIn('admin');
  const built = await buildScene(server, token, scene);
  // The admin's calls go out as `as` (another account's refusals are real ones); the scene is built and loaded as admin.
  const apiToken = options.as ? await server.signIn(options.as) : token;
  const recorded = recordedApi(createHttpAdminApi({ request: requestAs(server, apiToken) }));
  const pageId = options.page ? built.id(options.page) : built.pageId;
  const store = await loadFromServer(server, token, pageId);
  const member = await loadFromServer(server, token, pageId);
  const realtime: RealtimeClient = createRealtimeClient({
    url: server.url,
    token: await server.signIn('admin'),
    store: member,
    socketOptions: { transports: ['websocket'], reconnection: false },
    reload: () => undefined,
  });
  realtime.setCurrent({ moduleId: built.moduleId, pageId });
  await new Promise<void>((resolve) => (realtime.socket.connected ? resolve() : realtime.socket.on('connect', () => resolve())));
  // Subscribed (acknowledged) before the first write, so the second client hears every one.
  for (const [room, roomId] of [...built.moduleIds.map((m) => ['module', m] as const), ['page', pageId] as const])
    await new Promise((resolve) => realtime.socket.emit(`${room}:subscribe`, { id: roomId }, resolve));
  const extra = options.extraFor ? options.extraFor({ id: built.id, pageId, moduleId: built.moduleId }) : options.extra;
  const user = options.userFor ? options.userFor(built.id) : options.user;
  // Block types load as chunks on demand: the scene's are loaded first, so its page renders whole at once.
  await preloadBlockTypes([...new Set(scene.blocks.map((b) => b.type))], blockComponents, blockOptionValidators);
  const result = renderEditablePage(recorded.api, store, pageId, { ...options, extra, user });
  return {
    ...result,
    ...built,
    ...recorded,
    token,
    store,
    member,
    reload: () => loadFromServer(server, token, pageId),
    close: () => realtime.close(),
  };
}
