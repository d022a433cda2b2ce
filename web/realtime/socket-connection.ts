/**
 * The browser's socket.io connection: the socket.io v5 protocol over engine.io v4, WebSocket
 * transport only, main namespace only, text packets only (nothing the app sends or receives is
 * binary). It replaces socket.io-client, whose five packages weighed several times more on every
 * member page (`bundle.memberHome`) for the part of them the app uses:
 *
 * - engine.io: `0{sid,pingInterval,pingTimeout,...}` opens; the server's ping `2` is answered with
 *   pong `3`; no ping within pingInterval + pingTimeout ends the connection as dead.
 * - socket.io: `40{auth}` connects with the auth read at every attempt, answered by `40{sid}` or
 *   `44{message}` (our auth middleware's refusal: `connect_error`, no retry, as socket.io-client);
 *   events are `42[name, ...args]`, `42<id>[...]` asking for the ack `43<id>[...]`; `41` is the
 *   server ending the socket (no reconnection).
 * - A lost connection reconnects with socket.io-client's defaults: 1 s doubling up to 5 s, ±50 %
 *   jitter, reset by a successful connection; at once when the browser comes back `online`.
 *
 * Emits while disconnected are dropped, not buffered: what the app emits is either repeated on
 * every `connect` (subscriptions) or only means something on the live socket (presence).
 */

export type DisconnectReason = 'io server disconnect' | 'io client disconnect' | 'transport close' | 'ping timeout' | 'parse error';

export interface SocketConnectionOptions {
  /** Server origin; the page's origin when omitted. */
  url?: string;
  path?: string;
  /** The `auth` sent with every connection attempt (the current session token). */
  auth: () => object;
  /** Node has no global WebSocket: tests pass the `ws` package's. */
  WebSocket?: new (url: string) => WebSocket;
  /** Where `online`/`offline` are heard (the window in a browser). */
  network?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** false: a lost connection stays lost (tests). */
  reconnection?: boolean;
  reconnectionDelay?: number;
  reconnectionDelayMax?: number;
  randomizationFactor?: number;
  /** How long an attempt may take from opening the WebSocket to the namespace's `40{sid}`. */
  timeout?: number;
  random?: () => number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- event arguments are whatever the server sent
type Listener = (...args: any[]) => void;

/** The delay before reconnection attempt `attempt` (0 first): doubling from `base` up to `max`, ± `jitter` of itself. */
export function reconnectDelayMs(attempt: number, base: number, max: number, jitter: number, random: () => number): number {
  const ms = Math.min(base * 2 ** attempt, max);
  return Math.round(Math.min(ms * (1 + jitter * (2 * random() - 1)), max));
}

const OPEN = 1;
const noop = () => undefined;

export class SocketConnection {
  /** The server socket's id while connected. */
  id: string | undefined;
  connected = false;
  private ws: WebSocket | undefined;
  private active = false;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setTimeout> | undefined;
  private pingWindowMs = 0;
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Ack callbacks by packet id; a disconnection drops them uncalled. */
  private readonly acks = new Map<string, Listener>();
  private nextAckId = 0;
  private readonly network: SocketConnectionOptions['network'];

