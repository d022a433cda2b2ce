/**
 * socket.io on the HTTP server's port. Sockets authenticate with the session JWT (`auth.token` in
 * the handshake) and subscribe to modules, pages and the profile a page shows (module:subscribe,
 * page:subscribe, profile:subscribe with an id):
 * each subscription is authorised for the socket's account when it is made (an unknown module or
 * a page the account may not view is refused), and every structure change is judged again for
 * each receiving account when it is sent, so nothing about an item the account may not view
 * reaches it, not even its id. A socket lives as long as its session: logout and token expiry
 * disconnect it. With PostgreSQL the postgres adapter relays events between server processes.
 */
import type http from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { SessionClaims } from './session/tokens';

export interface ItemChange {
  kind: 'module' | 'page' | 'block' | 'field';
  id: string;
  /** The item after the write; null when it was removed. */
  item: unknown;
}

/** The `items:changes` payload. */
export interface ItemsChanges {
  items: ItemChange[];
  moduleIds: string[];
  pageIds: string[];
}

/** What a structure write tells realtime: each item before and after (`before` is never sent). */
export interface ItemsChangedEvent extends ItemsChanges {
  items: (ItemChange & { before: unknown })[];
}

/** Who may receive a change: everyone subscribed (one broadcast), or each account its own view. */
export type ChangeAudience = { everyone: ItemsChanges } | { perAccount(accountId: string): Promise<ItemsChanges | undefined> };

export interface PermissionsChangedEvent {
  itemId: string;
  kind: 'module' | 'page' | 'block' | 'field';
  before: Record<string, boolean>;
  after: Record<string, boolean>;
}

export interface RealtimeOptions {
  authenticate(token: string): Promise<SessionClaims | undefined>;
  /** May this account subscribe to this module? (unknown modules are refused) */
  mayViewModule(accountId: string, moduleId: string): Promise<boolean>;
  /** May this account subscribe to this page? (unknown pages and pages it may not view are refused) */
  mayViewPage(accountId: string, pageId: string): Promise<boolean>;
  /** May this account watch this profile? (unknown profiles are refused; what it hears is judged per event) */
  mayViewProfile(accountId: string, profileId: string): Promise<boolean>;
  /** Who may see a structure change, and what of it. */
  audience(changes: ItemsChangedEvent): Promise<ChangeAudience>;
  /** May this account edit blocks on this page (presence: only such accounts send or hear selections)? Without it presence is refused. */
  mayEditPage?(accountId: string, pageId: string): Promise<boolean>;
  /** The name other editors see ("Ada Admin is editing this block"). */
  nameOf?(accountId: string): Promise<string>;
  /** Whether an item permission change alters what this account may do or see. */
  permissionsAffect(accountId: string, change: PermissionsChangedEvent): Promise<boolean>;
  pool?: pg.Pool;
  /** Keeps the adapter's channel and table apart per schema. */
  channelPrefix?: string;
  onError?(error: unknown): void;
}

/** What a socket's admin has selected (the composer's presence). */
interface Presence {
  pageId: string;
  blockId: string | null;
}

/** Rooms one socket may be in beyond its own: a client follows one module and one page at a time. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 32;
/** setTimeout's largest delay; a later expiry is checked again when it fires. */
const MAX_TIMER_MS = 2_147_483_647;

const sessionRoom = (sid: string) => `session:${sid}`;

export class Realtime {
  readonly io: Server;

