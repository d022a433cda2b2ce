/**
 * socket.io on the HTTP server's port, with nothing of any domain in it: domains register room
 * kinds (server/domain.ts `rooms`) and per-connection handlers (`onConnection`), and send through
 * the methods below. Sockets authenticate with the session JWT (`auth.token` in the handshake);
 * every socket is in its account's room (`account:<id>`, personal events) and its session's room
 * (logout ends it). `<kind>:subscribe {id, since?}` joins room `<kind>:<id>` once the kind's
 * `mayJoin` allows it for the socket's account (unknown and forbidden answer alike), and is
 * re-checked when rights change (`recheck`); `<kind>:unsubscribe` leaves it. A socket lives as long
 * as its session: logout and token expiry disconnect it. With PostgreSQL the postgres adapter
 * relays events between server processes.
 *
 * Every event sent to a room (and every broadcast, room `everyone`) takes the room's next id
 * (server/realtime-log.ts) and travels as `(event, payload, { eid, ids: { [room]: id } })`: the
 * payload keeps its shape, the ids ride as a second argument. A socket hears each send once and
 * only the ids of rooms it is in (a room's name may be what it must not learn); `eid` names the
 * send, so a replay of one it already had is dropped. A client that reconnects gives the last id
 * it saw per room (`since` in a subscription; `auth.since` for its account's room and `everyone`)
 * and receives what it missed in order, or `realtime:refetch {room}` when the room no longer keeps
 * it; then `realtime:joined {room, lastId}` (before the subscription's ack) says where the room stands.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { SessionClaims } from './auth/tokens';
import { RealtimeLog } from './realtime-log';
import type { DB } from './storage/database';

/** A room kind as realtime runs it: the domain's check, bound to the app. */
export interface RoomKind {
  kind: string;
  /** May this account join `<kind>:<id>`? Unknown ids answer false: a refusal never tells one from the other. */
  mayJoin(accountId: string, id: string, scope?: RoomScope): Promise<boolean>;
}

/**
 * What a subscription names besides the room's id and the check needs (`page:subscribe {id,
 * entityId}`: the page as a page of that entity's space). Kept with the socket's membership of
 * the room, so re-checks judge it the same way.
 */
export interface RoomScope {
  entityId?: string;
}

/** Called for each new socket, to attach a domain's own event listeners. */
export type ConnectionHandler = (socket: Socket) => void;

export interface RealtimeOptions {
  authenticate(token: string): Promise<SessionClaims | undefined>;
  rooms: readonly RoomKind[];
  onConnection: readonly ConnectionHandler[];
  /** Where room event ids and the recent events live. */
  db: Kysely<DB>;
  pool?: pg.Pool;
  /** Keeps the adapter's channel and table apart per schema. */
  channelPrefix?: string;
  onError?(error: unknown): void;
  /**
   * Brings this process's document cache up to date: a re-check asked for by another process
   * arrives right after that process's commit, sooner than this cache would look by itself.
   */
  freshen?(): Promise<void>;
}

/** Rooms one socket may be in beyond its own: a client follows one module and one page at a time (and a space its entity); the escalation matrix follows every room of the demo at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 64;
/** Payloads built or rights checked at once for one send or re-check: enough to overlap reads, never a stampede. */
export const SEND_CONCURRENCY = 16;
/** setTimeout's largest delay; a later expiry is checked again when it fires. */
const MAX_TIMER_MS = 2_147_483_647;
/** The room of every socket: broadcasts are logged under it. */
export const EVERYONE_ROOM = 'everyone';

const sessionRoom = (sid: string) => `session:${sid}`;
export const accountRoom = (accountId: string) => `account:${accountId}`;

/** The scopes a socket joined its rooms with (room name -> scope). */
function scopesOf(socket: { data: { roomScopes?: Record<string, RoomScope | undefined> } }): Record<string, RoomScope | undefined> {
  return (socket.data.roomScopes ??= {});
}

/** What an ack callback is given; anything not a function is ignored. */
export const ack = (cb: unknown, value: unknown) => typeof cb === 'function' && (cb as (v: unknown) => void)(value);

/** A socket (here or in another process) as the send methods see it. */
type AnySocket = { data: { accountId?: string }; rooms: Set<string>; emit(event: string, ...args: unknown[]): unknown };

