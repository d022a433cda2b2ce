/** socket.io clients for the realtime API tests: connect with a session token, ack'd emits, awaited events. */
import { io as connect, type Socket } from 'socket.io-client';

export type { Socket };

export function socketFor(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (e) => reject(e));
  });
}

export function emitAck(socket: Socket, event: string, payload: unknown): Promise<{ ok: boolean; error?: string }> {
  return new Promise((resolve) => socket.emit(event, payload, resolve));
}

export function nextEvent<T>(socket: Socket, event: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Everything a socket receives from now on, as `{ event, payload }` in order. */
export function recordEvents(socket: Socket): { event: string; payload: unknown }[] {
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  return seen;
}

/** Waits long enough for anything already sent to have arrived (same machine, both directions). */
export const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));
