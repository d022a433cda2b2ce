/**
 * The realtime client (spec 7.6) on socket.io-client: WebSocket first, HTTP long polling when
 * WebSockets are refused (a proxy that blocks them); emits made while disconnected are buffered and
 * sent on connecting; server acks are answered. It keeps the server subscribed to the current
 * module, page and viewed profile, writes `items:changes` into the structure store in place (no
 * reload), reloads after a random short delay on `permissions:update` (spec 9), and hands every
 * other event (chat's among them) to the shell, which routes it to the data layer. Chat messages
 * are sanitised where they are shown (engine/react/markup-sanitizer.ts, the chat policy).
 *
 * Catch-up (server/realtime.ts): room events carry `{ ids: { [room]: id } }` as a second argument
 * and `realtime:joined {room, lastId}` says where a room stands. After a drop the client gives the
 * last id it saw per room (`since` in each subscription, `auth.since` for its own rooms) and the
 * server sends what it missed, in order; an event that comes both live and replayed is applied
 * once. Where the server cannot (`realtime:refetch`), or the client knows no id, `onRefetch` tells
 * the data layer to read again.
 */
import type { createStore } from 'jotai';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { PERMISSION_RELOAD_MAX_STEPS, PERMISSION_RELOAD_STEP_MS } from '../../engine/core/constants';
import { blockAtom, fieldAtom, loadStructureAtom, moduleAtom, moduleOrderAtom, pageAtom, type StructureItems } from '../../engine/react/structure-store';
import type { Id } from '../../schemas/model';

type Store = ReturnType<typeof createStore>;

/**
 * The `items:changes` payload: changed items by kind, optional module order, removed items by
 * kind; or the merged server's list form, `items: [{kind, id, item}]` with `item: null` when removed.
 */
export interface ItemsChanges extends StructureItems {
  moduleOrder?: Id[];
  removed?: { modules?: Id[]; pages?: Id[]; blocks?: Id[]; fields?: Id[] };
  items?: { kind: 'module' | 'page' | 'block' | 'field'; id: Id; item: unknown }[];
}

const KIND_KEYS = { module: 'modules', page: 'pages', block: 'blocks', field: 'fields' } as const;

/** Folds the list form into the by-kind form. */
export function normaliseItemsChanges(changes: ItemsChanges): ItemsChanges {
  if (!Array.isArray(changes.items)) return changes;
  const out: ItemsChanges = {
    ...changes,
    modules: [...(changes.modules ?? [])],
    pages: [...(changes.pages ?? [])],
    blocks: [...(changes.blocks ?? [])],
    fields: [...(changes.fields ?? [])],
    removed: { ...(changes.removed ?? {}) },
  };
  for (const change of changes.items) {
    const key = KIND_KEYS[change?.kind];
    if (!key || typeof change.id !== 'string') continue;
    if (change.item && typeof change.item === 'object') (out[key] as unknown[]).push(change.item);
    else (out.removed![key] ??= []).push(change.id);
  }
  return out;
}

export interface RealtimeOptions {
  /** Server origin; the page's origin when omitted. */
  url?: string;
  token: string;
  /**
   * The current session token, read at every (re)connection. The server ends a socket when its
   * session ends (logout) or its token expires; the client connects again only with a newer token.
   */
  getToken?: () => string | null;
  store: Store;
  reload?: () => void;
  random?: () => number;
  /** Every other received event, by name (toasts, notifications, settings, ...). */
  onEvent?: (event: string, payload: unknown) => void;
  /**
   * Events were missed that the server cannot send again (a gap older than a room keeps, events
   * each viewer got its own way, a room whose place was unknown): the data layer reads again.
   * Called at most once per connection.
   */
  onRefetch?: (room: string) => void;
  /** Extra socket.io-client options (tests: `transports`, reconnection delays). */
  socketOptions?: Partial<ManagerOptions & SocketOptions>;
}

export type RealtimeSocket = Socket;

export interface RealtimeClient {
  socket: RealtimeSocket;
  /**
   * Subscribes to the given module, page and viewed profile, unsubscribing from the previous ones.
   * `pageEntityId`: the page is a space's page, subscribed as `{id, entityId}` (the server joins
   * only when the space decision lets her view it).
   */
  setCurrent(target: { moduleId?: Id; pageId?: Id; pageEntityId?: Id; profileId?: Id; draftsId?: 'all' }): void;
  close(): void;
}