/** What a re-check covers: the sockets of these accounts, and the sockets in these rooms. */
export interface RecheckScope {
  accounts?: string[];
  rooms?: string[];
}

/** Runs `fn` over the items, at most `limit` at a time, in no particular order of completion. */
export async function eachBounded<T>(items: Iterable<T>, limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  const iterator = items[Symbol.iterator]();
  const worker = async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) await fn(next.value);
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** A `since` the client sent: absent, or a whole number >= 0; anything else is refused by name. */
function parseSince(value: unknown): number | undefined | 'bad' {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 'bad';
}

export class Realtime {
  readonly io: Server;
  readonly log: RealtimeLog;
  private readonly rooms = new Map<string, RoomKind>();

  constructor(
    server: http.Server,
    private readonly options: RealtimeOptions,
  ) {
    for (const room of options.rooms) {
      if (this.rooms.has(room.kind) || ['account', 'session', EVERYONE_ROOM, 'realtime'].includes(room.kind))
        throw new Error(`realtime room kind "${room.kind}" is registered twice`);
      this.rooms.set(room.kind, room);
    }
    this.log = new RealtimeLog(options.db);
    // WebSocket and HTTP long polling (the client falls back to it where WebSockets are refused).
    this.io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
    if (options.pool) {
      this.io.adapter(
        createAdapter(options.pool, { channelPrefix: options.channelPrefix ?? 'socket.io', tableName: 'socket_io_attachments', heartbeatInterval: 2000 }),
      );
      // A re-check asked for in another process covers this process's sockets too.
      this.io.on('realtime:recheck', (scope: RecheckScope) => void this.recheckHere(scope).catch((error) => this.options.onError?.(error)));
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
    void this.greet(socket).catch((error) => this.options.onError?.(error));
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

    for (const room of this.rooms.values()) {
      socket.on(`${room.kind}:subscribe`, async (payload: unknown, cb?: unknown) => {
        const {
          id,
          since: rawSince,
          entityId,
        } = (typeof payload === 'string' ? { id: payload } : (payload ?? {})) as {
          id?: unknown;
          since?: unknown;
          entityId?: unknown;
        };
        if (typeof id !== 'string' || !id || id.length > 200) return ack(cb, { ok: false, error: `${room.kind}:subscribe needs { id }` });
        if (entityId !== undefined && (typeof entityId !== 'string' || !entityId || entityId.length > 200))
          return ack(cb, { ok: false, error: `${room.kind}:subscribe: entityId must be an entity's id or slug` });
        const scope: RoomScope | undefined = entityId === undefined ? undefined : { entityId };
        const since = parseSince(rawSince);
        if (since === 'bad') return ack(cb, { ok: false, error: `${room.kind}:subscribe: since must be a whole number >= 0 (the last event id seen)` });
        const name = `${room.kind}:${id}`;
        if (!socket.rooms.has(name) && socket.rooms.size >= MAX_SUBSCRIPTIONS_PER_SOCKET + 3) return ack(cb, { ok: false, error: 'tooManySubscriptions' });
        let allowed = false;
        try {
          allowed = await room.mayJoin(accountId, id, scope);
        } catch (error) {
          this.options.onError?.(error); // fail closed
        }
        if (!allowed) return ack(cb, { ok: false, error: 'forbidden' });
        scopesOf(socket)[name] = scope;
        void socket.join(name);
        try {
          await this.catchUp(socket, name, since);
        } catch (error) {
          this.options.onError?.(error);
          if (since !== undefined) socket.emit('realtime:refetch', { room: name });
        }
        ack(cb, { ok: true });
      });
      socket.on(`${room.kind}:unsubscribe`, (payload: unknown) => {
        const id = typeof payload === 'string' ? payload : (payload as { id?: unknown } | null)?.id;
        if (typeof id !== 'string') return;
        delete scopesOf(socket)[`${room.kind}:${id}`];
        void socket.leave(`${room.kind}:${id}`);
      });
    }
    for (const handler of this.options.onConnection) handler(socket);
  }

  /** A new socket: what its own rooms sent since the ids its client gave (`auth.since`, by room), then where they stand. */
  private async greet(socket: Socket): Promise<void> {
    const given = (socket.handshake.auth as { since?: unknown }).since;
    const since = given && typeof given === 'object' ? (given as Record<string, unknown>) : {};
    for (const room of [accountRoom(socket.data.accountId as string), EVERYONE_ROOM]) {
      const from = parseSince(since[room]);
      await this.catchUp(socket, room, from === 'bad' ? undefined : from);
    }
  }

  /**
   * Sends a socket that joined `room` what the room had after `since`, in order (or
   * `realtime:refetch`), then `realtime:joined {room, lastId}`: where the room stands, the id its
   * client gives when it comes back. Run after the join: an event sent meanwhile may arrive both
   * live and here, and the client drops the second by its id.
   */
  private async catchUp(socket: Socket, room: string, since: number | undefined): Promise<void> {
    let lastId: number;
    if (since === undefined) lastId = await this.log.lastId(room);
    else {
      const missed = await this.log.since(room, since);
      if (missed.refetch) socket.emit('realtime:refetch', { room });
      for (const e of missed.events) socket.emit(e.event, e.payload, { eid: e.eid, ids: { [room]: e.id } });
      lastId = missed.lastId;
    }
    socket.emit('realtime:joined', { room, lastId });
  }

  /** Names a send and takes the next id of each of its rooms (`payload` undefined: each viewer got its own). */
  private async idsFor(rooms: string[], event: string, payload: unknown): Promise<{ eid: string; ids: Record<string, number> }> {
    const eid = crypto.randomUUID();
    const ids: Record<string, number> = {};
    await Promise.all(rooms.map(async (room) => void (ids[room] = await this.log.append(room, eid, event, payload))));
    return { eid, ids };
  }

  /**
   * One payload to every socket in these rooms, across processes: room by room, each socket once
   * (in the first of the rooms it is in), told that room's id only.
   */
  toRooms(rooms: string | string[], event: string, payload: unknown): Promise<void> {
    const list = [...new Set([rooms].flat())];
    if (!list.length) return Promise.resolve();
    return this.idsFor(list, event, payload)
      .then(({ eid, ids }) => {
        list.forEach((room, i) => {
          const meta = { eid, ids: { [room]: ids[room] } };
          if (i === 0) this.io.to(room).emit(event, payload, meta);
          else this.io.to(room).except(list.slice(0, i)).emit(event, payload, meta);
        });
      })
      .catch((error) => this.options.onError?.(error));
  }

  /**
   * An event to the sockets in these rooms, each account its own payload (`payloadFor` answers
   * undefined for an account that should hear nothing), across processes. Payloads are built
   * `SEND_CONCURRENCY` at a time. The rooms' logs mark it as per viewer: a client that missed it
   * is told to refetch.
   */
  toRoomsEach(rooms: string | string[], event: string, payloadFor: (accountId: string) => Promise<unknown>): Promise<void> {
    const list = [rooms].flat();
    if (!list.length) return Promise.resolve();
    // Ids first, sockets after: a socket that joins in between either finds the event in its
    // catch-up (and refetches) or is in the rooms when they are read, never neither.
    return this.idsFor(list, event, undefined)
      .then(async ({ eid, ids }) => [{ eid, ids }, await this.io.in(list).fetchSockets()] as const)
      .then(async ([{ eid, ids }, sockets]) => {
        const byAccount = new Map<string, AnySocket[]>();
        for (const socket of sockets as AnySocket[]) {
          const id = socket.data.accountId;
          if (typeof id !== 'string') continue;
          const own = byAccount.get(id);
          if (own) own.push(socket);
          else byAccount.set(id, [socket]);
        }
        await eachBounded(byAccount, SEND_CONCURRENCY, async ([accountId, own]) => {
          const payload = await payloadFor(accountId);
          if (payload === undefined) return;
          for (const socket of own)
            socket.emit(event, payload, { eid, ids: Object.fromEntries(list.filter((r) => socket.rooms.has(r)).map((r) => [r, ids[r]])) });
        });
      })
      .catch((error) => this.options.onError?.(error));
  }

  /**
   * An event to each of these accounts' own sockets (room `account:<id>`, in whichever process
   * they are), each its own payload (undefined: nothing), built `SEND_CONCURRENCY` at a time.
   * The caller names who may be concerned: nothing asks every process for its sockets.
   */
  toAccounts(accountIds: Iterable<string>, event: string, payloadFor: (accountId: string) => Promise<unknown>): Promise<void> {
    return eachBounded(new Set(accountIds), SEND_CONCURRENCY, async (accountId) => {
      const payload = await payloadFor(accountId);
      if (payload !== undefined) await this.toRooms(accountRoom(accountId), event, payload);
    }).catch((error) => this.options.onError?.(error));
  }

  /**
   * Which of these accounts have a socket open now, in any process (one look through the adapter):
   * a large fan-out sends only to them, rather than logging an event per account nobody hears live.
   */
  async connectedAccounts(accountIds: readonly string[]): Promise<Set<string>> {
    if (!accountIds.length) return new Set();
    const sockets = (await this.io.in(accountIds.map(accountRoom)).fetchSockets()) as unknown as AnySocket[];
    return new Set(sockets.flatMap((s) => (typeof s.data.accountId === 'string' ? [s.data.accountId] : [])));
  }

  toAccount(accountId: string, event: string, payload: unknown): Promise<void> {
    return this.toRooms(accountRoom(accountId), event, payload);
  }

  /**
   * Checks again that each socket in scope may stay in the domain rooms it joined, in every
   * process, after a change of rights (a page restricted, an item permission, a membership): a
   * socket leaves each room its account may no longer join and hears `realtime:left {room}`.
   */
  recheck(scope: RecheckScope): Promise<void> {
    if (this.options.pool) this.io.serverSideEmit('realtime:recheck', scope);
    return this.recheckHere(scope).catch((error) => this.options.onError?.(error));
  }

  private async recheckHere(scope: RecheckScope): Promise<void> {
    await this.options.freshen?.();
    const inScope = new Set<string>();
    const roomsOnly = new Set(scope.rooms ?? []);
    const checks: { socket: Socket; room: string }[] = [];
    const add = (socketIds: Set<string> | undefined, onlyRoom?: string) => {
      for (const sid of socketIds ?? []) {
        const socket = this.io.sockets.sockets.get(sid);
        if (!socket) continue;
        for (const room of onlyRoom ? [onlyRoom] : socket.rooms) {
          const key = `${sid} ${room}`;
          if (inScope.has(key) || !this.rooms.has(room.slice(0, room.indexOf(':')))) continue;
          inScope.add(key);
          checks.push({ socket, room });
        }
      }
    };
    const local = this.io.sockets.adapter.rooms;
    for (const accountId of scope.accounts ?? []) add(local.get(accountRoom(accountId)));
    for (const room of roomsOnly) add(local.get(room), room);
    await eachBounded(checks, SEND_CONCURRENCY, async ({ socket, room }) => {
      const colon = room.indexOf(':');
      let allowed = false;
      try {
        allowed = await this.rooms.get(room.slice(0, colon))!.mayJoin(socket.data.accountId as string, room.slice(colon + 1), scopesOf(socket)[room]);
      } catch (error) {
        this.options.onError?.(error); // fail closed: an unreadable right is no right
      }
      if (allowed || !socket.rooms.has(room)) return;
      delete scopesOf(socket)[room];
      void socket.leave(room);
      socket.emit('realtime:left', { room });
    });
  }

  /** Disconnects every socket of an account (the account was deleted), in every process. */
  endAccount(accountId: string): void {
    this.io.in(accountRoom(accountId)).disconnectSockets(true);
  }

  /** Disconnects every socket of a session (logout), in every process. */
  endSession(sid: string): void {
    this.io.in(sessionRoom(sid)).disconnectSockets(true);
  }

  /** One payload to every socket, logged under room `everyone`. */
  broadcast(event: string, payload: unknown): Promise<void> {
    return this.idsFor([EVERYONE_ROOM], event, payload)
      .then((meta) => void this.io.emit(event, payload, meta))
      .catch((error) => this.options.onError?.(error));
  }

  /** Builds a payload (reads after a commit) and sends it to every socket; a failure goes to onError, never to the write that caused it. */
  broadcastBuilt(event: string, build: () => Promise<unknown>): Promise<void> {
    return build()
      .then((payload) => this.broadcast(event, payload))
      .catch((error) => this.options.onError?.(error));
  }

  /** Reports an error of a domain's realtime work (never thrown at the write that caused it). */
  reportError(error: unknown): void {
    this.options.onError?.(error);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.io.close(() => resolve()));
  }
}
