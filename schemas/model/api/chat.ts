/**
 * Private chat (community §3 Chat and Message, §4, §7 "Chat and communications"; core §2.2, §2.6,
 * §7.6). Rules and limits are engine/core/chat.ts. Paths are under /api/v1; every call needs a
 * signed-in member, and a chat is only ever read or written by its participants (403 otherwise,
 * the same answer for an unknown chat id).
 *
 * - GET    chat/private?order=date|name&cursor=&limit=    -> ChatListResponse (the member's chats
 *          she has not hidden since their last message; `date` newest activity first, keyset cursor;
 *          `name` by the other participant's display name; limit default 20, max 50)
 * - PUT    chat/private  ChatOpenRequest                  -> ChatSummary (opens or finds the chat
 *          between the member and `to`; 201 when created; 403 with the reason when she may not
 *          start it (`canStartChat`); 404 unknown account; opening a chat she hid shows it again)
 * - GET    chat/private/{id}?before=&after=&limit=       -> ChatHistoryResponse (messages newest
 *          first; `before`/`after` are message sequences; limit default 10 (core §9), max 50)
 * - PUT    chat/private/{id}  ChatSendRequest             -> 201 ChatMessage (the same message again,
 *          200, for a repeated `clientId`; 403 when the other participant blocked her or she blocked
 *          them; 429 past the send rate; 400 empty or too long)
 * - PATCH  chat/private/{id}/{messageId}  ChatEditRequest -> ChatMessage (own message only)
 * - DELETE chat/private/{id}/{messageId}                  -> ChatMessage (own message: body emptied, `deleted` set)
 * - DELETE chat/private/{id}                              -> 204 (hides the chat for the member: its
 *          hidden timestamp is now; a later message shows it again; notifications before it hidden)
 * - POST   communications/{id}/markAsRead  ChatReadRequest -> ChatReadResponse (read up to a
 *          sequence, default the latest; never moves the marker back). The spec's GET is not used:
 *          a call that writes is never a GET.
 * - POST   communications/{id}/{messageId}/meta  ChatMetaRequest -> ChatMessage (merges keys into
 *          the message's meta; a participant; meta capped at CHAT_META_MAX_BYTES)
 * - POST   chat/private/{id}/{messageId}/report  ChatReportRequest -> 201 ChatReportResponse (a
 *          participant reports a message of the other; one open report per reporter and message)
 * - GET    chat/missed?after={messageId}&limit=           -> ChatMissedResponse (messages of all her
 *          chats with a larger id, oldest first, at most CHAT_MISSED_MAX: a reconnecting client's catch-up)
 * - GET    chat/unread                                    -> ChatUnreadResponse (per chat and total)
 * - GET    chat/canStart/{accountId}                      -> ChatCanStartResponse (`_canStartChat`); `GET profile/{id}`
 *          of another member carries the same two flags (ProfileChatFlags)
 * - GET    chat/blocks                                    -> ChatBlocksResponse (whom the member blocked)
 * - PUT    chat/blocks/{accountId}                        -> 204 (blocks; idempotent)
 * - DELETE chat/blocks/{accountId}                       -> 204 (unblocks; idempotent)
 *
 * Realtime (to `account:<id>` rooms of the participants only):
 * - `chat:newMessage`  ChatMessageEvent   -> both participants (the sender's other tabs too)
 * - `chat:messageUpdated` ChatMessageEvent -> both participants (edited, deleted, meta changed)
 * - `chat:unreadCount` ChatUnreadEvent    -> the participant whose count changed
 * - `chat:read`        ChatReadEvent      -> the other participant (a read receipt)
 * - `chat:typing`      ChatTypingEvent    -> the other participant; the client emits
 *          `chat:typing {chatId}` at most every CHAT_TYPING_INTERVAL_MS while typing
 *
 * Room kind `chat:<id>` (join while a conversation is open): a participant only; while one of the
 * recipient's sockets is in it, a new message does not notify her (she is looking at it).
 */
import type { Id } from '../common';

export type ChatMessageType = 'chat' | 'schedule';
export type ChatOrder = 'date' | 'name';

