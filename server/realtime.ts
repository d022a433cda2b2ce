/**
 * socket.io on the HTTP server's port, with nothing of any domain in it: domains register room
 * kinds (server/domain.ts `rooms`) and per-connection handlers (`onConnection`), and send through
 * the methods below. Sockets authenticate with the session JWT (`auth.token` in the handshake);
 * every socket is in its account's room (`account:<id>`, personal events) and its session's room
 * (logout ends it). `<kind>:subscribe {id}` joins room `<kind>:<id>` once the kind's `mayJoin`
 * allows it for the socket's account (unknown and forbidden answer alike); `<kind>:unsubscribe`
 * leaves it. A socket lives as long as its session: logout and token expiry disconnect it. With
 * PostgreSQL the postgres adapter relays events between server processes.
 */
import type http from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { SessionClaims } from './auth/tokens';

/** A room kind as realtime runs it: the domain's check, bound to the app. */
export interface RoomKind {
  kind: string;
  /** May this account join `<kind>:<id>`? Unknown ids answer false: a refusal never tells one from the other. */
  mayJoin(accountId: string, id: string): Promise<boolean>;
}

/** Called for each new socket, to attach a domain's own event listeners. */
export type ConnectionHandler = (socket: Socket) => void;

export interface RealtimeOptions {
  authenticate(token: string): Promise<SessionClaims | undefined>;
  rooms: readonly RoomKind[];
  onConnection: readonly ConnectionHandler[];
  pool?: pg.Pool;
  /** Keeps the adapter's channel and table apart per schema. */
  channelPrefix?: string;
  onError?(error: unknown): void;
}

/** Rooms one socket may be in beyond its own: a client follows one module and one page at a time. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 32;
/** setTimeout's largest delay; a later expiry is checked again when it fires. */
const MAX_TIMER_MS = 2_147_483_647;

const sessionRoom = (sid: string) => `session:${sid}`;
export const accountRoom = (accountId: string) => `account:${accountId}`;

/** What an ack callback is given; anything not a function is ignored. */
export const ack = (cb: unknown, value: unknown) => typeof cb === 'function' && (cb as (v: unknown) => void)(value);

/** A socket (here or in another process) as the send methods see it. */
type AnySocket = { data: { accountId?: string }; emit(event: string, payload: unknown): unknown };

export class Realtime {
  readonly io: Server;
  private readonly rooms = new Map<string, RoomKind>();

  constructor(
    server: http.Server,
    private readonly options: RealtimeOptions,
  ) {
    for (const room of options.rooms) {
      if (this.rooms.has(room.kind) || room.kind === 'account' || room.kind === 'session')
        throw new Error(`realtime room kind "${room.kind}" is registered twice`);
      this.rooms.set(room.kind, room);
    }
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
    void socket.join(accountRoom(accountId));
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
    for (const room of this.rooms.values()) {
      socket.on(`${room.kind}:subscribe`, async (payload: unknown, cb?: unknown) => {
        const id = idOf(payload);
        if (typeof id !== 'string' || !id || id.length > 200) return ack(cb, { ok: false, error: `${room.kind}:subscribe needs { id }` });
        if (socket.rooms.size >= MAX_SUBSCRIPTIONS_PER_SOCKET + 3) return ack(cb, { ok: false, error: 'tooManySubscriptions' });
        try {
          if (!(await room.mayJoin(accountId, id))) return ack(cb, { ok: false, error: 'forbidden' });
        } catch (error) {
          this.options.onError?.(error);
          return ack(cb, { ok: false, error: 'forbidden' });
        }
        void socket.join(`${room.kind}:${id}`);
        ack(cb, { ok: true });
      });
      socket.on(`${room.kind}:unsubscribe`, (payload: unknown) => {
        const id = idOf(payload);
        if (typeof id === 'string') void socket.leave(`${room.kind}:${id}`);
      });
    }
    for (const handler of this.options.onConnection) handler(socket);
  }

  /** One payload to every socket in these rooms (each socket once), across processes. */
  toRooms(rooms: string | string[], event: string, payload: unknown): void {
    if (!rooms.length) return;
    this.io.to(rooms).emit(event, payload);
  }

  /**
   * An event to the sockets in these rooms, each account its own payload (`payloadFor` answers
   * undefined for an account that should hear nothing), across processes.
   */
  toRoomsEach(rooms: string | string[], event: string, payloadFor: (accountId: string) => Promise<unknown>): Promise<void> {
    return this.io
      .in(rooms)
      .fetchSockets()
      .then((sockets) => this.perAccount(sockets, payloadFor, event))
      .catch((error) => this.options.onError?.(error));
  }

  /** An event to every connected account, each its own payload (undefined: nothing), across processes. */
  toEachAccount(event: string, payloadFor: (accountId: string) => Promise<unknown>): Promise<void> {
    return this.io
      .fetchSockets()
      .then((sockets) => this.perAccount(sockets, payloadFor, event))
      .catch((error) => this.options.onError?.(error));
  }

  private async perAccount(sockets: AnySocket[], payloadFor: (accountId: string) => Promise<unknown>, event: string): Promise<void> {
    const byAccount = new Map<string, AnySocket[]>();
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
    this.io.in(accountRoom(accountId)).disconnectSockets(true);
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
    this.io.to(accountRoom(accountId)).emit(event, payload);
  }

  /** Reports an error of a domain's realtime work (never thrown at the write that caused it). */
  reportError(error: unknown): void {
    this.options.onError?.(error);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.io.close(() => resolve()));
  }
}
