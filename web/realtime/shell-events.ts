/**
 * Realtime events the shell applies (spec 7.6): those a data layer slice declared go to the data
 * layer (profiles, favourite counts, each later domain's), `settings:updated` replaces the settings
 * (settings-updated.ts), notification events set the badges and lists (engine/react/notification-state), i18n updates for the current language merge into the inline-text
 * overrides, and server messages become info toasts.
 */
import type { createStore } from 'jotai';
import type { DataPrivacy, UserState } from '../../schemas/model';
import { applyNotificationEvent } from '../../engine/react/notification-state';
import { dataLayerOf } from '../engine/data-layer';
import { i18nOverridesAtom, localeAtom, pushToastAtom, sessionAtom } from '../shell/shell-state';
import { applySettingsUpdated, type SettingsEventEnv } from './settings-updated';

type Store = ReturnType<typeof createStore>;

/** The page's document and storage, for the events that change the theme. */
export const browserEnv = (apiBase: string): SettingsEventEnv => ({
  doc: document,
  storage: localStorage,
  apiBase,
  prefersDark: typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches,
});
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Returns true when the event was handled. */
export function applyShellEvent(store: Store, event: string, payload: unknown, env: () => SettingsEventEnv): boolean {
  // Routed by name to the slices made so far: the atoms blocks read change in place.
  if (dataLayerOf(store)?.applyEvent(event, payload)) return true;
  if (event === 'settings:updated') return applySettingsUpdated(store, payload, env());
  // The badges, read marks and live arrivals of the member's notifications (core §7.6).
  if (event === 'events:notification' || event.startsWith('notifications:')) return applyNotificationEvent(store, event, payload);
  // The own account's state changed in another tab or by a save (data privacy, notifications).
  if (event === 'user:updateData' && isRecord(payload)) {
    const session = store.get(sessionAtom);
    if (!session) return false;
    const change: Partial<UserState> = {};
    if (Array.isArray(payload.dataPrivacy)) change.dataPrivacy = payload.dataPrivacy as DataPrivacy[];
    if (typeof payload.notificationsEnabled === 'boolean') change.notificationsEnabled = payload.notificationsEnabled;
    store.set(sessionAtom, { ...session, user: { ...session.user, ...change } });
    return true;
  }
  if (event === 'i18n:update' && isRecord(payload) && isRecord(payload.overrides)) {
    if (typeof payload.iso === 'string' && payload.iso !== store.get(localeAtom)) return false;
    // A string sets a label, null removes its override (the catalogue text shows again).
    const next = { ...store.get(i18nOverridesAtom) };
    for (const [key, value] of Object.entries(payload.overrides)) {
      if (typeof value === 'string') next[key] = value;
      else if (value === null) delete next[key];
    }
    store.set(i18nOverridesAtom, next);
    return true;
  }
  if ((event === 'SERVER_MESSAGE' || event === 'API_MESSAGE') && isRecord(payload) && typeof payload.message === 'string') {
    store.set(pushToastAtom, { type: 'info', message: payload.message });
    return true;
  }
  return false;
}
