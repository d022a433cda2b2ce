/** The realtime client's socket while connected (the composer's presence sends and hears selections on it). */
import { atom } from 'jotai';
import type { Socket } from 'socket.io-client';

export const realtimeSocketAtom = atom<Socket | null>(null);