/** The delay before a permission-change reload: a random number of 20 ms steps, up to 50. */
export const permissionReloadDelayMs = (random: () => number) => Math.floor(random() * PERMISSION_RELOAD_MAX_STEPS) * PERMISSION_RELOAD_STEP_MS;

export const FORWARDED_EVENTS = [
  'API_MESSAGE',
  'CONNECTED_INSTANCE',
  'SERVER_MESSAGE',
  'i18n:update',
  'profile:update',
  'favourites:count',
  'user:updateData',
  'chat:newMessage',
  'chat:messageUpdated',
  'chat:unreadCount',
  'chat:read',
  'chat:typing',
  'communications:created',
  'communications:updated',
  'communications:removed',
  'events:notification',
  'notifications:count',
  'notifications:read',
  'settings:changes',
  'settings:updated',
  'permissions:global:change',
  'userLists:updated',
  'userLists:updated:state',
  'userLists:memberships:added',
  'userLists:memberships:removed',
  'notifications:itemsToSubscribeTo',
  'insights:dashboard',
  'insights:reports',
  'connection:state:update',
  'abuse:queueChanged',
  // The entity room (engine/data/entities.ts; entities:join for the join blocks' counts).
  'entities:updated',
  'entities:removed',
  'entities:favourites',
  'entities:join',
] as const;

export function applyItemsChanges(store: Store, raw: ItemsChanges): void {
  const changes = normaliseItemsChanges(raw);
  store.set(loadStructureAtom, changes);
  if (Array.isArray(changes.moduleOrder)) store.set(moduleOrderAtom, changes.moduleOrder);
  const removed = changes.removed ?? {};
  for (const id of removed.modules ?? []) store.set(moduleAtom(id), undefined);
  for (const id of removed.pages ?? []) store.set(pageAtom(id), undefined);
  for (const id of removed.blocks ?? []) store.set(blockAtom(id), undefined);
  for (const id of removed.fields ?? []) store.set(fieldAtom(id), undefined);
  if (removed.modules?.length)
    store.set(
      moduleOrderAtom,
      store.get(moduleOrderAtom).filter((id) => !removed.modules!.includes(id)),
    );
}

/** A room's place: the highest event id seen in it. */
interface RoomPlace {
  lastId: number;
}
/** Sends remembered by their `eid`: a catch-up may repeat one that also came live, or came through another room. */
const RECENT_SENDS = 1024;
/** The rooms the server puts a socket in by itself: its account's and everyone's. */
const isOwnRoom = (room: string) => room === 'everyone' || room.startsWith('account:');

/** Socket.io-client as the app runs it: WebSocket first, long polling when that fails to open. */
export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = { path: '/socket.io', transports: ['websocket', 'polling'], tryAllTransports: true };

