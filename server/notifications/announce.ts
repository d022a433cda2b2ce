/**
 * Realtime of notifications (core §7.6), to each recipient's own `account:<id>` room only:
 * `events:notification` (the item) and `notifications:count` (the badge of its type), and for
 * reads `notifications:read` so the member's other tabs follow.
 */
import { isNotificationType, NOTIFICATION_TYPES, type NotificationType } from '../../engine/core/notifications';
import type { NotificationCountEvent, NotificationItem, NotificationReadEvent } from '../../schemas/model/api/notifications';
import type { AppContext } from '../context';
import { eachBounded, SEND_CONCURRENCY } from '../realtime';
import { hiddenChatsOf } from './chat-hidden';
import { markChatRead, unseenCount } from './notification-rows';

export interface StoredNotification {
  recipient: string;
  item: NotificationItem;
}

/** The badge of one type now, as count and list read it. */
export async function countOf(ctx: AppContext, accountId: string, type: NotificationType): Promise<number> {
  return unseenCount(ctx.store.kysely, accountId, type, type === 'chat' ? await hiddenChatsOf(ctx, accountId) : undefined);
}

/** Sends each recipient its new notifications, then its new count of each type it got. */
export async function announceNew(ctx: AppContext, stored: readonly StoredNotification[], options: { onlyConnected?: boolean } = {}): Promise<void> {
  const realtime = ctx.realtime;
  if (!realtime || !stored.length) return;
  const byRecipient = new Map<string, NotificationItem[]>();
  for (const s of stored) {
    const list = byRecipient.get(s.recipient);
    if (list) list.push(s.item);
    else byRecipient.set(s.recipient, [s.item]);
  }
  // A large fan-out tells only those with a socket open (one look across processes per batch);
  // the others read their counts with init when they come.
  const recipients = options.onlyConnected ? await realtime.connectedAccounts([...byRecipient.keys()]) : new Set(byRecipient.keys());
  await eachBounded(recipients, SEND_CONCURRENCY, async (accountId) => {
    const items = byRecipient.get(accountId) ?? [];
    for (const item of items) await realtime.toAccount(accountId, 'events:notification', item);
    for (const type of new Set(items.map((i) => i.type))) await announceCount(ctx, accountId, type);
  }).catch((error) => ctx.log(error));
}

export async function announceCount(ctx: AppContext, accountId: string, type: NotificationType): Promise<void> {
  await ctx.realtime?.toAccount(accountId, 'notifications:count', { type, count: await countOf(ctx, accountId, type) } satisfies NotificationCountEvent);
}

/** After a read in one tab: every tab of the member marks them read and updates its badges. */
export async function announceRead(ctx: AppContext, accountId: string, ids: string[], types: readonly string[]): Promise<void> {
  if (!ctx.realtime || !ids.length) return;
  await ctx.realtime.toAccount(accountId, 'notifications:read', { ids } satisfies NotificationReadEvent);
  for (const type of NOTIFICATION_TYPES) if (types.includes(type) && isNotificationType(type)) await announceCount(ctx, accountId, type);
}

/** The chat domain's call when a member read a chat: its notifications read, her tabs' badges follow. */
export async function readChatNotifications(ctx: AppContext, accountId: string, chatId: string): Promise<void> {
  const ids = await markChatRead(ctx.store.kysely, accountId, chatId);
  await announceRead(ctx, accountId, ids, ['chat']);
}
