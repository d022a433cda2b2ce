/**
 * The member's notification state shared by the header (bell and chat badges), the notification
 * centre panel and the `notificationCenter` block: unseen counts per type, ids marked read (here
 * or in another tab) and notifications that arrived live. The shell writes it from GET init and
 * the realtime events (`notifications:count`, `notifications:read`, `events:notification`); lists
 * read it, so every open list and badge follows without a reload. Small: it is in the first chunk.
 */
import { atom, type createStore } from 'jotai';
import type { NotificationType } from '../core/notifications';
import type { NotificationItem, NotificationPageResponse, NotificationReadResponse, NotificationCountResponse } from '../../schemas/model/api/notifications';

type Store = ReturnType<typeof createStore>;

export type NotificationCounts = Record<NotificationType, number>;
export const notificationCountsAtom = atom<NotificationCounts>({ chat: 0, system: 0, admin: 0 });
/** Ids marked read since the page loaded (a list shows an item read when its own flag or this says so). */
export const notificationReadIdsAtom = atom<ReadonlySet<string>>(new Set<string>());
/** Notifications received live, newest first (lists put those of their type above their first page). */
export const notificationArrivalsAtom = atom<readonly NotificationItem[]>([]);
/** Arrivals kept: more than a list's first page is never needed. */
const ARRIVALS_KEPT = 100;

/** The notification calls a list needs (web/notifications/notification-service.ts wires them to the server). */
export interface NotificationService {
  /** The types the viewer may read (admin only with showAdminNotifications). */
  readable: readonly NotificationType[];
  /** GET profile/notifications/{type}/0?cursor=&limit=: newest first. */
  list(type: NotificationType, options: { cursor?: string; limit: number }): Promise<NotificationPageResponse>;
  /** POST profile/notifications/seen/{type}. */
  seen(type: NotificationType): Promise<NotificationCountResponse>;
  /** POST profile/notifications/read. */
  read(ids: string[]): Promise<NotificationReadResponse>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isType = (t: unknown): t is NotificationType => t === 'chat' || t === 'system' || t === 'admin';
const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** Sets the counts of the types given (GET init's `notifications.counts`, read tolerantly). */
export function setNotificationCounts(store: Store, counts: unknown): void {
  if (!isRecord(counts)) return;
  const next = { ...store.get(notificationCountsAtom) };
  for (const type of ['chat', 'system', 'admin'] as const) if (type in counts) next[type] = count(counts[type]);
  store.set(notificationCountsAtom, next);
}

/** Adds ids to the read set. */
export function markNotificationsRead(store: Store, ids: readonly string[]): void {
  const current = store.get(notificationReadIdsAtom);
  if (ids.every((id) => current.has(id))) return;
  store.set(notificationReadIdsAtom, new Set([...current, ...ids]));
}

/** Applies one of the notification events (core §7.6); false when the event is not one or is malformed. */
export function applyNotificationEvent(store: Store, event: string, payload: unknown): boolean {
  if (!isRecord(payload)) return false;
  if (event === 'notifications:count') {
    if (!isType(payload.type)) return false;
    store.set(notificationCountsAtom, { ...store.get(notificationCountsAtom), [payload.type]: count(payload.count) });
    return true;
  }
  if (event === 'notifications:read') {
    if (!Array.isArray(payload.ids)) return false;
    markNotificationsRead(
      store,
      payload.ids.filter((id): id is string => typeof id === 'string'),
    );
    return true;
  }
  if (event === 'events:notification') {
    if (typeof payload.id !== 'string' || !isType(payload.type)) return false;
    const item = payload as unknown as NotificationItem;
    const others = store.get(notificationArrivalsAtom).filter((n) => n.id !== item.id && n.id !== item.replaces);
    store.set(notificationArrivalsAtom, [item, ...others].slice(0, ARRIVALS_KEPT));
    return true;
  }
  return false;
}
