/** Community §4: chat notifications dated before their chat's hidden timestamp are hidden (server/notifications/chat-hidden.ts). */
import { describe, expect, it } from 'vitest';
import { isHiddenChatNotification } from '../../server/notifications/chat-hidden';

describe('isHiddenChatNotification', () => {
  const hidden = new Map([['c-1', 1000]]);
  it('hides a chat notification of a hidden chat sent before it was hidden', () => {
    expect(isHiddenChatNotification({ type: 'chat', chatId: 'c-1', date: 999 }, hidden)).toBe(true);
  });
  it('shows one sent at or after the hidden timestamp, of another chat, without a chat, or not of chat type', () => {
    expect(isHiddenChatNotification({ type: 'chat', chatId: 'c-1', date: 1000 }, hidden)).toBe(false);
    expect(isHiddenChatNotification({ type: 'chat', chatId: 'c-2', date: 1 }, hidden)).toBe(false);
    expect(isHiddenChatNotification({ type: 'chat', chatId: null, date: 1 }, hidden)).toBe(false);
    expect(isHiddenChatNotification({ type: 'system', chatId: 'c-1', date: 1 }, hidden)).toBe(false);
  });
});
