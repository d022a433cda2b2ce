/**
 * Realtime of chats (contract schemas/model/api/chat.ts), to the participants' own `account:<id>`
 * rooms only and always after the commit: `chat:newMessage`, `chat:messageUpdated`,
 * `chat:unreadCount`, `chat:read`, `chat:typing`; and the recipient's `newMessage` notification
 * unless she is looking at the chat (a socket of hers in room `chat:<id>`, in any process).
 *
 * Emails: notify() queues a notification's email at once, so a lively chat would mail her at every
 * message. The participant row keeps when the last one went (`emailed_at`); a send claims the email
 * with one conditional update (atomic on both engines, so two processes never both claim it) and
 * otherwise asks notify() for the in-app channel only: at most one newMessage email per chat and
 * recipient per CHAT_EMAIL_INTERVAL_MS, her preferences deciding as ever whether it goes at all.
 */
import { chatHtmlToText } from '../../engine/core/chat';
import type { ChatMessage, ChatMessageEvent, ChatReadEvent, ChatTypingEvent, ChatUnreadEvent } from '../../schemas/model/api/chat';
import type { AppContext } from '../context';
import { notify } from '../notifications/notify';
import { accountRoom } from '../realtime';
import { chatDb, totalUnread, unreadByChat } from './chats';

export const CHAT_EMAIL_INTERVAL_MS = 10 * 60_000;
/** A notification's preview of the message at most (characters). */
const PREVIEW_MAX = 200;

export const chatRoom = (chatId: string) => `chat:${chatId}`;

export async function unreadEvent(ctx: AppContext, accountId: string, chatId: string): Promise<ChatUnreadEvent> {
  const db = ctx.store.kysely;
  const [byChat, total] = await Promise.all([unreadByChat(db, accountId, [chatId]), totalUnread(db, accountId)]);
  return { chatId, unread: byChat.get(chatId) ?? 0, totalUnread: total };
}

/** Whether one of the account's sockets is in the chat's room now, in any process (the room holds two people's tabs at most). */
async function isLooking(ctx: AppContext, accountId: string, chatId: string): Promise<boolean> {
  const realtime = ctx.realtime;
  if (!realtime) return false;
  const sockets = await realtime.io.in(chatRoom(chatId)).fetchSockets();
  return sockets.some((s) => s.data.accountId === accountId);
}

/** Claims the email of this message for the recipient: true at most once per interval and chat. */
async function claimEmail(ctx: AppContext, chatId: string, accountId: string, now: number): Promise<boolean> {
  const result = await chatDb(ctx.store.kysely)
    .updateTable('chat_participants')
    .set({ emailed_at: now })
    .where('chat_id', '=', chatId)
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('emailed_at', 'is', null), eb('emailed_at', '<=', now - CHAT_EMAIL_INTERVAL_MS)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A new message: both participants hear it, the recipient her count and, unless looking, a notification. */
export async function announceMessage(ctx: AppContext, message: ChatMessage, recipient: string): Promise<void> {
  const realtime = ctx.realtime;
  const event: ChatMessageEvent = { id: message.id, message };
  if (realtime) {
    await realtime.toAccounts([message.from, recipient], 'chat:newMessage', async () => event);
    await realtime.toAccount(recipient, 'chat:unreadCount', await unreadEvent(ctx, recipient, message.chatId));
  }
  if (await isLooking(ctx, recipient, message.chatId)) return;
  const email = await claimEmail(ctx, message.chatId, recipient, Date.now());
  await notify(
    ctx,
    'newMessage',
    { accounts: [recipient] },
    {
      targetId: message.chatId,
      message: chatHtmlToText(message.message).slice(0, PREVIEW_MAX),
      fromAccountId: message.from,
      data: { chatId: message.chatId, fromAccountId: message.from },
      channels: { inApp: true, email },
      key: `chat:${message.id}`,
    },
  );
}

/** An edit, a deletion or new meta: both participants; a deletion may lower the other's unread count. */
export async function announceUpdated(ctx: AppContext, message: ChatMessage, participants: readonly string[]): Promise<void> {
  const realtime = ctx.realtime;
  if (!realtime) return;
  await realtime.toAccounts(participants, 'chat:messageUpdated', async () => ({ id: message.id, message }) satisfies ChatMessageEvent);
  if (message.deleted)
    await realtime.toAccounts(
      participants.filter((p) => p !== message.from),
      'chat:unreadCount',
      (accountId) => unreadEvent(ctx, accountId, message.chatId),
    );
}

/** A read marker moved: the reader's tabs hear their count, the other participant the receipt. */
export async function announceRead(ctx: AppContext, chatId: string, reader: string, other: string, readSequence: number): Promise<void> {
  const realtime = ctx.realtime;
  if (!realtime) return;
  await realtime.toAccount(reader, 'chat:unreadCount', await unreadEvent(ctx, reader, chatId));
  if (other !== reader) await realtime.toAccount(other, 'chat:read', { chatId, accountId: reader, readSequence } satisfies ChatReadEvent);
}

/**
 * "Typing" to the other participant: not logged for catch-up (a late "typing" means nothing), so
 * it goes straight to her account room.
 */
export function relayTyping(ctx: AppContext, chatId: string, from: string, to: string): void {
  ctx.realtime?.io.to(accountRoom(to)).emit('chat:typing', { chatId, accountId: from } satisfies ChatTypingEvent);
}
