/** The realtime client's socket while connected (the composer's presence sends and hears selections on it). */
import { atom } from 'jotai';
import type { SocketConnection } from './socket-connection';

export const realtimeSocketAtom = atom<SocketConnection | null>(null);
