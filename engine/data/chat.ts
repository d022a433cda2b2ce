/**
 * Private chat on the client (issue 31; API: schemas/model/api/chat.ts, rules: engine/core/chat.ts).
 * The member's chats are a resource (one atom per chat id, so the list, a conversation and the
 * header read the same summary) listed by one collection, newest activity first, paged by the
 * server's cursor. Each chat's messages are a collection of their own (keyed by chat id, keyset
 * by sequence, oldest first on screen, older pages loaded upward). A send shows at once under its
 * `clientId` and is replaced by the server's message; a refused one stays, marked failed, until
 * retried (the same `clientId`: the server stores one message) or given up.
 *
 * Realtime: `chat:newMessage` and `chat:messageUpdated` merge into the chat's messages and
 * summary, `chat:unreadCount` sets a chat's and the total unread, `chat:read` moves a read marker
 * (the receipt), `chat:typing` shows the other typing for twice CHAT_TYPING_INTERVAL_MS. Open
 * conversations join their `chat:<id>` room (again after each reconnect). After a reconnect the
 * slice asks `chat/missed` for what came after the newest message id it saw, and reloads when the
 * server says that was too much. Imported by path (not the barrel): only chat code loads it.
 */
import { atom, type PrimitiveAtom } from 'jotai';
import type {
  ChatBlocksResponse,
  ChatCanStartResponse,
  ChatHistoryResponse,
  ChatListResponse,
  ChatMessage,
  ChatMessageEvent,
  ChatMissedResponse,
  ChatOrder,
  ChatReadEvent,
  ChatReadResponse,
  ChatReportResponse,
  ChatSendRequest,
  ChatSummary,
  ChatTypingEvent,
  ChatUnreadEvent,
  ChatUnreadResponse,
} from '../../schemas/model/api/chat';
import { CHAT_LIST_PAGE_SIZE, CHAT_PAGE_SIZE, CHAT_TYPING_INTERVAL_MS, chatTextToHtml } from '../core/chat';
import { createCollection, createCollections, type Collection, type Collections, type Page, type PageRequest } from './collection';
import { createResource, type LoadResult, type Resource } from './resource';
import { defineSlice } from './slice';
import { dataCall, statusOf } from './transport';

const enc = encodeURIComponent;

export const chatCalls = {
  list: (query: { order?: ChatOrder; cursor?: string; limit?: number }) =>
    dataCall<ChatListResponse>({ method: 'GET', path: 'chat/private', query: query as Record<string, string | number> }),
  open: (to: string) => dataCall<ChatSummary>({ method: 'PUT', path: 'chat/private', body: { to } }),
  history: (chatId: string, query: { before?: number; after?: number; limit?: number }) =>
    dataCall<ChatHistoryResponse>({ method: 'GET', path: `chat/private/${enc(chatId)}`, query }),
  send: (chatId: string, body: ChatSendRequest) => dataCall<ChatMessage>({ method: 'PUT', path: `chat/private/${enc(chatId)}`, body }),
  edit: (chatId: string, messageId: string, message: string) =>
    dataCall<ChatMessage>({ method: 'PATCH', path: `chat/private/${enc(chatId)}/${enc(messageId)}`, body: { message }, report: true }),
  remove: (chatId: string, messageId: string) =>
    dataCall<ChatMessage>({ method: 'DELETE', path: `chat/private/${enc(chatId)}/${enc(messageId)}`, report: true }),
  hide: (chatId: string) => dataCall<void>({ method: 'DELETE', path: `chat/private/${enc(chatId)}`, report: true }),
  markAsRead: (chatId: string, sequence?: number) =>
    dataCall<ChatReadResponse>({ method: 'POST', path: `communications/${enc(chatId)}/markAsRead`, body: sequence === undefined ? {} : { sequence } }),
  report: (chatId: string, messageId: string, reason: string) =>
    dataCall<ChatReportResponse>({ method: 'POST', path: `chat/private/${enc(chatId)}/${enc(messageId)}/report`, body: { reason } }),
  missed: (after: string) => dataCall<ChatMissedResponse>({ method: 'GET', path: 'chat/missed', query: { after } }),
  unread: () => dataCall<ChatUnreadResponse>({ method: 'GET', path: 'chat/unread' }),
  canStart: (accountId: string) => dataCall<ChatCanStartResponse>({ method: 'GET', path: `chat/canStart/${enc(accountId)}` }),
  blocks: () => dataCall<ChatBlocksResponse>({ method: 'GET', path: 'chat/blocks' }),
  block: (accountId: string) => dataCall<void>({ method: 'PUT', path: `chat/blocks/${enc(accountId)}`, report: true }),
  unblock: (accountId: string) => dataCall<void>({ method: 'DELETE', path: `chat/blocks/${enc(accountId)}`, report: true }),
};

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isMessage = (v: unknown): v is ChatMessage =>
  isRecord(v) && typeof v.id === 'string' && typeof v.chatId === 'string' && typeof v.sequence === 'number' && typeof v.message === 'string';

