/**
 * The browser's own socket.io client (web/realtime/socket-connection.ts) against the real server:
 * handshake and auth, events and acks, refusal, reconnection with backoff, the server's disconnect,
 * ping/pong and the ping timeout, `online`. Node 20 has no global WebSocket: the `ws` package's.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { WebSocket as NodeWebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reconnectDelayMs, SocketConnection, type SocketConnectionOptions } from '../../web/realtime/socket-connection';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The first arguments of the next `event`, or a rejection after `ms`. */
function next<T = unknown>(socket: SocketConnection, event: string, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const listener = (value: T) => {
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(value);
    };
    socket.on(event, listener);
  });
}

describe('reconnectDelayMs (socket.io-client defaults: 1 s doubling to 5 s, ±50 %)', () => {
  it('doubles from the base up to the cap, within the jitter either side', () => {
    expect([0, 1, 2, 3, 4].map((n) => reconnectDelayMs(n, 1000, 5000, 0.5, () => 0.5))).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(reconnectDelayMs(0, 1000, 5000, 0.5, () => 0)).toBe(500);
    expect(reconnectDelayMs(0, 1000, 5000, 0.5, () => 0.999)).toBe(1499);
    // Jitter never lifts a delay over the cap.
    expect(reconnectDelayMs(5, 1000, 5000, 0.5, () => 0.999)).toBe(5000);
    expect(reconnectDelayMs(5, 1000, 5000, 0.5, () => 0)).toBe(2500);
  });
});

