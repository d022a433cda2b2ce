/**
 * Reading and marking a member's notifications (`notifications` rows): the unseen count per type,
 * pages newest first by keyset cursor, seen and read. Rows are read tolerantly: one whose event,
 * type or typeId is unknown is left out (community §4: an unknown type is ignored), unreadable data
 * reads as none.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { isNotificationEvent, isNotificationType, isNotificationTypeId, notificationLink, type NotificationType } from '../../engine/core/notifications';
import { profilePublicName } from '../../engine/core/profile-privacy';
import { AVATAR_FIELD } from '../../engine/core/files';
import type { Profile } from '../../schemas/model';
import type { NotificationData, NotificationItem } from '../../schemas/model/api/notifications';
import type { AppContext } from '../context';
import type { DB } from '../storage/database';
import type { NotificationsTable, NotificationsTables } from './notifications-table';

export const notificationsDb = (db: Kysely<DB>) => db.withTables<NotificationsTables>();

type Eb = ExpressionBuilder<NotificationsTables, 'notifications'>;

const DATA_KEYS = ['userListId', 'entityId', 'parentId', 'postId', 'chatId', 'fromAccountId', 'url', 'broadcastId'] as const;

/** Stored data as NotificationData: known string keys only, anything else (or unreadable JSON) dropped. */
export function readNotificationData(text: string): NotificationData {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: NotificationData = {};
  for (const key of DATA_KEYS) {
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.length <= 2048) out[key] = value;
  }
  return out;
}

export interface Sender {
  id: string;
  name: string;
  avatar: string | null;
}

/** Senders by account id: the public name and avatar file id of their profiles. */
export async function sendersOf(ctx: AppContext, ids: Iterable<string>): Promise<Map<string, Sender>> {
  const wanted = [...new Set(ids)];
  const out = new Map<string, Sender>();
  if (!wanted.length) return out;
  const profiles = new Map((await ctx.store.getMany<Profile>('profile', wanted)).map((d) => [d.id, d.data]));
  for (const id of wanted) {
    const values = profiles.get(id)?.data?.profile;
    const avatar = values?.[AVATAR_FIELD];
    out.set(id, { id, name: profilePublicName(values, id), avatar: typeof avatar === 'string' ? avatar : null });
  }
  return out;
}

/** A stored row as the member reads it, or undefined when its event, type or typeId is unknown. */
export function readNotificationRow(row: NotificationsTable, senders: ReadonlyMap<string, Sender>): NotificationItem | undefined {
  const typeId = Number(row.type_id);
  if (!isNotificationEvent(row.event) || !isNotificationType(row.type) || !isNotificationTypeId(typeId)) return undefined;
  const data = readNotificationData(row.data);
  const targetId = row.target_id ?? null;
  const from = row.from_account_id ? (senders.get(row.from_account_id) ?? null) : null;
  return {
    id: row.id,
    typeId,
    event: row.event,
    type: row.type,
    targetId,
    seen: Number(row.seen) === 1,
    read: Number(row.read) === 1,
    date: Number(row.date),
    title: row.title,
    message: row.message,
    fromAccountId: row.from_account_id ?? null,
    from,
    data,
    link: notificationLink({ type: row.type, targetId, data }),
  };
}

/** Rows as items (unknown ones left out), their senders read once. */
export async function readNotificationRows(ctx: AppContext, rows: readonly NotificationsTable[]): Promise<NotificationItem[]> {
  const senders = await sendersOf(
    ctx,
    rows.flatMap((r) => (r.from_account_id ? [r.from_account_id] : [])),
  );
  return rows.map((r) => readNotificationRow(r, senders)).filter((n): n is NotificationItem => n !== undefined);
}

/** Leaves out chat notifications dated before their chat's hidden timestamp (chat-hidden.ts), in SQL. */
function notHidden(eb: Eb, hidden: ReadonlyMap<string, number>) {
  return eb.and([...hidden].map(([chatId, at]) => eb.not(eb.and([eb('chat_id', '=', chatId), eb('date', '<', at)]))));
}