/** An unconfirmed send sorts after every message the server numbered. */
const UNSENT_SEQUENCE = Number.MAX_SAFE_INTEGER;

/** Message ids grow across every chat: numeric strings compared by length, then by text (no float rounding). */
export function laterMessageId(a: string, b: string | undefined): boolean {
  if (b === undefined) return true;
  return a.length !== b.length ? a.length > b.length : a > b;
}

/** A fresh idempotency key (CHAT_CLIENT_ID): a UUID where the browser makes them, else random letters. */
export function newChatClientId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 24 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

export interface ChatUnreadTotals {
  /** Unread messages over all chats, once the server said (a load or `chat:unreadCount`). */
  total?: number;
}

export interface ChatSlice {
  /** Chat summaries by chat id. */
  chats: Resource<ChatSummary>;
  /** The member's chats, newest activity first. */
  list: Collection<ChatSummary, string>;
  /** Each chat's messages (keyed by chat id), oldest first, by sequence. */
  messages: Collections<ChatMessage, number>;
  /** Total unread. */
  unread: PrimitiveAtom<ChatUnreadTotals>;
  /** epoch ms until which the other participant shows as typing, per chat. */
  typingUntil(chatId: string): PrimitiveAtom<number>;
  /** Opens or finds the chat with an account (201 or 200); puts it in the list. */
  open(accountId: string): Promise<ChatSummary>;
  /**
   * What `/chat/:targetId` names: a chat of hers, else an account to chat with (opened now;
   * `opened` then). A chat she is not in answers 403 like an unknown one, so an id is tried as a chat first.
   */
  resolveTarget(targetId: string): Promise<{ chat: ChatSummary; opened: boolean }>;
  /** Sends typed text (Enter in the composer): shown at once, failed with Retry when refused. */
  send(chatId: string, text: string): Promise<ChatMessage | undefined>;
  edit(chatId: string, messageId: string, text: string): Promise<ChatMessage | undefined>;
  remove(chatId: string, messageId: string): Promise<ChatMessage | undefined>;
  /** Marks the chat read up to a sequence (its latest when left out); the server clears its chat notifications. */
  markRead(chatId: string, sequence?: number): Promise<void>;
  /** Hides the chat for the member (a later message shows it again). */
  hide(chatId: string): Promise<void>;
  report(chatId: string, messageId: string, reason: string): Promise<ChatReportResponse>;
  canStart(accountId: string): Promise<ChatCanStartResponse>;
  /** Blocks or unblocks the other participant; the chat's summary is read again (its `blocked`). */
  setBlocked(chatId: string, accountId: string, blocked: boolean): Promise<void>;
  /** Tells the other participant the member is typing (the composer calls it at most every CHAT_TYPING_INTERVAL_MS). */
  typing(chatId: string): void;
  /** A conversation is shown: joins its room (the server does not notify her of what she sees); returns the leave. */
  watch(chatId: string): () => void;
  /** A chat opened without a message written (core §2.5's temporary chat) is hidden again when she leaves it. */
  discardIfEmpty(chatId: string): Promise<void>;
  /** Applies one realtime event. */
  apply(event: string, payload: unknown): void;
  /** Asks for what was missed since the newest message seen (after a reconnect). */
  catchUp(): Promise<void>;
}

export const CHAT_EVENTS = ['chat:newMessage', 'chat:messageUpdated', 'chat:unreadCount', 'chat:read', 'chat:typing'] as const;

