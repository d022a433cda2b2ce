/**
 * The chat calls (contract schemas/model/api/chat.ts). Every call needs a signed-in member; a chat
 * is read or written only by its participants (403 otherwise, an unknown id alike). Input is
 * checked before anything is written, and every write sends its events after its commit.
 */
import type { FastifyInstance } from 'fastify';
import {
  CHAT_CLIENT_ID,
  CHAT_LIST_PAGE_SIZE,
  CHAT_MAX_PAGE,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_META_MAX_BYTES,
  CHAT_MISSED_MAX,
  CHAT_PAGE_SIZE,
  CHAT_REFUSAL_MESSAGES,
  CHAT_REPORT_REASON_MAX,
} from '../../engine/core/chat';
import { profilePublicName } from '../../engine/core/profile-privacy';
import type { Profile } from '../../schemas/model';
import type {
  ChatBlocksResponse,
  ChatCanStartResponse,
  ChatEditRequest,
  ChatHistoryResponse,
  ChatListResponse,
  ChatMessage,
  ChatMetaRequest,
  ChatMissedResponse,
  ChatOpenRequest,
  ChatReadRequest,
  ChatReadResponse,
  ChatReportRequest,
  ChatReportResponse,
  ChatSendRequest,
  ChatSummary,
  ChatUnreadResponse,
} from '../../schemas/model/api/chat';
import { requireUser, type AppContext } from '../context';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import { sanitizeChatHtml } from '../html/sanitize';
import { chatRefusalFor } from './can-start';
import { announceMessage, announceRead, announceUpdated } from './chat-events';
import { readChatNotifications } from '../notifications/announce';
import { fileAbuseReport } from '../abuse';
import { ABUSE_REASON_MAX } from '../../engine/core/abuse';
import {
  blocksBetween,
  CHAT_LIST_MAX,
  chatDb,
  historyPage,
  listPage,
  messageOf,
  messageView,
  missedMessages,
  openChat,
  ownMessage,
  participation,
  storeMessage,
  summariesOf,
  totalUnread,
  unreadByChat,
} from './chats';
import type { ChatMessagesTable } from './chat-tables';

type Query = Record<string, string | undefined>;

