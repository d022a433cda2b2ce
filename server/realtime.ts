/**
 * socket.io on the HTTP server's port. Sockets authenticate with the session JWT
 * (`auth.token` in the handshake) and subscribe to modules and pages (module:subscribe,
 * page:subscribe with an id); structure writes reach the sockets subscribed to the module or page.
 * With PostgreSQL the postgres adapter relays events between server processes.
 */
import type http from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { SessionClaims } from './auth';

export interface ItemChange {
  kind: 'module' | 'page' | 'block' | 'field';
  id: string;
  /** The item after the write; null when it was removed. */
  item: unknown;
}

export interface ItemsChanges {
  items: ItemChange[];
  moduleIds: string[];
  pageIds: string[];
}

export interface RealtimeOptions {
  authenticate(token: string): Promise<SessionClaims | undefined>;
  /** May this account subscribe to this page? (pages it may not view are not streamed) */
  mayViewPage(accountId: string, pageId: string): Promise<boolean>;
  pool?: pg.Pool;
  /** Keeps the adapter's channel and table apart per schema. */
  channelPrefix?: string;
  /**
   * The changes as this account may see them, or undefined when every subscriber may see them all
   * (the common case: then one broadcast serves every socket). Blocks hidden from the account by
   * their visibility rules go out as removed.
   */
  changesForViewer?(accountId: string, changes: ItemsChanges): Promise<ItemsChanges | undefined>;
  /** Whether these changes could differ by viewer; only then is each socket served on its own. */
  mayDifferByViewer?(changes: ItemsChanges): Promise<boolean>;
  onError?(error: unknown): void;
}

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
      next();
    });
    this.io.on('connection', (socket: Socket) => {
      void socket.join(`account:${socket.data.accountId}`);
      const idOf = (payload: unknown) => (typeof payload === 'string' ? payload : (payload as { id?: unknown } | null)?.id);
      const ack = (cb: unknown, value: unknown) => typeof cb === 'function' && (cb as (v: unknown) => void)(value);
      socket.on('module:subscribe', (payload: unknown, cb?: unknown) => {
        const id = idOf(payload);
        if (typeof id !== 'string') return ack(cb, { ok: false, error: 'module:subscribe needs { id }' });
        void socket.join(`module:${id}`);
        ack(cb, { ok: true });
      });
      socket.on('module:unsubscribe', (payload: unknown) => {
        const id = idOf(payload);
        if (typeof id === 'string') void socket.leave(`module:${id}`);
      });
      socket.on('page:subscribe', async (payload: unknown, cb?: unknown) => {
        const id = idOf(payload);
        if (typeof id !== 'string') return ack(cb, { ok: false, error: 'page:subscribe needs { id }' });
        if (!(await options.mayViewPage(socket.data.accountId as string, id))) return ack(cb, { ok: false, error: 'forbidden' });
        void socket.join(`page:${id}`);
        ack(cb, { ok: true });
      });
      socket.on('page:unsubscribe', (payload: unknown) => {
        const id = idOf(payload);
        if (typeof id === 'string') void socket.leave(`page:${id}`);
      });
    });
  }

  itemsChanged(changes: ItemsChanges): void {
    void this.sendItemsChanges(changes).catch((error) => this.options.onError?.(error));
  }

  private async sendItemsChanges(changes: ItemsChanges): Promise<void> {
    const rooms = [...changes.moduleIds.map((id) => `module:${id}`), ...changes.pageIds.map((id) => `page:${id}`)];
    if (!rooms.length) return;
    const { changesForViewer, mayDifferByViewer } = this.options;
    if (!changesForViewer || !(await mayDifferByViewer?.(changes))) {
      this.io.to(rooms).emit('items:changes', changes);
      return;
    }
    // fetchSockets spans every process through the adapter, so each viewer gets its own view.
    for (const socket of await this.io.in(rooms).fetchSockets()) {
      socket.emit('items:changes', (await changesForViewer(socket.data.accountId as string, changes)) ?? changes);
    }
  }

  broadcast(event: string, payload: unknown): void {
    this.io.emit(event, payload);
  }

  toAccount(accountId: string, event: string, payload: unknown): void {
    this.io.to(`account:${accountId}`).emit(event, payload);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.io.close(() => resolve()));
  }
}