describe.each(BACKENDS)('socket connection against the real server on %s', (backend) => {
  let api: ApiServer;
  let maya: string;
  const opened: SocketConnection[] = [];
  const engineOptions = () => api.server.ctx.realtime!.io.engine.opts;
  const serverSocket = (socket: SocketConnection) => api.server.ctx.realtime!.io.sockets.sockets.get(socket.id!)!;
  const open = (options: Partial<SocketConnectionOptions> & { token?: () => string } = {}) => {
    const token = options.token ?? (() => maya);
    const socket = new SocketConnection({
      url: api.url,
      auth: () => ({ token: token() }),
      WebSocket: NodeWebSocket as unknown as typeof WebSocket,
      network: new EventTarget(),
      ...options,
    });
    opened.push(socket);
    return socket;
  };

  beforeAll(async () => {
    // A fixed port: the restarted server must be where the client reconnects to.
    api = await startApiServer(backend, { PORT: String(await freePort()) });
    maya = await api.signIn('maya');
  });
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.close();
    Object.assign(engineOptions(), { pingInterval: 25_000, pingTimeout: 20_000 });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('connects with the auth token, hears an event sent to the account, and gets acks', async () => {
    const socket = open();
    await next(socket, 'connect');
    expect(socket.connected).toBe(true);
    expect(serverSocket(socket).handshake.auth).toEqual({ token: maya });
    expect(serverSocket(socket).data.accountId).toBe('maya');
    const acked = new Promise((resolve) => socket.emit('profile:subscribe', { id: 'grace' }, resolve));
    expect(await acked).toEqual({ ok: true });
    const count = next(socket, 'favourites:count');
    expect((await api.call('PUT', 'profile/favourites/add', { token: maya, body: { type: 'profiles', value: 'grace' } })).status).toBe(200);
    expect(await count).toEqual({ type: 'profiles', targetId: 'grace', count: 1 });
  });

  it('reports a refused token as connect_error and does not try again', async () => {
    const errors: Error[] = [];
    const socket = open({ token: () => 'forged.token.here', reconnectionDelay: 20 });
    socket.on('connect_error', (error: Error) => errors.push(error));
    await next(socket, 'connect_error');
    await sleep(300);
    expect(errors.map((e) => e.message)).toEqual(['Not authorized']);
    expect(socket.connected).toBe(false);
  });

  it('reconnects after the server drops the connection, with the token current at that time', async () => {
    let token = maya;
    const socket = open({ token: () => token, reconnectionDelay: 200 });
    await next(socket, 'connect');
    const firstId = socket.id;
    token = await api.signIn('maya');
    const lost = next<string>(socket, 'disconnect');
    serverSocket(socket).conn.close(); // the engine.io connection, as a network loss would
    expect(await lost).toBe('transport close');
    const droppedAt = Date.now();
    await next(socket, 'connect');
    // The first attempt waits the base delay, ±50 %.
    expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(95);
    expect(socket.id).not.toBe(firstId);
    expect(serverSocket(socket).handshake.auth).toEqual({ token });
  });

  it('retries a stopped server with doubling delays up to the cap, and connects when it is back', async () => {
    const socket = open({ reconnectionDelay: 50, reconnectionDelayMax: 400, randomizationFactor: 0 });
    await next(socket, 'connect');
    const failures: number[] = [];
    socket.on('connect_error', () => failures.push(Date.now()));
    const back = new Promise((resolve) => socket.on('connect', resolve));
    await api.restart(1_600);
    await back;
    // Attempts at 50, +100, +200, +400, +400 ms...: the gaps between failures double up to the cap.
    // (The server starts in this process: its start-up may hold the client's timers, so no upper bound but the cap's.)
    const gaps = failures.slice(1).map((at, i) => at - failures[i]);
    expect(gaps.length).toBeGreaterThanOrEqual(4);
    expect(gaps[0]).toBeGreaterThanOrEqual(95);
    expect(gaps[1]).toBeGreaterThanOrEqual(195);
    for (const gap of gaps.slice(2)) expect(gap).toBeGreaterThanOrEqual(395);
    expect(gaps.filter((gap) => gap < 600).length, `gaps ${gaps.join(', ')} ms`).toBeGreaterThanOrEqual(4);
    expect(serverSocket(socket).data.accountId).toBe('maya');
  });

  it('stays disconnected when the server ends the socket (sign-out)', async () => {
    const token = await api.signIn('maya');
    const socket = open({ token: () => token, reconnectionDelay: 20 });
    await next(socket, 'connect');
    const events: string[] = [];
    socket.on('connect', () => events.push('connect'));
    socket.on('connect_error', () => events.push('connect_error'));
    const ended = next<string>(socket, 'disconnect');
    expect((await api.call('GET', 'logout', { token })).status).toBe(200);
    expect(await ended).toBe('io server disconnect');
    await sleep(300);
    expect(events).toEqual([]);
    expect(socket.connected).toBe(false);
  });

  it('answers pings, so the server keeps the connection past its ping interval and timeout', async () => {
    Object.assign(engineOptions(), { pingInterval: 100, pingTimeout: 100 });
    const socket = open();
    await next(socket, 'connect');
    const id = socket.id;
    const lost: string[] = [];
    socket.on('disconnect', (reason: string) => lost.push(reason));
    // The server would close an unanswering connection after 200 ms.
    await sleep(1_000);
    expect(lost).toEqual([]);
    expect(socket.id).toBe(id);
    expect(serverSocket(socket).connected).toBe(true);
  });

  it('ends a connection whose pings stop as dead (ping timeout) and connects again', async () => {
    Object.assign(engineOptions(), { pingInterval: 100, pingTimeout: 100 });
    const socket = open({ reconnectionDelay: 50 });
    await next(socket, 'connect');
    // A dead network: the server's writes (its pings) are held back, the client hears nothing for 200 ms.
    serverSocket(socket).request.socket.cork();
    expect(await next<string>(socket, 'disconnect', 2_000)).toBe('ping timeout');
    await next(socket, 'connect');
  });

  it('connects at once when the browser comes back online, without waiting for the backoff', async () => {
    const network = new EventTarget();
    const socket = open({ network, reconnectionDelay: 30_000, randomizationFactor: 0 });
    await next(socket, 'connect');
    const lost = next(socket, 'disconnect');
    serverSocket(socket).conn.close();
    await lost;
    const again = next(socket, 'connect', 5_000);
    network.dispatchEvent(new Event('online'));
    await again;
    expect(socket.connected).toBe(true);
  });

  it('closes cleanly: the server hears the client leave, and nothing reconnects', async () => {
    const socket = open({ reconnectionDelay: 20 });
    await next(socket, 'connect');
    const server = serverSocket(socket);
    const left = new Promise((resolve) => server.on('disconnect', resolve));
    const reasons: string[] = [];
    socket.on('disconnect', (reason: string) => reasons.push(reason));
    socket.close();
    expect(await left).toBe('client namespace disconnect');
    await sleep(200);
    expect(reasons).toEqual(['io client disconnect']);
    expect(socket.connected).toBe(false);
  });
});