  constructor(
    server: http.Server,
    private readonly options: RealtimeOptions,
  ) {
    this.io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
    if (options.pool) {
      this.io.adapter(
        createAdapter(options.pool, { channelPrefix: options.channelPrefix ?? 'socket.io', tableName: 'socket_io_attachments', heartbeatInterval: 2000 }),
      );
    }
    this.io.use(async (socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown }).token;
      const claims = typeof token === 'string' ? await options.authenticate(token) : undefined;
      if (!claims) return next(new Error('Not authorized'));
      socket.data.accountId = claims.accountId;
      socket.data.sid = claims.sid;
      socket.data.expiresAt = claims.expiresAt;
      next();
    });
    this.io.on('connection', (socket: Socket) => this.onConnection(socket));
  }

  private onConnection(socket: Socket): void {
    const accountId = socket.data.accountId as string;
    void socket.join(`account:${accountId}`);
    void socket.join(sessionRoom(socket.data.sid as string));
    // The token's expiry ends the socket; the client reconnects with its refreshed token.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const armExpiry = () => {
      const left = (socket.data.expiresAt as number) * 1000 - Date.now();
      if (left <= 0) return void socket.disconnect(true);
      timer = setTimeout(armExpiry, Math.min(left, MAX_TIMER_MS));
      timer.unref?.();
    };
    armExpiry();
    socket.on('disconnect', () => clearTimeout(timer));

    const idOf = (payload: unknown) => (typeof payload === 'string' ? payload : (payload as { id?: unknown } | null)?.id);
    const ack = (cb: unknown, value: unknown) => typeof cb === 'function' && (cb as (v: unknown) => void)(value);
    const subscribe =
      (kind: 'module' | 'page' | 'profile', may: (accountId: string, id: string) => Promise<boolean>) => async (payload: unknown, cb?: unknown) => {
        const id = idOf(payload);
        if (typeof id !== 'string' || !id || id.length > 200) return ack(cb, { ok: false, error: `${kind}:subscribe needs { id }` });
        if (socket.rooms.size >= MAX_SUBSCRIPTIONS_PER_SOCKET + 3) return ack(cb, { ok: false, error: 'tooManySubscriptions' });
        try {
          // Unknown and not viewable answer alike: a refusal never tells one from the other.
          if (!(await may(accountId, id))) return ack(cb, { ok: false, error: 'forbidden' });
        } catch (error) {
          this.options.onError?.(error);
          return ack(cb, { ok: false, error: 'forbidden' });
        }
        void socket.join(`${kind}:${id}`);
        ack(cb, { ok: true });
      };
    const unsubscribe = (kind: 'module' | 'page' | 'profile') => (payload: unknown) => {
      const id = idOf(payload);
      if (typeof id === 'string') void socket.leave(`${kind}:${id}`);
    };
    socket.on('module:subscribe', subscribe('module', this.options.mayViewModule));
    socket.on('module:unsubscribe', unsubscribe('module'));
    socket.on('page:subscribe', subscribe('page', this.options.mayViewPage));
    socket.on('page:unsubscribe', (payload: unknown) => {
      const presence = socket.data.presence as Presence | undefined;
      if (presence && presence.pageId === idOf(payload)) this.leavePresence(socket);
      unsubscribe('page')(payload);
    });
    // The profile a page shows (its target): profile:update goes to the sockets viewing it.
    socket.on('profile:subscribe', subscribe('profile', this.options.mayViewProfile));
    socket.on('profile:unsubscribe', unsubscribe('profile'));
    socket.on('presence:select', async (payload: unknown, cb?: unknown) => {
      const { pageId, blockId } = (payload ?? {}) as { pageId?: unknown; blockId?: unknown };
      const valid = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 200;
      if (!valid(pageId) || (blockId !== null && !valid(blockId))) return ack(cb, { ok: false, error: 'presence:select needs { pageId, blockId (or null) }' });
      if (!socket.rooms.has(`page:${pageId as string}`)) return ack(cb, { ok: false, error: 'subscribe to the page first' });
      try {
        if (!this.options.mayEditPage || !(await this.options.mayEditPage(accountId, pageId as string))) return ack(cb, { ok: false, error: 'forbidden' });
        const before = socket.data.presence as Presence | undefined;
        if (before && before.pageId !== pageId) this.leavePresence(socket);
        socket.data.presence = { pageId: pageId as string, blockId: (blockId as string | null) ?? null };
        await this.sendPresence(socket, pageId as string, (blockId as string | null) ?? null);
        ack(cb, { ok: true });
      } catch (error) {
        this.options.onError?.(error);
        ack(cb, { ok: false, error: 'forbidden' });
      }
    });
    socket.on('disconnect', () => this.leavePresence(socket));
  }

  /** Tells the page's other editors that this socket selects nothing there any more. */
  private leavePresence(socket: Socket): void {
    const presence = socket.data.presence as Presence | undefined;
    if (!presence) return;
    socket.data.presence = undefined;
    void this.sendPresence(socket, presence.pageId, null).catch((error) => this.options.onError?.(error));
  }

  /**
   * A selection (`presence:update` {pageId, accountId, name, socketId, blockId}) to the other sockets
   * subscribed to the page whose accounts may edit it; members and other viewers hear nothing.
   */
  private async sendPresence(from: Socket, pageId: string, blockId: string | null): Promise<void> {
    const accountId = from.data.accountId as string;
    const name = (await this.options.nameOf?.(accountId)) ?? accountId;
    const payload = { pageId, accountId, name, socketId: from.id, blockId };
    const others = (await this.io.in(`page:${pageId}`).fetchSockets()).filter((s) => s.id !== from.id);
    const may = this.options.mayEditPage;
    if (!may) return;
    await this.perAccount(others, async (receiver) => ((await may(receiver, pageId)) ? payload : undefined), 'presence:update');
  }

  itemsChanged(changes: ItemsChangedEvent): void {
    void this.sendItemsChanges(changes).catch((error) => this.options.onError?.(error));
  }

  private async sendItemsChanges(changes: ItemsChangedEvent): Promise<void> {
    const rooms = [...changes.moduleIds.map((id) => `module:${id}`), ...changes.pageIds.map((id) => `page:${id}`)];
    if (!rooms.length) return;
    const audience = await this.options.audience(changes);
    if ('everyone' in audience) {
      if (audience.everyone.items.length) this.io.to(rooms).emit('items:changes', audience.everyone);
      return;
    }
    // fetchSockets spans every process through the adapter; each account's view is built once.
    await this.perAccount(
      await this.io.in(rooms).fetchSockets(),
      async (accountId) => {
        const view = await audience.perAccount(accountId);
        return view?.items.length ? view : undefined;
      },
      'items:changes',
    );
  }

  /** Sends an item permission change only to the sockets of accounts whose rights it changes. */
  permissionsChanged(change: PermissionsChangedEvent): void {
    const payload = { itemId: change.itemId, permissions: change.after };
    void this.io
      .fetchSockets()
      .then((sockets) =>
        this.perAccount(sockets, async (accountId) => ((await this.options.permissionsAffect(accountId, change)) ? payload : undefined), 'permissions:update'),
      )
      .catch((error) => this.options.onError?.(error));
  }

  /**
   * Sends an event to every connected account, each its own payload (`payloadFor` answers
   * undefined for an account that should hear nothing), across processes.
   */
  toEachAccount(event: string, payloadFor: (accountId: string) => Promise<unknown>): void {
    void this.io
      .fetchSockets()
      .then((sockets) => this.perAccount(sockets, payloadFor, event))
      .catch((error) => this.options.onError?.(error));
  }

  /**
   * Sends an event about one profile to the sockets viewing it (room `profile:<id>`) and to its
   * owner's own sockets, each account its own payload, across processes.
   */
  toProfileViewers(profileId: string, event: string, payloadFor: (accountId: string) => Promise<unknown>): void {
    void this.io
      .in([`profile:${profileId}`, `account:${profileId}`])
      .fetchSockets()
      .then((sockets) => this.perAccount(sockets, payloadFor, event))
      .catch((error) => this.options.onError?.(error));
  }

  private async perAccount(
    sockets: { data: { accountId?: string }; emit(event: string, payload: unknown): unknown }[],
    payloadFor: (accountId: string) => Promise<unknown>,
    event: string,
  ): Promise<void> {
    const byAccount = new Map<string, typeof sockets>();
    for (const socket of sockets) {
      const id = socket.data.accountId;
      if (typeof id !== 'string') continue;
      byAccount.set(id, [...(byAccount.get(id) ?? []), socket]);
    }
    for (const [accountId, own] of byAccount) {
      const payload = await payloadFor(accountId);
      if (payload !== undefined) for (const socket of own) socket.emit(event, payload);
    }
  }

  /** Disconnects every socket of an account (the account was deleted), in every process. */
  endAccount(accountId: string): void {
    this.io.in(`account:${accountId}`).disconnectSockets(true);
  }

  /** Disconnects every socket of a session (logout), in every process. */
  endSession(sid: string): void {
    this.io.in(sessionRoom(sid)).disconnectSockets(true);
  }

  broadcast(event: string, payload: unknown): void {
    this.io.emit(event, payload);
  }

  /** Builds a payload (reads after a commit) and sends it to every socket; a failure goes to onError, never to the write that caused it. */
  broadcastBuilt(event: string, build: () => Promise<unknown>): Promise<void> {
    return build()
      .then((payload) => this.broadcast(event, payload))
      .catch((error) => this.options.onError?.(error));
  }

  toAccount(accountId: string, event: string, payload: unknown): void {
    this.io.to(`account:${accountId}`).emit(event, payload);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.io.close(() => resolve()));
  }
}