/** Unseen notifications of a type (the badge). Reads the partial index of unseen rows only. */
export async function unseenCount(db: Kysely<DB>, recipient: string, type: NotificationType, hidden: ReadonlyMap<string, number> = new Map()): Promise<number> {
  const row = await notificationsDb(db)
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('recipient', '=', recipient)
    .where('type', '=', type)
    // A literal, so both engines see the partial index's own predicate.
    .where(sql<boolean>`seen = 0`)
    .$if(type === 'chat' && hidden.size > 0, (q) => q.where((eb) => notHidden(eb, hidden)))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface PageQuery {
  recipient: string;
  type: NotificationType;
  limit: number;
  /** Keyset: strictly older than this (date, id). */
  after?: { date: number; id: string };
  /** Without a cursor: rows skipped. */
  offset?: number;
  hidden?: ReadonlyMap<string, number>;
}

/** A page newest first, one row more than asked (so the caller knows whether a next page exists). */
export async function notificationPage(db: Kysely<DB>, q: PageQuery): Promise<NotificationsTable[]> {
  const hidden = q.hidden ?? new Map();
  return (
    notificationsDb(db)
      .selectFrom('notifications')
      .selectAll()
      .where('recipient', '=', q.recipient)
      .where('type', '=', q.type)
      // `date <=` on its own: both engines seek the index there, however deep the cursor's page.
      .$if(!!q.after, (s) => s.where('date', '<=', q.after!.date).where((eb) => eb.or([eb('date', '<', q.after!.date), eb('id', '<', q.after!.id)])))
      .$if(q.type === 'chat' && hidden.size > 0, (s) => s.where((eb) => notHidden(eb, hidden)))
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .limit(q.limit + 1)
      .$if(!q.after && !!q.offset, (s) => s.offset(q.offset!))
      .execute()
  );
}

/** Marks every unseen notification of a type seen; answers how many changed. */
export async function markSeen(db: Kysely<DB>, recipient: string, type: NotificationType): Promise<number> {
  const result = await notificationsDb(db)
    .updateTable('notifications')
    .set({ seen: 1 })
    .where('recipient', '=', recipient)
    .where('type', '=', type)
    .where(sql<boolean>`seen = 0`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Marks these of the recipient's notifications read (and seen: what was opened was seen). Ids
 * of someone else's notifications are left as they are and never named back.
 * Answers the recipient's own ids among them and the types they belong to.
 */
export async function markRead(db: Kysely<DB>, recipient: string, ids: readonly string[]): Promise<{ ids: string[]; types: NotificationType[] }> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return { ids: [], types: [] };
  const own = await notificationsDb(db)
    .selectFrom('notifications')
    .select(['id', 'type'])
    .where('recipient', '=', recipient)
    .where('id', 'in', wanted)
    .execute();
  if (!own.length) return { ids: [], types: [] };
  await notificationsDb(db)
    .updateTable('notifications')
    .set({ read: 1, seen: 1 })
    .where('recipient', '=', recipient)
    .where(
      'id',
      'in',
      own.map((r) => r.id),
    )
    .execute();
  return { ids: own.map((r) => r.id), types: [...new Set(own.map((r) => r.type).filter(isNotificationType))] };
}

/** Marks the recipient's unread notifications of one chat read and seen (she read the chat); answers their ids. */
export async function markChatRead(db: Kysely<DB>, recipient: string, chatId: string): Promise<string[]> {
  const n = notificationsDb(db);
  const rows = await n
    .selectFrom('notifications')
    .select('id')
    .where('recipient', '=', recipient)
    .where('chat_id', '=', chatId)
    .where('read', '=', 0)
    .limit(1000)
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length) await n.updateTable('notifications').set({ read: 1, seen: 1 }).where('recipient', '=', recipient).where('id', 'in', ids).execute();
  return ids;
}
