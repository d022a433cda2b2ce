import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_EVENT_INFO,
  badgeLabel,
  isAppPath,
  isNotificationEvent,
  isNotificationTypeId,
  notificationLink,
} from '../../engine/core/notifications';

describe('notification rules (engine/core/notifications)', () => {
  it('shows a badge up to 9, then 9+, and nothing at 0 or for nonsense', () => {
    expect([0, 1, 9, 10, 250, -3, Number.NaN].map(badgeLabel)).toEqual(['', '1', '9', '9+', '9+', '', '']);
  });

  it('knows the spec events only, never an inherited property name', () => {
    expect(NOTIFICATION_EVENTS).toHaveLength(24);
    for (const event of NOTIFICATION_EVENTS) expect(NOTIFICATION_EVENT_INFO[event].typeId).toBeGreaterThan(1);
    expect(['__proto__', 'constructor', 'toString', 'newmessage', 3].map(isNotificationEvent)).toEqual([false, false, false, false, false]);
    expect(isNotificationEvent('broadcastNotificationToList')).toBe(true);
    expect([2, 3, 16, 1, 11, '2'].map(isNotificationTypeId)).toEqual([true, true, true, false, false, false]);
  });

  it('accepts same-origin app paths only', () => {
    expect(['/chat/7', '/space/makers/home/news/', '/a?b=c#d'].every(isAppPath)).toBe(true);
    expect(['//evil.example', '/\\evil', 'https://evil.example', 'javascript:alert(1)', '', '/a b', 'x'].some(isAppPath)).toBe(false);
  });

  it('links chat to its chat, an explicit path first, an entity to its space', () => {
    expect(notificationLink({ type: 'chat', targetId: 'c 1', data: {} })).toBe('/chat/c%201');
    expect(notificationLink({ type: 'chat', targetId: null, data: {} })).toBe('/chat/');
    expect(notificationLink({ type: 'system', targetId: null, data: { url: '/people/maya', entityId: 'e1' } })).toBe('/people/maya');
    expect(notificationLink({ type: 'system', targetId: null, data: { url: '//evil', entityId: 'e1' } })).toBe('/space/e1');
    expect(notificationLink({ type: 'admin', targetId: null, data: {} })).toBeNull();
  });
});
