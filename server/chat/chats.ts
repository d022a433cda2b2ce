/**
 * Reading and writing chats (schemas/model/api/chat.ts; rules engine/core/chat.ts). Every reader
 * takes the member's account id and answers only chats she takes part in; `participation` is the
 * one check, and an unknown chat answers like a forbidden one.
 *
 * Sequences are exact under concurrent sends: a send locks its chat's row (`FOR UPDATE` on
 * PostgreSQL; SQLite runs one writing transaction at a time), moves `last_sequence` by one and
 * stores its message with it. On PostgreSQL it also takes one advisory lock until it commits, so
 * message ids (the catch-up cursor) become visible in the order they were handed out: a client
 * that saw id n never misses a smaller id committed later.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { chatPairKey } from '../../engine/core/chat';
import type { Id } from '../../schemas/model';
import type { ChatMessage, ChatMessageType, ChatSummary } from '../../schemas/model/api/chat';
import type { AppContext } from '../context';
import { forbidden } from '../errors';
import type { DB } from '../storage/database';
import type { DocumentTx } from '../storage/documents';
import type { ChatMessagesTable, ChatParticipantsTable, ChatsTable, ChatTables } from './chat-tables';

export const chatDb = (db: Kysely<DB>) => db.withTables<ChatTables>();
type ChatDb = ReturnType<typeof chatDb>;

/** The member's chats read for her list at most (the name order sorts them in memory). */
export const CHAT_LIST_MAX = 500;
/** The advisory lock's key that orders message ids with commits (PostgreSQL). */
const MESSAGE_ID_LOCK = 7_431_001;