  constructor(private readonly options: SocketConnectionOptions) {
    this.network = options.network ?? (typeof window === 'undefined' ? undefined : window);
    this.connect();
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  /** Sends an event, a last function argument being called with the server's ack; false (and nothing sent) while disconnected. */
  emit(event: string, ...args: unknown[]): boolean {
    if (!this.connected) return false;
    let id = '';
    if (typeof args.at(-1) === 'function') {
      id = String(this.nextAckId++);
      this.acks.set(id, args.pop() as Listener);
    }
    this.send(`42${id}${JSON.stringify([event, ...args])}`);
    return true;
  }

  /** Connects (again) unless already connected or trying to. */
  connect(): this {
    if (!this.active) {
      this.active = true;
      this.network?.addEventListener('online', this.onOnline);
      this.network?.addEventListener('offline', this.onOffline);
    }
    if (!this.ws && !this.reconnectTimer) this.open();
    return this;
  }

  close(): this {
    this.stop();
    if (this.connected) this.send('41');
    this.end('io client disconnect');
    return this;
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch (error) {
        // A failing listener is reported and neither stops the others nor ends the connection.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }

  private open(): void {
    const base = this.options.url ?? window.location.href;
    const url = new URL(`${(this.options.path ?? '/socket.io').replace(/\/$/, '')}/?EIO=4&transport=websocket`, base);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new (this.options.WebSocket ?? WebSocket)(url.href);
    this.ws = ws;
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return; // binary frames: never sent to this app
      try {
        this.onPacket(event.data);
      } catch {
        this.lost('parse error');
      }
    };
    ws.onclose = () => this.lost('transport close');
    ws.onerror = noop; // a close event follows
    this.connectTimer = setTimeout(() => this.lost('transport close'), this.options.timeout ?? 20_000);
  }

  private send(packet: string): void {
    if (this.ws?.readyState === OPEN) this.ws.send(packet);
  }

  private onPacket(data: string): void {
    switch (data[0]) {
      case '0': {
        const handshake = JSON.parse(data.slice(1)) as { pingInterval: number; pingTimeout: number };
        this.pingWindowMs = handshake.pingInterval + handshake.pingTimeout;
        this.heartbeat();
        this.send(`40${JSON.stringify(this.options.auth())}`);
        return;
      }
      case '1':
        return this.lost('transport close');
      case '2':
        this.heartbeat();
        return this.send('3');
      case '4':
        return this.onSocketPacket(data.slice(1));
    }
  }

  private onSocketPacket(packet: string): void {
    if (packet[1] === '/') return; // another namespace: this client joins only the main one
    const body = packet.slice(1);
    switch (packet[0]) {
      case '0':
        clearTimeout(this.connectTimer);
        this.attempts = 0;
        this.id = (JSON.parse(body) as { sid: string }).sid;
        this.connected = true;
        return this.fire('connect');
      case '1':
        this.stop();
        return this.end('io server disconnect');
      case '2': {
        // An id before the array asks for an ack; the server sends none that this app answers.
        const [event, ...args] = JSON.parse(body.replace(/^\d+/, '')) as [string, ...unknown[]];
        return this.fire(event, ...args);
      }
      case '3': {
        const [, id, args] = /^(\d+)(.*)$/s.exec(body) ?? [];
        const ack = this.acks.get(id);
        this.acks.delete(id);
        return ack?.(...(JSON.parse(args) as unknown[]));
      }
      case '4': {
        const { message } = JSON.parse(body) as { message: string };
        this.stop();
        this.end('io client disconnect');
        return this.fire('connect_error', new Error(message));
      }
    }
  }

  private heartbeat(): void {
    clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => this.lost('ping timeout'), this.pingWindowMs);
  }

  /** No more attempts until connect(). */
  private stop(): void {
    this.active = false;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.network?.removeEventListener('online', this.onOnline);
    this.network?.removeEventListener('offline', this.onOffline);
  }

  /** Drops the WebSocket; a connected socket reports `disconnect`. */
  private end(reason: DisconnectReason): void {
    clearTimeout(this.connectTimer);
    clearTimeout(this.pingTimer);
    const ws = this.ws;
    if (ws) {
      this.ws = undefined;
      ws.onmessage = ws.onclose = noop;
      ws.close();
    }
    this.acks.clear();
    if (!this.connected) return;
    this.connected = false;
    this.id = undefined;
    this.fire('disconnect', reason);
  }

  /** The connection or an attempt failed: report it and try again after the backoff. */
  private lost(reason: DisconnectReason): void {
    const wasConnected = this.connected;
    this.end(reason);
    if (!wasConnected) this.fire('connect_error', new Error(reason));
    if (!this.active || this.ws || this.reconnectTimer) return; // a listener closed or reconnected it
    if (this.options.reconnection === false) return this.stop();
    const { reconnectionDelay = 1000, reconnectionDelayMax = 5000, randomizationFactor = 0.5, random = Math.random } = this.options;
    this.reconnectTimer = setTimeout(
      () => {
        this.reconnectTimer = undefined;
        this.open();
      },
      reconnectDelayMs(this.attempts++, reconnectionDelay, reconnectionDelayMax, randomizationFactor, random),
    );
  }

  private readonly onOnline = () => {
    if (this.ws) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.attempts = 0;
    this.open();
  };

  private readonly onOffline = () => {
    if (this.ws) this.lost('transport close');
  };
}
