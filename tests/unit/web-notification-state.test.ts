/**
 * The member's notification state (engine/react/notification-state) as the shell's realtime
 * events and GET init write it: counts per type read tolerantly, read marks from another tab,
 * live arrivals (a replacing admin notification drops the one it replaced), unknown typeIds
 * skipped and logged once (community §8); and relative dates in the member's language.
 */
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { relativeTime } from '../../engine/core/relative-time';
import { knownNotifications } from '../../engine/react/notification-list';
import {
  applyNotificationEvent,
  notificationArrivalsAtom,
  notificationCountsAtom,
  notificationReadIdsAtom,
  setNotificationCounts,
} from '../../engine/react/notification-state';
import type { NotificationItem } from '../../schemas/model/api/notifications';
import { applyShellEvent } from '../../web/realtime/shell-events';

const item = (id: string, extra: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  typeId: 3,
  event: 'broadcastNotificationToList',
  type: 'system',
  targetId: null,
  seen: false,
  read: false,
  date: 1_700_000_000_000,
  title: `Title ${id}`,
  message: 'Hello',
  fromAccountId: null,
  from: null,
  data: {},
  link: null,
  ...extra,
});
const noEnv = () => {
  throw new Error('not needed');
};

afterEach(() => vi.restoreAllMocks());

describe('notification state', () => {
  it('sets counts from init tolerantly and from notifications:count through the shell', () => {
    const store = createStore();
    setNotificationCounts(store, { chat: 2, system: 14.7, admin: -3, constructor: 5 });
    expect(store.get(notificationCountsAtom)).toEqual({ chat: 2, system: 14, admin: 0 });
    setNotificationCounts(store, 'nonsense');
    expect(store.get(notificationCountsAtom)).toEqual({ chat: 2, system: 14, admin: 0 });
    expect(applyShellEvent(store, 'notifications:count', { type: 'system', count: 0 }, noEnv)).toBe(true);
    expect(store.get(notificationCountsAtom).system).toBe(0);
    expect(applyShellEvent(store, 'notifications:count', { type: '__proto__', count: 4 }, noEnv)).toBe(false);
    expect(store.get(notificationCountsAtom)).toEqual({ chat: 2, system: 0, admin: 0 });
  });

  it('keeps read marks from other tabs and live arrivals, a replacing one taking the old one’s place', () => {
    const store = createStore();
    expect(applyShellEvent(store, 'notifications:read', { ids: ['a', 7, 'b'] }, noEnv)).toBe(true);
    expect([...store.get(notificationReadIdsAtom)]).toEqual(['a', 'b']);
    applyNotificationEvent(store, 'events:notification', item('n1', { type: 'admin' }));
    applyNotificationEvent(store, 'events:notification', item('n2'));
    applyNotificationEvent(store, 'events:notification', item('n3', { type: 'admin', replaces: 'n1' }));
    expect(store.get(notificationArrivalsAtom).map((n) => n.id)).toEqual(['n3', 'n2']);
    expect(applyNotificationEvent(store, 'events:notification', { id: 4 })).toBe(false);
  });

  it('skips an unknown typeId and logs it once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const items = [item('k1'), item('u1', { typeId: 99 as never })];
    expect(knownNotifications(items).map((n) => n.id)).toEqual(['k1']);
    expect(knownNotifications(items).map((n) => n.id)).toEqual(['k1']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain('u1');
  });

  it('says dates relative to now in the member’s language', () => {
    const now = Date.UTC(2026, 10, 29, 12);
    expect(relativeTime(now - 20_000, now, 'en')).toBe('now');
    expect(relativeTime(now - 5 * 60_000, now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(now - 24 * 3600_000, now, 'en')).toBe('yesterday');
    expect(relativeTime(now - 24 * 3600_000, now, 'fr')).toBe('hier');
  });
});
