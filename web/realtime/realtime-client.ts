/**
 * The realtime client (spec 7.6) on our socket.io connection (socket-connection.ts). Keeps the server subscribed to the current
 * module and page, writes `items:changes` into the structure store in place (no reload), reloads
 * after a random short delay on `permissions:update` (spec 9), and sanitises chat messages.
 */
import type { createStore } from 'jotai';
import type * as ChatSanitizer from './sanitize-chat';
import { SocketConnection, type SocketConnectionOptions } from './socket-connection';
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

export interface ChatMessage {
  id?: Id;
  roomId?: Id;
  senderId?: Id;
  content: string;
  [key: string]: unknown;
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
  onChatMessage?: (message: ChatMessage) => void;
  /** Every other received event, by name (toasts, notifications, settings, ...). */
  onEvent?: (event: string, payload: unknown) => void;
  /** The socket connected again after a drop: events sent meanwhile were missed (the data layer refetches). */
  onReconnect?: () => void;
  /** Extra connection options (tests pass Node's WebSocket). */
  socketOptions?: Partial<SocketConnectionOptions>;
}

export interface RealtimeClient {
  socket: SocketConnection;
  /** Subscribes to the given module, page and viewed profile, unsubscribing from the previous ones. */
  setCurrent(target: { moduleId?: Id; pageId?: Id; profileId?: Id }): void;
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
  'chat:unreadCount',
  'events:notification',
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

let chatSanitizer: Promise<typeof ChatSanitizer> | undefined;
const loadChatSanitizer = () =>
  (chatSanitizer ??= import('./sanitize-chat').catch((error: unknown) => {
    chatSanitizer = undefined; // a failed chunk load is retried with the next message
    throw error;
  }));

export function createRealtimeClient(options: RealtimeOptions): RealtimeClient {
  let usedToken: string | null = options.token;
  const auth = () => {
    usedToken = options.getToken ? options.getToken() : options.token;
    return { token: usedToken };
  };
  const socket = new SocketConnection({ url: options.url, auth, ...options.socketOptions });
  socket.on('disconnect', (reason: string) => {
    // Ended by the server (expired token, ended session): only a refreshed token may connect again.
    if (reason !== 'io server disconnect') return;
    const current = options.getToken?.();
    if (current && current !== usedToken) socket.connect();
  });
  const current: { moduleId?: Id; pageId?: Id; profileId?: Id } = {};
  const reload = options.reload ?? (() => window.location.reload());
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  const KINDS = [
    ['module', 'moduleId'],
    ['page', 'pageId'],
    ['profile', 'profileId'],
  ] as const;

  const subscribeAll = () => {
    for (const [kind, key] of KINDS) if (current[key]) socket.emit(`${kind}:subscribe`, { id: current[key] });
  };
  // Subscriptions live on the server's socket: repeat them after every (re)connection.
  socket.on('connect', subscribeAll);
  let connectedBefore = false;
  socket.on('connect', () => {
    if (connectedBefore) options.onReconnect?.();
    connectedBefore = true;
  });

  socket.on('items:changes', (changes: ItemsChanges) => {
    if (changes && typeof changes === 'object') applyItemsChanges(options.store, changes);
  });
  socket.on('permissions:update', () => {
    if (reloadTimer) return;
    reloadTimer = setTimeout(reload, permissionReloadDelayMs(options.random ?? Math.random));
  });
  // The sanitiser (DOMPurify) loads with the first chat message, not with every page; messages
  // keep their order (callbacks on one promise run in the order they were added).
  socket.on('chat:newMessage', (message: ChatMessage) => {
    if (!message || typeof message.content !== 'string' || !options.onChatMessage) return;
    const deliver = options.onChatMessage;
    void loadChatSanitizer().then(
      ({ sanitizeChatHtml }) => deliver({ ...message, content: sanitizeChatHtml(message.content) }),
      () => undefined, // without the sanitiser the message is not shown, never shown unsanitised
    );
  });
  for (const event of FORWARDED_EVENTS) socket.on(event, (payload: unknown) => options.onEvent?.(event, payload));

  return {
    socket,
    setCurrent(next) {
      for (const [kind, key] of KINDS) {
        if (next[key] === current[key]) continue;
        if (current[key] && socket.connected) socket.emit(`${kind}:unsubscribe`, { id: current[key] });
        current[key] = next[key];
        if (next[key] && socket.connected) socket.emit(`${kind}:subscribe`, { id: next[key] });
      }
    },
    close() {
      if (reloadTimer) clearTimeout(reloadTimer);
      socket.close();
    },
  };
}