/** A whole number query parameter in [min, max], or the default when absent; 400 naming it otherwise. */
function intParam(query: Query, name: string, min: number, max: number, fallback?: number): number | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max) throw badRequest(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** Sanitised message HTML, or 400 when nothing is left or it is too long. */
function cleanMessage(html: string): string {
  if (html.length > CHAT_MESSAGE_MAX_LENGTH * 4) throw badRequest(`message is too long: at most ${CHAT_MESSAGE_MAX_LENGTH} characters`);
  const clean = sanitizeChatHtml(html).trim();
  if (!clean || !/\S/.test(clean.replace(/<br\s*\/?>|<\/?p>|&nbsp;/gi, '')))
    throw badRequest('message is empty (after removing what a chat message may not hold)');
  if (clean.length > CHAT_MESSAGE_MAX_LENGTH) throw badRequest(`message is too long: at most ${CHAT_MESSAGE_MAX_LENGTH} characters`);
  return clean;
}

function metaText(meta: Record<string, unknown>, what = 'meta'): string {
  const text = JSON.stringify(meta);
  if (Buffer.byteLength(text) > CHAT_META_MAX_BYTES) throw badRequest(`${what} is too large: at most ${CHAT_META_MAX_BYTES} bytes of JSON`);
  return text;
}

const encodeDateCursor = (at: number, id: string) => Buffer.from(`d.${at}.${id}`).toString('base64url');
const encodeNameCursor = (offset: number) => Buffer.from(`n.${offset}`).toString('base64url');
function decodeCursor(text: string): { at: number; id: string } | { offset: number } {
  const raw = Buffer.from(text, 'base64url').toString('utf8');
  const d = /^d\.(\d{1,15})\.(.{1,64})$/.exec(raw);
  if (d) return { at: Number(d[1]), id: d[2] };
  const n = /^n\.(\d{1,4})$/.exec(raw);
  if (n) return { offset: Number(n[1]) };
  throw badRequest('cursor is not one this call answered');
}

export function chatRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = () => ctx.store.kysely;

  app.get<{ Querystring: Query }>('/chat/private', async (req): Promise<ChatListResponse> => {
    const me = (await requireUser(ctx, req)).account.accountId;
    const order = req.query.order ?? 'date';
    if (order !== 'date' && order !== 'name') throw badRequest('order must be "date" or "name"');
    const limit = intParam(req.query, 'limit', 1, CHAT_MAX_PAGE, CHAT_LIST_PAGE_SIZE)!;
    const cursor = req.query.cursor ? decodeCursor(req.query.cursor) : undefined;
    if (order === 'date') {
      if (cursor && !('at' in cursor)) throw badRequest('cursor belongs to order=name');
      const rows = await listPage(db(), me, limit + 1, cursor);
      const shown = rows.slice(0, limit);
      const last = shown[shown.length - 1];
      const more = rows.length > limit;
      return {
        items: await summariesOf(
          db(),
          me,
          shown.map((r) => r.chatId),
        ),
        more,
        ...(more && last ? { cursor: encodeDateCursor(last.lastMessageAt, last.chatId) } : {}),
      };
    }
    if (cursor && !('offset' in cursor)) throw badRequest('cursor belongs to order=date');
    // By the other's display name: her listed chats (at most CHAT_LIST_MAX) sorted in memory.
    const rows = await listPage(db(), me, CHAT_LIST_MAX);
    const profiles = new Map((await ctx.store.getMany<Profile>('profile', [...new Set(rows.map((r) => r.other))])).map((d) => [d.id, d.data]));
    const named = rows.map((r) => ({ ...r, name: profilePublicName(profiles.get(r.other)?.data?.profile, r.other).toLocaleLowerCase() }));
    named.sort((a, b) => a.name.localeCompare(b.name) || a.chatId.localeCompare(b.chatId));
    const offset = cursor && 'offset' in cursor ? cursor.offset : 0;
    const shown = named.slice(offset, offset + limit);
    const more = named.length > offset + limit;
    return {
      items: await summariesOf(
        db(),
        me,
        shown.map((r) => r.chatId),
      ),
      more,
      ...(more ? { cursor: encodeNameCursor(offset + limit) } : {}),
    };
  });

  app.put('/chat/private', async (req, reply): Promise<ChatSummary> => {
    const user = await requireUser(ctx, req);
    const me = user.account.accountId;
    const { to } = ctx.validator.body<ChatOpenRequest>('chat-open-request', req.body);
    if (!to || to.length > 200) throw badRequest('to must name an account');
    const refusal = await chatRefusalFor(ctx, me, user.account.isAdmin, to);
    if (refusal === 'unknownAccount') throw notFound(`account "${to.slice(0, 200)}" does not exist`);
    if (refusal === 'self') throw badRequest(CHAT_REFUSAL_MESSAGES.self);
    if (refusal) throw new HttpError(403, 'forbidden', CHAT_REFUSAL_MESSAGES[refusal], refusal);
    const opened = await ctx.store.transaction((tx) => openChat(tx, me, to));
    const [summary] = await summariesOf(db(), me, [opened.chatId]);
    reply.status(opened.created ? 201 : 200);
    return summary;
  });

  app.get<{ Params: { id: string }; Querystring: Query }>('/chat/private/:id', async (req): Promise<ChatHistoryResponse> => {
    const me = (await requireUser(ctx, req)).account.accountId;
    const before = intParam(req.query, 'before', 1, Number.MAX_SAFE_INTEGER);
    const after = intParam(req.query, 'after', 0, Number.MAX_SAFE_INTEGER);
    const limit = intParam(req.query, 'limit', 1, CHAT_MAX_PAGE, CHAT_PAGE_SIZE)!;
    // Her summary is the participation check: a chat she is not in (or none) has none.
    const id = req.params.id.slice(0, 65);
    const [[chat], page] = await Promise.all([summariesOf(db(), me, [id]), historyPage(db(), id, { before, after, limit })]);
    if (!chat) throw forbidden('this chat does not exist or is not yours');
    return { chat, ...page };
  });

  app.put<{ Params: { id: string } }>('/chat/private/:id', async (req, reply): Promise<ChatMessage> => {
    const me = (await requireUser(ctx, req)).account.accountId;
    const body = ctx.validator.body<ChatSendRequest>('chat-send-request', req.body);
    const { other } = await participation(db(), req.params.id, me);
    if (body.clientId !== undefined && !CHAT_CLIENT_ID.test(body.clientId)) throw badRequest('clientId must be 8 to 64 letters, digits, "-" or "_"');
    const message = cleanMessage(body.message);
    const meta = body.meta ?? {};
    metaText(meta);
    const blocks = await blocksBetween(db(), me, other.account_id);
    if (blocks.blockedByMe) throw new HttpError(403, 'forbidden', CHAT_REFUSAL_MESSAGES.blockedByYou, 'blockedByYou');
    if (blocks.blockedByOther) throw new HttpError(403, 'forbidden', CHAT_REFUSAL_MESSAGES.blocked, 'blocked');
    const stored = await ctx.store.transaction(async (tx) => {
      const result = await storeMessage(ctx, tx, {
        chatId: req.params.id,
        from: me,
        body: message,
        type: body.type ?? 'chat',
        meta,
        clientId: body.clientId ?? null,
      });
      if (result.created) tx.afterCommit(() => announceMessage(ctx, result.message, other.account_id).catch((error) => ctx.log(error)));
      return result;
    });
    reply.status(stored.created ? 201 : 200);
    return stored.message;
  });

  app.patch<{ Params: { id: string; messageId: string } }>('/chat/private/:id/:messageId', async (req): Promise<ChatMessage> => {
    const me = (await requireUser(ctx, req)).account.accountId;
    const body = ctx.validator.body<ChatEditRequest>('chat-edit-request', req.body);
    const { other } = await participation(db(), req.params.id, me);
    const row = await ownMessage(db(), req.params.id, req.params.messageId, me);
    if (row.deleted_at !== null) throw badRequest('this message was deleted: it cannot be edited');
    const message = cleanMessage(body.message);
    return updateMessage(row.id, { body: message, edited_at: Date.now() }, [me, other.account_id]);
  });

  app.delete<{ Params: { id: string; messageId: string } }>('/chat/private/:id/:messageId', async (req): Promise<ChatMessage> => {
    const me = (await requireUser(ctx, req)).account.accountId;
    const { other } = await participation(db(), req.params.id, me);
    const row = await ownMessage(db(), req.params.id, req.params.messageId, me);
    if (row.deleted_at !== null) return messageView(row);
    return updateMessage(row.id, { body: '', deleted_at: Date.now() }, [me, other.account_id]);
  });

  /** Changes one message and tells both participants after the commit. */
  async function updateMessage(id: string, set: Partial<Pick<ChatMessagesTable, 'body' | 'edited_at' | 'deleted_at' | 'meta'>>, participants: string[]) {
    return ctx.store.transaction(async (tx) => {
      const c = chatDb(tx.raw);
      await c.updateTable('chat_messages').set(set).where('id', '=', id).execute();
      const message = messageView((await c.selectFrom('chat_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as ChatMessagesTable);
      tx.afterCommit(() => announceUpdated(ctx, message, participants).catch((error) => ctx.log(error)));
      return message;
    });
  }

  app.delete<{ Params: { id: string } }>('/chat/private/:id', async (req, reply) => {
    const me = (await requireUser(ctx, req)).account.accountId;
    await participation(db(), req.params.id, me);
    await chatDb(db())
      .updateTable('chat_participants')
      .set({ hidden_at: Date.now() })
      .where('chat_id', '=', req.params.id)
      .where('account_id', '=', me)
      .execute();
    reply.status(204);
  });

  app.post<{ Params: { id: string } }>('/communications/:id/markAsRead', async (req): Promise<ChatReadResponse> => {
    const me = (await requireUser(ctx, req)).account.accountId;
    const body = req.body === undefined || req.body === null || req.body === '' ? {} : ctx.validator.body<ChatReadRequest>('chat-read-request', req.body);
    if (body.sequence !== undefined && (!Number.isSafeInteger(body.sequence) || body.sequence < 0)) throw badRequest('sequence must be a whole number >= 0');
    const { chat, other } = await participation(db(), req.params.id, me);
    const upTo = Math.min(body.sequence ?? Number(chat.last_sequence), Number(chat.last_sequence));
    // Never moves the marker back: the update only ever raises it.
    const moved = await chatDb(db())
      .updateTable('chat_participants')
      .set({ read_sequence: upTo })
      .where('chat_id', '=', chat.id)
      .where('account_id', '=', me)
      .where('read_sequence', '<', upTo)
      .executeTakeFirst();
    const mine = await chatDb(db())
      .selectFrom('chat_participants')
      .select('read_sequence')
      .where('chat_id', '=', chat.id)
      .where('account_id', '=', me)
      .executeTakeFirstOrThrow();
    const [unread, total] = await Promise.all([unreadByChat(db(), me, [chat.id]), totalUnread(db(), me)]);
    if (Number(moved.numUpdatedRows) > 0) {
      void announceRead(ctx, chat.id, me, other.account_id, Number(mine.read_sequence)).catch((error) => ctx.log(error));
      if (!unread.get(chat.id)) void readChatNotifications(ctx, me, chat.id).catch((error) => ctx.log(error));
    }
    return { chatId: chat.id, readSequence: Number(mine.read_sequence), unread: unread.get(chat.id) ?? 0, totalUnread: total };
  });

  app.post<{ Params: { id: string; messageId: string } }>('/communications/:id/:messageId/meta', async (req): Promise<ChatMessage> => {
    const me = (await requireUser(ctx, req)).account.accountId;
    const { meta } = ctx.validator.body<ChatMetaRequest>('chat-meta-request', req.body);
    const { other } = await participation(db(), req.params.id, me);
    const row = await messageOf(db(), req.params.id, req.params.messageId);
    const merged = { ...messageView(row).meta, ...meta };
    return updateMessage(row.id, { meta: metaText(merged, 'meta after merging') }, [me, other.account_id]);
  });

  // A report files an abuse report on the message (the moderation queue, server/abuse), kept in this call's shape.
  app.post<{ Params: { id: string; messageId: string } }>('/chat/private/:id/:messageId/report', async (req, reply): Promise<ChatReportResponse> => {
    const user = await requireUser(ctx, req);
    const me = user.account.accountId;
    const { reason } = ctx.validator.body<ChatReportRequest>('chat-report-request', req.body);
    const text = reason.trim();
    if (!text) throw badRequest('reason is empty: say what is wrong with the message');
    if (text.length > CHAT_REPORT_REASON_MAX) throw badRequest(`reason is too long: at most ${CHAT_REPORT_REASON_MAX} characters`);
    await participation(db(), req.params.id, me);
    const row = await messageOf(db(), req.params.id, req.params.messageId);
    if (row.from_account_id === me) throw badRequest('you cannot report your own message');
    const messageId = String(row.id);
    const filed = await fileAbuseReport(ctx, user, {
      reportedType: 'chatMessage',
      reportedId: messageId,
      category: 'other',
      data: { reason: text.slice(0, ABUSE_REASON_MAX) },
    });
    reply.status(filed.created ? 201 : 200);
    return { id: filed.report.id, messageId, state: 'open' };
  });

  app.get<{ Querystring: Query }>('/chat/missed', async (req): Promise<ChatMissedResponse> => {
    const me = (await requireUser(ctx, req)).account.accountId;
    const after = intParam(req.query, 'after', 0, Number.MAX_SAFE_INTEGER);
    if (after === undefined) throw badRequest('after must name the last message id seen (0 for none)');
    const limit = intParam(req.query, 'limit', 1, CHAT_MISSED_MAX, CHAT_MISSED_MAX)!;
    const rows = await missedMessages(db(), me, after, limit);
    return { items: rows.slice(0, limit), more: rows.length > limit };
  });

  app.get('/chat/unread', async (req): Promise<ChatUnreadResponse> => {
    const me = (await requireUser(ctx, req)).account.accountId;
    const byChat = await unreadByChat(db(), me);
    let total = 0;
    for (const n of byChat.values()) total += n;
    return { total, byChat: Object.fromEntries(byChat) };
  });

  app.get<{ Params: { accountId: string } }>('/chat/canStart/:accountId', async (req): Promise<ChatCanStartResponse> => {
    const user = await requireUser(ctx, req);
    const refusal = await chatRefusalFor(ctx, user.account.accountId, user.account.isAdmin, req.params.accountId);
    return { _canStartChat: !refusal, _canStartVideoChat: false, ...(refusal ? { reason: refusal } : {}) };
  });

  app.get('/chat/blocks', async (req): Promise<ChatBlocksResponse> => {
    const me = (await requireUser(ctx, req)).account.accountId;
    const rows = await chatDb(db()).selectFrom('chat_blocks').selectAll().where('blocker', '=', me).orderBy('created_at', 'desc').limit(1000).execute();
    return { items: rows.map((r) => ({ accountId: r.blocked, date: Number(r.created_at) })) };
  });

  app.put<{ Params: { accountId: string } }>('/chat/blocks/:accountId', async (req, reply) => {
    const me = (await requireUser(ctx, req)).account.accountId;
    const other = req.params.accountId;
    if (other === me) throw badRequest('you cannot block yourself');
    if (other.length > 200 || !(await ctx.store.get('account', other))) throw notFound(`account "${other.slice(0, 200)}" does not exist`);
    await chatDb(db())
      .insertInto('chat_blocks')
      .values({ blocker: me, blocked: other, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['blocker', 'blocked']).doNothing())
      .execute();
    reply.status(204);
  });

  app.delete<{ Params: { accountId: string } }>('/chat/blocks/:accountId', async (req, reply) => {
    const me = (await requireUser(ctx, req)).account.accountId;
    await chatDb(db()).deleteFrom('chat_blocks').where('blocker', '=', me).where('blocked', '=', req.params.accountId).execute();
    reply.status(204);
  });
}
