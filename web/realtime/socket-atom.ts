/** The realtime client's socket while connected (the composer's presence sends and hears selections on it). */
import { atom } from 'jotai';
import type { RealtimeSocket } from './realtime-client';

export const realtimeSocketAtom = atom<RealtimeSocket | null>(null);
