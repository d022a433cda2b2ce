/**
 * Storing one batch of a notification for its recipients, in one transaction: each recipient's
 * preferences per channel decide what they get (in-app row, email); an admin notification replaces
 * the recipient's unread one of the same list and entity (community §4); a row that exists already
 * for this batch and recipient is kept (unique (batch_id, recipient)), so a batch run again after a
 * crash stores nobody twice, and its emails carry the same idempotency keys.
 */
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { NotificationEvent, NotificationType, NotificationTypeId } from '../../engine/core/notifications';
import { notificationLink } from '../../engine/core/notifications';
import type { NotificationData, NotificationItem } from '../../schemas/model/api/notifications';
import type { AppContext } from '../context';
import type { DB } from '../storage/database';
import type { StoredNotification } from './announce';
import { queueNotificationEmail, siteName } from './notification-emails';
import type { NotificationsTable } from './notifications-table';
import { notificationsDb, sendersOf } from './notification-rows';
import { channelsFor, type Channels } from './preferences';

/** What every notification of one batch carries. */
export interface NotificationSpec {
  batchId: string;
  event: NotificationEvent;
  typeId: NotificationTypeId;
  type: NotificationType;
  targetId: string | null;
  title: string;
  message: string;
  data: NotificationData;
  /** Kept with the data for the client to translate (messageKey, params). */
  i18n?: { messageKey?: string; params?: Record<string, unknown> };
  fromAccountId: string | null;
  /** Epoch ms. */
  date: number;
  /** What the sender asked for; each recipient's preferences still apply. */
  channels: Channels;
  emailParams?: Record<string, unknown>;
}

export interface DeliveredBatch {
  stored: StoredNotification[];
  emails: number;
}

/** `<userListId>|<entityId>` of an admin notification naming either: what the replacement rule matches. */
export function replaceKeyOf(spec: Pick<NotificationSpec, 'type' | 'data'>): string | null {
  if (spec.type !== 'admin' || (!spec.data.userListId && !spec.data.entityId)) return null;
  return `${spec.data.userListId ?? ''}|${spec.data.entityId ?? ''}`;
}

export const chatIdOf = (spec: Pick<NotificationSpec, 'type' | 'data' | 'targetId'>): string | null =>
  spec.type === 'chat' ? (spec.data.chatId ?? spec.targetId ?? null) : null;

/**
 * Stores the batch for these recipients and queues their emails in one transaction; `alsoInTx`
 * runs in it too (a fan-out moves its cursor with the batch it stored). Answers what was stored now.
 */
export async function deliverBatch(
  ctx: AppContext,
  spec: NotificationSpec,
  recipients: readonly string[],
  alsoInTx?: (tx: Transaction<DB>, delivered: DeliveredBatch) => Promise<void>,
): Promise<DeliveredBatch> {
  const db = ctx.store.kysely;
  const channels = await channelsFor(db, recipients, spec.event);
  const inApp = recipients.filter((r) => spec.channels.inApp && channels.get(r)?.inApp);
  const byEmail = recipients.filter((r) => spec.channels.email && channels.get(r)?.email);
  // Everything read from the store is read before the transaction (SQLite has one connection).
  const people = await sendersOf(ctx, [...byEmail, ...(spec.fromAccountId ? [spec.fromAccountId] : [])]);
  const from = spec.fromAccountId ? (people.get(spec.fromAccountId) ?? null) : null;
  const site = byEmail.length ? await siteName(ctx) : '';
  const link = notificationLink({ type: spec.type, targetId: spec.targetId, data: spec.data });
  const replaceKey = replaceKeyOf(spec);
  const dataText = JSON.stringify({ ...spec.data, ...spec.i18n });
  const rows: NotificationsTable[] = inApp.map((recipient) => ({
    id: crypto.randomUUID(),
    recipient,
    event: spec.event,
    type_id: spec.typeId,
    type: spec.type,
    target_id: spec.targetId,
    chat_id: chatIdOf(spec),
    replace_key: replaceKey,
    data: dataText,
    from_account_id: spec.fromAccountId,
    title: spec.title,
    message: spec.message,
    seen: 0,
    read: 0,
    date: spec.date,
    batch_id: spec.batchId,
  }));

  return db.transaction().execute(async (tx) => {
    const n = notificationsDb(tx as unknown as typeof db);
    const replaced = new Map<string, string>();
    if (replaceKey && rows.length) {
      const old = await n
        .selectFrom('notifications')
        .select(['id', 'recipient'])
        .where('recipient', 'in', inApp)
        .where('replace_key', '=', replaceKey)
        .where('read', '=', 0)
        .where('batch_id', '<>', spec.batchId)
        .execute();
      if (old.length) {
        await n
          .deleteFrom('notifications')
          .where(
            'id',
            'in',
            old.map((o) => o.id),
          )
          .execute();
        for (const o of old) if (!replaced.has(o.recipient)) replaced.set(o.recipient, o.id);
      }
    }
    const inserted = new Set<string>();
    for (let i = 0; i < rows.length; i += 250) {
      const done = await n
        .insertInto('notifications')
        .values(rows.slice(i, i + 250))
        .onConflict((oc) => oc.columns(['batch_id', 'recipient']).doNothing())
        .returning('id')
        .execute();
      for (const r of done) inserted.add(r.id);
    }
    for (const recipient of byEmail)
      await queueNotificationEmail(
        ctx,
        {
          batchId: spec.batchId,
          event: spec.event,
          recipient,
          recipientName: people.get(recipient)?.name ?? recipient,
          title: spec.title,
          message: spec.message,
          link,
          fromName: from?.name ?? '',
          siteName: site,
          params: spec.emailParams,
        },
        tx,
      );
    const stored = rows
      .filter((r) => inserted.has(r.id))
      .map((r): StoredNotification => {
        const item: NotificationItem = {
          id: r.id,
          typeId: spec.typeId,
          event: spec.event,
          type: spec.type,
          targetId: spec.targetId,
          seen: false,
          read: false,
          date: spec.date,
          title: spec.title,
          message: spec.message,
          fromAccountId: spec.fromAccountId,
          from,
          data: spec.data,
          link,
          ...(replaced.has(r.recipient) ? { replaces: replaced.get(r.recipient) } : {}),
        };
        return { recipient: r.recipient, item };
      });
    const delivered = { stored, emails: byEmail.length };
    await alsoInTx?.(tx, delivered);
    return delivered;
  });
}