const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function readMeta(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function messageView(row: ChatMessagesTable): ChatMessage {
  return {
    id: String(row.id),
    chatId: row.chat_id,
    sequence: num(row.sequence),
    from: row.from_account_id,
    type: row.type === 'schedule' ? 'schedule' : 'chat',
    message: row.deleted_at !== null && row.deleted_at !== undefined ? '' : row.body,
    date: num(row.created_at),
    meta: readMeta(row.meta),
    edited: numOrNull(row.edited_at),
    deleted: row.deleted_at !== null && row.deleted_at !== undefined,
    ...(row.client_id ? { clientId: row.client_id } : {}),
  };
}

export interface Participation {
  chat: ChatsTable;
  me: ChatParticipantsTable;
  other: ChatParticipantsTable;
}

/** The chat and both participants' rows when the member takes part in it, else 403 (unknown ids alike). */
export async function participation(db: Kysely<DB>, chatId: string, accountId: string): Promise<Participation> {
  const found = typeof chatId === 'string' && chatId.length <= 64 ? await findParticipation(db, chatId, accountId) : undefined;
  if (!found) throw forbidden('this chat does not exist or is not yours');
  return found;
}

export async function findParticipation(db: Kysely<DB>, chatId: string, accountId: string): Promise<Participation | undefined> {
  const c = chatDb(db);
  const [chat, rows] = await Promise.all([
    c.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst(),
    c.selectFrom('chat_participants').selectAll().where('chat_id', '=', chatId).execute(),
  ]);
  const me = rows.find((r) => r.account_id === accountId);
  const other = rows.find((r) => r.account_id !== accountId) ?? me;
  if (!chat || !me || !other) return undefined;
  return { chat, me, other };
}

/** Whether the account takes part in the chat (room checks). */
export async function isParticipant(db: Kysely<DB>, chatId: string, accountId: string): Promise<boolean> {
  const row = await chatDb(db)
    .selectFrom('chat_participants')
    .select('chat_id')
    .where('chat_id', '=', chatId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return !!row;
}

/** Whether either of the two blocked the other: [I blocked them, they blocked me]. */
export async function blocksBetween(db: Kysely<DB>, me: string, other: string): Promise<{ blockedByMe: boolean; blockedByOther: boolean }> {
  const rows = await chatDb(db)
    .selectFrom('chat_blocks')
    .select(['blocker', 'blocked'])
    .where((eb) => eb.or([eb.and([eb('blocker', '=', me), eb('blocked', '=', other)]), eb.and([eb('blocker', '=', other), eb('blocked', '=', me)])]))
    .execute();
  return { blockedByMe: rows.some((r) => r.blocker === me), blockedByOther: rows.some((r) => r.blocker === other && r.blocked === me) };
}

/** The chat of a pair, if any. */
export async function chatOfPair(db: Kysely<DB>, a: string, b: string): Promise<ChatsTable | undefined> {
  return chatDb(db).selectFrom('chats').selectAll().where('pair_key', '=', chatPairKey(a, b)).executeTakeFirst();
}

/**
 * Opens the chat of the pair or finds it (one chat per pair: the unique pair key settles two
 * opening at once), and shows it again to the member if she had hidden it. Answers whether it was created.
 */
export async function openChat(tx: DocumentTx, me: string, to: string): Promise<{ chatId: string; created: boolean }> {
  const c = chatDb(tx.raw as unknown as Kysely<DB>);
  const key = chatPairKey(me, to);
  const now = Date.now();
  const id = crypto.randomUUID();
  const inserted = await c
    .insertInto('chats')
    .values({ id, kind: 'private', pair_key: key, connection_id: null, created_at: now, last_sequence: 0, last_message_id: null, last_message_at: null })
    .onConflict((oc) => oc.column('pair_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    await c
      .insertInto('chat_participants')
      .values(
        [me, to].map((account_id) => ({ chat_id: id, account_id, read_sequence: 0, hidden_at: null, joined_at: now, last_message_at: null, emailed_at: null })),
      )
      .execute();
    return { chatId: id, created: true };
  }
  const existing = await c.selectFrom('chats').select('id').where('pair_key', '=', key).executeTakeFirstOrThrow();
  await c.updateTable('chat_participants').set({ hidden_at: null }).where('chat_id', '=', existing.id).where('account_id', '=', me).execute();
  return { chatId: existing.id, created: false };
}

/** Unread messages per chat of the member (the other's messages after her read marker, not deleted), for these chats or all. */
export async function unreadByChat(db: Kysely<DB>, accountId: string, chatIds?: readonly string[]): Promise<Map<string, number>> {
  if (chatIds && !chatIds.length) return new Map();
  const rows = await chatDb(db)
    .selectFrom('chat_participants as p')
    .innerJoin('chat_messages as m', (j) => j.onRef('m.chat_id', '=', 'p.chat_id').onRef('m.sequence', '>', 'p.read_sequence'))
    .select(['p.chat_id as chatId', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('p.account_id', '=', accountId)
    .$if(!!chatIds, (q) => q.where('p.chat_id', 'in', chatIds!))
    .where('m.from_account_id', '<>', accountId)
    .where('m.deleted_at', 'is', null)
    .groupBy('p.chat_id')
    .execute();
  return new Map(rows.map((r) => [r.chatId, num(r.n)]));
}

export async function totalUnread(db: Kysely<DB>, accountId: string): Promise<number> {
  let total = 0;
  for (const n of (await unreadByChat(db, accountId)).values()) total += n;
  return total;
}

/** Summaries of these chats for the member, in the order given (chats she is not in are left out). One round of four reads. */
export async function summariesOf(db: Kysely<DB>, accountId: string, chatIds: readonly string[]): Promise<ChatSummary[]> {
  if (!chatIds.length) return [];
  const c = chatDb(db);
  const [chats, parts, unread, blocks] = await Promise.all([
    // The latest message through the (chat_id, sequence) index: the chat's last sequence.
    c
      .selectFrom('chats')
      .leftJoin('chat_messages as m', (j) => j.onRef('m.chat_id', '=', 'chats.id').onRef('m.sequence', '=', 'chats.last_sequence'))
      .selectAll('chats')
      .select([
        'm.id as m_id',
        'm.sequence as m_sequence',
        'm.from_account_id as m_from',
        'm.body as m_body',
        'm.created_at as m_date',
        'm.deleted_at as m_deleted',
      ])
      .where('chats.id', 'in', chatIds)
      .execute(),
    c.selectFrom('chat_participants').selectAll().where('chat_id', 'in', chatIds).execute(),
    unreadByChat(db, accountId, chatIds),
    c
      .selectFrom('chat_blocks')
      .select(['blocker', 'blocked'])
      .where((eb) => {
        const others = eb.selectFrom('chat_participants').select('account_id').where('chat_id', 'in', chatIds).where('account_id', '<>', accountId);
        return eb.or([
          eb.and([eb('blocker', '=', accountId), eb('blocked', 'in', others)]),
          eb.and([eb('blocked', '=', accountId), eb('blocker', 'in', others)]),
        ]);
      })
      .execute(),
  ]);
  const blockedWith = new Set(blocks.map((b) => (b.blocker === accountId ? b.blocked : b.blocker)));
  const byId = new Map(chats.map((ch) => [ch.id, ch]));
  return chatIds.flatMap((id): ChatSummary[] => {
    const chat = byId.get(id);
    const mine = parts.find((p) => p.chat_id === id && p.account_id === accountId);
    if (!chat || !mine) return [];
    const other = parts.find((p) => p.chat_id === id && p.account_id !== accountId) ?? mine;
    const deleted = chat.m_deleted !== null && chat.m_deleted !== undefined;
    return [
      {
        id,
        with: [accountId, other.account_id],
        connectionId: chat.connection_id ?? null,
        unread: unread.get(id) ?? 0,
        latestMessage:
          chat.m_id !== null && chat.m_id !== undefined
            ? { message: deleted ? '' : (chat.m_body ?? ''), from: chat.m_from ?? '', date: num(chat.m_date), sequence: num(chat.m_sequence) }
            : null,
        date: num(chat.last_message_at ?? chat.created_at),
        otherReadSequence: num(other.read_sequence),
        readSequence: num(mine.read_sequence),
        blocked: blockedWith.has(other.account_id),
      },
    ];
  });
}

export interface ListPageRow {
  chatId: string;
  other: string;
  lastMessageAt: number;
}

/**
 * The member's listed chats newest activity first: those with a message she has not hidden since
 * (a chat never written to is temporary and not listed). Keyset after (date, chat id).
 */
export async function listPage(db: Kysely<DB>, accountId: string, limit: number, after?: { at: number; id: string }): Promise<ListPageRow[]> {
  const rows = await chatDb(db)
    .selectFrom('chat_participants as p')
    .innerJoin('chat_participants as o', (j) => j.onRef('o.chat_id', '=', 'p.chat_id').on('o.account_id', '<>', accountId))
    .select(['p.chat_id as chatId', 'o.account_id as other', 'p.last_message_at as at'])
    .where('p.account_id', '=', accountId)
    .where('p.last_message_at', 'is not', null)
    .where((eb) => eb.or([eb('p.hidden_at', 'is', null), eb('p.last_message_at', '>', eb.ref('p.hidden_at'))]))
    .$if(!!after, (q) =>
      q.where('p.last_message_at', '<=', after!.at).where((eb) => eb.or([eb('p.last_message_at', '<', after!.at), eb('p.chat_id', '<', after!.id)])),
    )
    .orderBy('p.last_message_at', 'desc')
    .orderBy('p.chat_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ chatId: r.chatId, other: r.other, lastMessageAt: num(r.at) }));
}

/** A page of history newest first: before/after a sequence, one row more than asked. */
export async function historyPage(
  db: Kysely<DB>,
  chatId: string,
  q: { before?: number; after?: number; limit: number },
): Promise<{ items: ChatMessage[]; more: { older: boolean; newer: boolean } }> {
  const c = chatDb(db);
  if (q.after !== undefined && q.before === undefined) {
    // Newer than `after`: read upwards from it (the oldest of them first), answered newest first.
    const rows = await c
      .selectFrom('chat_messages')
      .selectAll()
      .where('chat_id', '=', chatId)
      .where('sequence', '>', q.after)
      .orderBy('sequence', 'asc')
      .limit(q.limit + 1)
      .execute();
    const items = rows.slice(0, q.limit).map((r) => messageView(r as ChatMessagesTable));
    return { items: items.reverse(), more: { newer: rows.length > q.limit, older: q.after > 0 } };
  }
  const rows = await c
    .selectFrom('chat_messages')
    .selectAll()
    .where('chat_id', '=', chatId)
    .$if(q.before !== undefined, (s) => s.where('sequence', '<', q.before!))
    .$if(q.after !== undefined, (s) => s.where('sequence', '>', q.after!))
    .orderBy('sequence', 'desc')
    .limit(q.limit + 1)
    .execute();
  const items = rows.slice(0, q.limit).map((r) => messageView(r as ChatMessagesTable));
  const newest = items[0]?.sequence;
  const newer =
    q.before !== undefined && newest !== undefined
      ? !!(await c.selectFrom('chat_messages').select('id').where('chat_id', '=', chatId).where('sequence', '>', newest).limit(1).executeTakeFirst())
      : false;
  return { items, more: { older: rows.length > q.limit, newer } };
}

export interface SendInput {
  chatId: Id;
  from: string;
  body: string;
  type: ChatMessageType;
  meta: Record<string, unknown>;
  clientId: string | null;
}

/**
 * Stores a message in the caller's transaction (see the file's comment): the message, and whether it
 * is new (false: a repeated clientId found the one stored before).
 */
export async function storeMessage(ctx: Pick<AppContext, 'engine'>, tx: DocumentTx, input: SendInput): Promise<{ message: ChatMessage; created: boolean }> {
  const raw = tx.raw as unknown as Kysely<DB>;
  const c = chatDb(raw);
  // The chat's row, locked on PostgreSQL (concurrent sends to it wait here): its allocator.
  const chat =
    ctx.engine === 'postgres'
      ? (await sql<{ last_sequence: number }>`select last_sequence from chats where id = ${input.chatId} for update`.execute(raw)).rows[0]
      : await c.selectFrom('chats').select('last_sequence').where('id', '=', input.chatId).executeTakeFirst();
  if (!chat) throw forbidden('this chat does not exist or is not yours');
  if (input.clientId) {
    const again = await c
      .selectFrom('chat_messages')
      .selectAll()
      .where('chat_id', '=', input.chatId)
      .where('from_account_id', '=', input.from)
      .where('client_id', '=', input.clientId)
      .executeTakeFirst();
    if (again) return { message: messageView(again as ChatMessagesTable), created: false };
  }
  const sequence = num(chat.last_sequence) + 1;
  const now = Date.now();
  if (ctx.engine === 'postgres') await sql`select pg_advisory_xact_lock(${MESSAGE_ID_LOCK})`.execute(raw);
  const row = await c
    .insertInto('chat_messages')
    .values({
      chat_id: input.chatId,
      sequence,
      from_account_id: input.from,
      type: input.type,
      body: input.body,
      meta: JSON.stringify(input.meta),
      created_at: now,
      edited_at: null,
      deleted_at: null,
      client_id: input.clientId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const id = String(row.id);
  await c.updateTable('chats').set({ last_sequence: sequence, last_message_id: id, last_message_at: now }).where('id', '=', input.chatId).execute();
  // Both participants' copy of the activity; her own message: she has read the chat up to it.
  await c
    .updateTable('chat_participants')
    .set((eb) => ({
      last_message_at: now,
      read_sequence: eb.case().when('account_id', '=', input.from).then(sequence).else(eb.ref('read_sequence')).end(),
    }))
    .where('chat_id', '=', input.chatId)
    .execute();
  return { message: messageView(row as ChatMessagesTable), created: true };
}

/** The member's message of this chat, or 403 (another's, or none: the same answer). */
export async function ownMessage(db: Kysely<DB>, chatId: string, messageId: string, accountId: string): Promise<ChatMessagesTable> {
  const row = /^\d{1,18}$/.test(messageId)
    ? await chatDb(db).selectFrom('chat_messages').selectAll().where('id', '=', messageId).where('chat_id', '=', chatId).executeTakeFirst()
    : undefined;
  if (!row || row.from_account_id !== accountId) throw forbidden('this message does not exist or is not yours');
  return row as ChatMessagesTable;
}

/** A message of this chat (any participant's), or 403. */
export async function messageOf(db: Kysely<DB>, chatId: string, messageId: string): Promise<ChatMessagesTable> {
  const row = /^\d{1,18}$/.test(messageId)
    ? await chatDb(db).selectFrom('chat_messages').selectAll().where('id', '=', messageId).where('chat_id', '=', chatId).executeTakeFirst()
    : undefined;
  if (!row) throw forbidden('this message does not exist or is not in this chat');
  return row as ChatMessagesTable;
}

/** Messages of every chat of the member with an id above `after`, oldest first, `limit` + 1 at most. */
export async function missedMessages(db: Kysely<DB>, accountId: string, after: number, limit: number): Promise<ChatMessage[]> {
  const rows = await chatDb(db)
    .selectFrom('chat_messages as m')
    .innerJoin('chat_participants as p', (j) => j.onRef('p.chat_id', '=', 'm.chat_id').on('p.account_id', '=', accountId))
    .selectAll('m')
    .where('m.id', '>', after as unknown as string)
    .orderBy('m.id', 'asc')
    .limit(limit + 1)
    .execute();
  return rows.map((r) => messageView(r as ChatMessagesTable));
}

export type { ChatDb };

/** A chat message by its global id (the abuse queue's reported item), whatever its chat; undefined when none. */
export async function chatMessageById(db: Kysely<DB>, messageId: string): Promise<ChatMessage | undefined> {
  if (!/^\d{1,18}$/.test(messageId)) return undefined;
  const row = await chatDb(db).selectFrom('chat_messages').selectAll().where('id', '=', messageId).executeTakeFirst();
  return row ? messageView(row as ChatMessagesTable) : undefined;
}

/** Chat messages by global id, for the abuse queue's rows (unknown ids left out). */
export async function chatMessagesById(db: Kysely<DB>, messageIds: readonly string[]): Promise<Map<string, ChatMessage>> {
  const ids = messageIds.filter((id) => /^\d{1,18}$/.test(id));
  if (!ids.length) return new Map();
  const rows = await chatDb(db).selectFrom('chat_messages').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [String(r.id), messageView(r as ChatMessagesTable)]));
}