/** A message as participants see it (community §3 Message). */
export interface ChatMessage {
  /** Global, increasing across every chat: the catch-up cursor. */
  id: string;
  chatId: Id;
  /** Position in its chat, 1, 2, 3...: history cursors and read markers. */
  sequence: number;
  from: string;
  type: ChatMessageType;
  /** Sanitised HTML of CHAT_MARKUP_ELEMENTS; empty when deleted. */
  message: string;
  /** epoch ms */
  date: number;
  meta: Record<string, unknown>;
  /** epoch ms of the last edit, or null. */
  edited: number | null;
  deleted: boolean;
  /** The sender's idempotency key for the optimistic send, when she gave one. */
  clientId?: string;
}

/** A chat in the member's list (community §3 Chat). */
export interface ChatSummary {
  id: Id;
  /** Both participants' account ids (the member first). */
  with: string[];
  connectionId: string | null;
  /** Messages of the other participant after the member's read marker. */
  unread: number;
  latestMessage: { message: string; from: string; date: number; sequence: number } | null;
  /** epoch ms of the latest message, or of the chat's creation. */
  date: number;
  /** The other participant's read marker (read receipts: the member's messages up to it are read). */
  otherReadSequence: number;
  /** The member's own read marker. */
  readSequence: number;
  /** The member blocked the other participant, or was blocked: no message can be sent. */
  blocked: boolean;
}

export interface ChatListResponse {
  items: ChatSummary[];
  /** For order=date: the next page's cursor, absent at the end. */
  cursor?: string;
  more: boolean;
}

export interface ChatOpenRequest {
  /** The account to chat with. */
  to: string;
}

export interface ChatHistoryResponse {
  chat: ChatSummary;
  /** Newest first. */
  items: ChatMessage[];
  more: { older: boolean; newer: boolean };
}

export interface ChatSendRequest {
  /** HTML within CHAT_MARKUP_ELEMENTS (the composer sends `chatTextToHtml(text)`); sanitised again on the server. */
  message: string;
  type?: ChatMessageType;
  /** The spec's field, ignored: the chat id is the path's. */
  targetId?: string;
  connectionId?: string;
  meta?: Record<string, unknown>;
  /** The client's id for this send (retries send it again; the server stores one message). */
  clientId?: string;
}

export interface ChatEditRequest {
  message: string;
}

export interface ChatReadRequest {
  /** Read up to this sequence; absent: the latest. */
  sequence?: number;
}

export interface ChatReadResponse {
  chatId: Id;
  readSequence: number;
  unread: number;
  totalUnread: number;
}

export interface ChatMetaRequest {
  meta: Record<string, unknown>;
}

export interface ChatReportRequest {
  reason: string;
}

export interface ChatReportResponse {
  id: string;
  messageId: string;
  state: 'open';
}

export interface ChatMissedResponse {
  items: ChatMessage[];
  /** More than CHAT_MISSED_MAX were missed: reload the chats instead. */
  more: boolean;
}

export interface ChatUnreadResponse {
  total: number;
  byChat: Record<string, number>;
}

export interface ChatCanStartResponse {
  _canStartChat: boolean;
  _canStartVideoChat: boolean;
  /** Why not, for a person (absent when allowed). */
  reason?: ChatRefusal;
}

/** Added to `GET profile/{id}` when the profile is another member's (community §3 Profile). */
export type ProfileChatFlags = Pick<ChatCanStartResponse, '_canStartChat' | '_canStartVideoChat'>;

export interface ChatBlocksResponse {
  items: { accountId: string; date: number }[];
}

/** Why a chat cannot start or a message cannot be sent (engine/core/chat.ts `chatRefusalMessage`). */
export type ChatRefusal = 'self' | 'blocked' | 'blockedByYou' | 'connectivityPrivate' | 'connectionsOnly' | 'unknownAccount';

export interface ChatMessageEvent {
  /** An event id for catch-up (the message id). */
  id: string;
  message: ChatMessage;
}

export interface ChatUnreadEvent {
  chatId: Id;
  unread: number;
  totalUnread: number;
}

export interface ChatReadEvent {
  chatId: Id;
  accountId: string;
  readSequence: number;
}

export interface ChatTypingEvent {
  chatId: Id;
  accountId: string;
}