export const chatSlice = defineSlice<ChatSlice>({
  name: 'chat',
  create({ store, layer, transport }) {
    const own = layer.ownAccountId;
    const chats = createResource<ChatSummary>(store, {
      name: 'chat',
      batch: { delayMs: 0, maxBatch: 1 },
      cacheSize: 100,
      async loadMany(ids) {
        const answers = new Map<string, LoadResult<ChatSummary>>();
        for (const id of ids) {
          try {
            const page = await transport.request(chatCalls.history(id, { limit: 1 }));
            answers.set(id, { value: page.chat });
          } catch (error) {
            const status = statusOf(error);
            if (status === 403 || status === 404) answers.set(id, { error: status === 403 ? 'forbidden' : 'notFound' });
            else throw error;
          }
        }
        return answers;
      },
    });
    const unread = atom<ChatUnreadTotals>({});
    const typingAtoms = new Map<string, PrimitiveAtom<number>>();
    const typingUntil = (chatId: string) => {
      let a = typingAtoms.get(chatId);
      if (!a) typingAtoms.set(chatId, (a = atom(0)));
      return a;
    };
    /** The newest message id seen: where the catch-up after a reconnect starts. */
    let newestId: string | undefined;
    const saw = (message: ChatMessage) => {
      if (!message.id.startsWith('local:') && laterMessageId(message.id, newestId)) newestId = message.id;
    };
    const watched = new Map<string, number>();
    let lastTyping = 0;

    const list = createCollection<ChatSummary, string>(store, {
      name: 'chats',
      idOf: (c) => c.id,
      compare: (a, b) => a.date - b.date || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      newestFirst: true,
      pageSize: CHAT_LIST_PAGE_SIZE,
      resource: chats,
      async loadPage(request: PageRequest<string>): Promise<Page<ChatSummary, string>> {
        // The list pages one way (older activity); a refetch reloads the first page.
        const cursor = request.direction === 'older' ? request.cursor : undefined;
        const answer = await transport.request(chatCalls.list({ order: 'date', limit: request.limit, ...(cursor ? { cursor } : {}) }));
        return { items: answer.items, more: { older: answer.more }, cursors: answer.cursor ? { older: answer.cursor } : {} };
      },
    });
    layer.onReconnect(() => list.reconnected());

    const messages = createCollections<ChatMessage, number>(
      { store, layer },
      {
        name: 'chat messages',
        idOf: (m) => m.id,
        compare: (a, b) => a.sequence - b.sequence || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        pageSize: CHAT_PAGE_SIZE,
        cursorOf: (m) => m.sequence,
        keep: 10,
        async loadPage(chatId, request): Promise<Page<ChatMessage, number>> {
          const query =
            request.direction === 'first'
              ? { limit: request.limit }
              : request.direction === 'older'
                ? { before: request.cursor, limit: request.limit }
                : { after: request.cursor, limit: request.limit };
          const answer = await transport.request(chatCalls.history(chatId, query));
          chats.put(answer.chat.id, answer.chat);
          answer.items.forEach(saw);
          const more: Page<ChatMessage, number>['more'] =
            request.direction === 'first' ? answer.more : request.direction === 'older' ? { older: answer.more.older } : { newer: answer.more.newer };
          return { items: answer.items, more };
        },
      },
    );

    /** A message arrived or changed: its chat's messages and summary follow. */
    function arrived(message: ChatMessage, isNew: boolean): void {
      saw(message);
      messages.peek(message.chatId)?.merge([message]);
      const summary = chats.peek(message.chatId);
      if (summary?.state !== 'ready') {
        // A chat the list does not hold yet (a first message to her): the list reads again.
        if (isNew && list.peek().status !== 'idle') void list.reload();
        return;
      }
      const latest = summary.value.latestMessage;
      if (!latest || message.sequence >= latest.sequence) {
        const next: ChatSummary = {
          ...summary.value,
          latestMessage: { message: message.message, from: message.from, date: message.date, sequence: message.sequence },
          date: Math.max(summary.value.date, message.date),
          // Her own message reads everything before it.
          ...(message.from === own ? { readSequence: Math.max(summary.value.readSequence, message.sequence) } : {}),
        };
        chats.put(message.chatId, next);
        if (isNew) list.merge([next]);
      }
      if (isNew && message.from !== own) store.set(typingUntil(message.chatId), 0);
    }

    async function reloadAll(): Promise<void> {
      await list.reload().catch(() => undefined);
      messages.forEach((c) => c.reconnected());
    }

    const slice: ChatSlice = {
      chats,
      list,
      messages,
      unread,
      typingUntil,
      async open(accountId) {
        const summary = await transport.request(chatCalls.open(accountId));
        chats.put(summary.id, summary);
        return summary;
      },
      async resolveTarget(targetId) {
        const known = chats.peek(targetId);
        if (known?.state === 'ready') return { chat: known.value, opened: false };
        try {
          const page = await transport.request(chatCalls.history(targetId, { limit: 1 }));
          chats.put(page.chat.id, page.chat);
          return { chat: page.chat, opened: false };
        } catch (error) {
          const status = statusOf(error);
          if (status !== 403 && status !== 404) throw error;
        }
        const chat = await slice.open(targetId);
        if (list.peek().status === 'ready') list.merge([chat]);
        return { chat, opened: true };
      },
      send(chatId, text) {
        const clientId = newChatClientId();
        const html = chatTextToHtml(text);
        const optimistic: ChatMessage = {
          id: `local:${clientId}`,
          chatId,
          sequence: UNSENT_SEQUENCE,
          from: own ?? '',
          type: 'chat',
          message: html,
          date: Date.now(),
          meta: {},
          edited: null,
          deleted: false,
          clientId,
        };
        return messages.get(chatId).insert(optimistic, async () => {
          const saved = await transport.request(chatCalls.send(chatId, { message: html, clientId }));
          arrived(saved, true);
          return saved;
        });
      },
      edit(chatId, messageId, text) {
        const html = chatTextToHtml(text);
        return messages.get(chatId).update(
          messageId,
          (m) => ({ ...m, message: html, edited: Date.now() }),
          () => transport.request(chatCalls.edit(chatId, messageId, html)),
        );
      },
      remove(chatId, messageId) {
        return messages.get(chatId).update(
          messageId,
          (m) => ({ ...m, message: '', deleted: true }),
          () => transport.request(chatCalls.remove(chatId, messageId)),
        );
      },
      async markRead(chatId, sequence) {
        const answer = await transport.request(chatCalls.markAsRead(chatId, sequence));
        chats.update(chatId, (c) => ({ ...c, readSequence: Math.max(c.readSequence, answer.readSequence), unread: answer.unread }));
        store.set(unread, { total: answer.totalUnread });
      },
      async hide(chatId) {
        await transport.request(chatCalls.hide(chatId));
        list.remove(chatId);
      },
      report: (chatId, messageId, reason) => transport.request(chatCalls.report(chatId, messageId, reason)),
      canStart: (accountId) => transport.request(chatCalls.canStart(accountId)),
      async setBlocked(chatId, accountId, blocked) {
        await transport.request(blocked ? chatCalls.block(accountId) : chatCalls.unblock(accountId));
        chats.update(chatId, (c) => ({ ...c, blocked }));
        // The server decides `blocked` (she may also be blocked by the other): read it again.
        await chats.ensure(chatId, true);
      },
      typing(chatId) {
        const now = Date.now();
        if (now - lastTyping < CHAT_TYPING_INTERVAL_MS) return;
        lastTyping = now;
        layer.emit('chat:typing', { chatId });
      },
      watch(chatId) {
        const count = watched.get(chatId) ?? 0;
        watched.set(chatId, count + 1);
        if (count === 0) layer.emit('chat:subscribe', { id: chatId });
        let left = false;
        return () => {
          if (left) return;
          left = true;
          const n = (watched.get(chatId) ?? 1) - 1;
          if (n > 0) return void watched.set(chatId, n);
          watched.delete(chatId);
          layer.emit('chat:unsubscribe', { id: chatId });
        };
      },
      async discardIfEmpty(chatId) {
        // Called as a view unmounts: the views inside it unmount in the same pass, after it.
        await Promise.resolve();
        const entry = chats.peek(chatId);
        const shown = messages.peek(chatId);
        if (entry?.state !== 'ready' || entry.value.latestMessage || shown?.isMounted() || shown?.items().length) return;
        list.remove(chatId);
        await transport.request({ ...chatCalls.hide(chatId), report: false });
      },
      apply(event, payload) {
        if (!isRecord(payload)) return;
        if (event === 'chat:newMessage' || event === 'chat:messageUpdated') {
          const message = (payload as Partial<ChatMessageEvent>).message;
          if (isMessage(message)) arrived(message, event === 'chat:newMessage');
          return;
        }
        if (event === 'chat:unreadCount') {
          const e = payload as Partial<ChatUnreadEvent>;
          if (typeof e.chatId === 'string' && typeof e.unread === 'number') chats.update(e.chatId, (c) => ({ ...c, unread: e.unread! }));
          if (typeof e.totalUnread === 'number') store.set(unread, { total: e.totalUnread });
          return;
        }
        if (event === 'chat:read') {
          const e = payload as Partial<ChatReadEvent>;
          if (typeof e.chatId !== 'string' || typeof e.readSequence !== 'number') return;
          const seq = e.readSequence;
          chats.update(e.chatId, (c) =>
            e.accountId === own ? { ...c, readSequence: Math.max(c.readSequence, seq) } : { ...c, otherReadSequence: Math.max(c.otherReadSequence, seq) },
          );
          return;
        }
        if (event === 'chat:typing') {
          const e = payload as Partial<ChatTypingEvent>;
          if (typeof e.chatId === 'string' && e.accountId !== own) store.set(typingUntil(e.chatId), Date.now() + 2 * CHAT_TYPING_INTERVAL_MS);
        }
      },
      async catchUp() {
        if (newestId === undefined) return reloadAll();
        let answer: ChatMissedResponse;
        try {
          answer = await transport.request(chatCalls.missed(newestId));
        } catch {
          return reloadAll();
        }
        if (answer.more) return reloadAll();
        for (const message of answer.items) if (isMessage(message)) arrived(message, true);
      },
    };

    layer.onConnect((again) => {
      // A new socket is in no chat room: those shown are joined again.
      for (const chatId of watched.keys()) layer.emit('chat:subscribe', { id: chatId });
      if (again) void slice.catchUp();
    });
    return slice;
  },
  events: Object.fromEntries(CHAT_EVENTS.map((event) => [event, (slice: ChatSlice, payload: unknown) => slice.apply(event, payload)])),
});