export function createRealtimeClient(options: RealtimeOptions): RealtimeClient {
  let usedToken: string | null = options.token;
  const places = new Map<string, RoomPlace>();
  const auth = (cb: (data: object) => void) => {
    usedToken = options.getToken ? options.getToken() : options.token;
    const since = Object.fromEntries([...places].filter(([room]) => isOwnRoom(room)).map(([room, place]) => [room, place.lastId]));
    cb({ token: usedToken, since });
  };
  const socketOptions = { ...SOCKET_OPTIONS, auth, ...options.socketOptions };
  const socket = options.url ? io(options.url, socketOptions) : io(socketOptions);
  socket.on('disconnect', (reason: string) => {
    // Ended by the server (expired token, ended session): only a refreshed token may connect again.
    if (reason !== 'io server disconnect') return;
    const current = options.getToken?.();
    if (current && current !== usedToken) socket.connect();
  });
  const current: { moduleId?: Id; pageId?: Id; pageEntityId?: Id; profileId?: Id; draftsId?: string } = {};
  /** The subscription's payload: a page of a space names its entity. */
  const subscription = (kind: string, id: Id, since?: number) => ({
    id,
    ...(kind === 'page' && current.pageEntityId ? { entityId: current.pageEntityId } : {}),
    ...(since !== undefined ? { since } : {}),
  });
  const reload = options.reload ?? (() => window.location.reload());
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  const KINDS = [
    ['module', 'moduleId'],
    ['page', 'pageId'],
    ['profile', 'profileId'],
    // Edit mode: the editors' room for drafts (server/structure/draft-events.ts).
    ['drafts', 'draftsId'],
  ] as const;

  let refetchAsked = false;
  const refetch = (room: string) => {
    if (refetchAsked) return;
    refetchAsked = true;
    options.onRefetch?.(room);
  };
  const sends = new Set<string>();
  /** Records an event's room ids; false when its send was had already (a replay of a live one). */
  const accept = (meta: unknown): boolean => {
    const { ids, eid } = (meta ?? {}) as { ids?: unknown; eid?: unknown };
    if (ids && typeof ids === 'object')
      for (const [room, id] of Object.entries(ids as Record<string, unknown>)) {
        const place = places.get(room);
        if (place && typeof id === 'number') place.lastId = Math.max(place.lastId, id);
      }
    if (typeof eid !== 'string') return true;
    if (sends.has(eid)) return false;
    sends.add(eid);
    if (sends.size > RECENT_SENDS) sends.delete(sends.values().next().value!);
    return true;
  };
  /** Listens to a room event: each event once, its ids recorded. */
  const listen = <T>(event: string, handle: (payload: T) => void) =>
    socket.on(event, (payload: T, meta?: unknown) => {
      if (accept(meta)) handle(payload);
    });
  const roomOf = (kind: string, id: Id) => `${kind}:${id}`;

  socket.on('realtime:joined', (joined: { room?: unknown; lastId?: unknown }) => {
    if (typeof joined?.room !== 'string' || typeof joined.lastId !== 'number') return;
    const place = places.get(joined.room);
    if (place) place.lastId = Math.max(place.lastId, joined.lastId);
    else places.set(joined.room, { lastId: joined.lastId });
  });
  socket.on('realtime:refetch', (signal: { room?: unknown }) => refetch(typeof signal?.room === 'string' ? signal.room : ''));
  // Rights changed and the server took the socket out of a room: its place means nothing now.
  socket.on('realtime:left', (left: { room?: unknown }) => typeof left?.room === 'string' && places.delete(left.room));

  // Subscriptions live on the server's socket: repeat them after every (re)connection, each with
  // the last id seen in its room; a room (or an own room) with no known place cannot catch up.
  let connectedBefore = false;
  socket.on('connect', () => {
    refetchAsked = false;
    if (connectedBefore && ![...places.keys()].some(isOwnRoom)) refetch('');
    for (const [kind, key] of KINDS) {
      const id = current[key];
      if (!id) continue;
      const place = places.get(roomOf(kind, id));
      if (connectedBefore && !place) refetch(roomOf(kind, id));
      socket.emit(`${kind}:subscribe`, subscription(kind, id, place?.lastId));
    }
    connectedBefore = true;
  });

  listen('items:changes', (changes: ItemsChanges) => {
    if (changes && typeof changes === 'object') applyItemsChanges(options.store, changes);
  });
  listen('permissions:update', () => {
    if (reloadTimer) return;
    reloadTimer = setTimeout(reload, permissionReloadDelayMs(options.random ?? Math.random));
  });
  for (const event of FORWARDED_EVENTS) listen(event, (payload: unknown) => options.onEvent?.(event, payload));

  return {
    socket,
    setCurrent(next) {
      // The same page for another entity is another subscription.
      const entityMoved = next.pageEntityId !== current.pageEntityId;
      for (const [kind, key] of KINDS) {
        if (next[key] === current[key] && !(kind === 'page' && entityMoved && next[key])) continue;
        if (current[key]) {
          places.delete(roomOf(kind, current[key]));
          if (socket.connected) socket.emit(`${kind}:unsubscribe`, { id: current[key] });
        }
        current[key] = next[key];
        if (kind === 'page') current.pageEntityId = next.pageEntityId;
        if (next[key] && socket.connected) socket.emit(`${kind}:subscribe`, subscription(kind, next[key]));
      }
    },
    close() {
      if (reloadTimer) clearTimeout(reloadTimer);
      socket.disconnect();
    },
  };
}
