/**
 * `notify(ctx, event, recipients, data)`: the one way any domain notifies members (imported, never
 * called through HTTP). Small audiences are stored at once (one transaction, then realtime); lists
 * and audiences over FAN_OUT_THRESHOLD become a `broadcasts` row and a `notifications.fanOut` job,
 * so the caller's request answers before they are stored. An unknown event or typeId is ignored
 * with a warning (community §4, §8).
 */
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  isNotificationEvent,
  isNotificationTypeId,
  NOTIFICATION_EVENT_INFO,
  type NotificationEvent,
  type NotificationTypeId,
} from '../../engine/core/notifications';
import type { FollowedKind, NotificationData } from '../../schemas/model/api/notifications';
import type { AppContext } from '../context';
import { enqueue } from '../jobs';
import type { DB } from '../storage/database';
import { countAcceptedMembers } from '../lists/memberships';
import { announceNew } from './announce';
import { deliverBatch, type NotificationSpec } from './delivery';
import { FAN_OUT_JOB, MAX_EXCEPT, type FanOutAudience, type FanOutPayload } from './fan-out';
import { followersPage } from './followed-items';
import { notificationsDb } from './notification-rows';
import { eventLabel, type Channels } from './preferences';

/** `followersOf.except`: followers not told (the actor, who heard of it otherwise); at most MAX_EXCEPT. */
export type NotifyRecipients = { accounts: string[] } | { lists: string[] } | { followersOf: { kind: FollowedKind; id: string; except?: string[] } };

export interface NotifyData {
  typeId?: number;
  targetId?: string;
  title?: string;
  message: string;
  messageKey?: string;
  params?: Record<string, unknown>;
  data?: NotificationData;
  fromAccountId?: string;
  email?: { params?: Record<string, unknown> };
  /** Channels the sender asks for (each recipient's preferences still apply); all when absent. */
  channels?: Channels;
  /** Idempotency: a second notify() with the same key stores nobody twice. */
  key?: string;
}

export interface NotifyResult {
  queued: boolean;
  recipients: number;
}

/** Audiences above this many accounts are stored by a job, not in the caller's request. */
export const FAN_OUT_THRESHOLD = 200;

const ALL_CHANNELS: Channels = { inApp: true, email: true };

/** The batch's spec, or a reason to ignore the call. */
export function notificationSpec(
  event: string,
  data: NotifyData,
  batchId: string,
  date: number,
  channels: Channels = ALL_CHANNELS,
): NotificationSpec | { ignored: string } {
  if (!isNotificationEvent(event)) return { ignored: `unknown notification event "${String(event).slice(0, 80)}"` };
  const info = NOTIFICATION_EVENT_INFO[event];
  const typeId = data.typeId ?? info.typeId;
  if (!isNotificationTypeId(typeId)) return { ignored: `unknown notification typeId ${JSON.stringify(data.typeId)} for event "${event}"` };
  const fromAccountId = data.fromAccountId ?? data.data?.fromAccountId ?? null;
  return {
    batchId,
    event,
    typeId: typeId as NotificationTypeId,
    type: info.type,
    targetId: data.targetId ?? null,
    title: (data.title ?? eventLabel(event)).slice(0, 300),
    message: String(data.message ?? ''),
    data: { ...data.data, ...(fromAccountId ? { fromAccountId } : {}) },
    ...(data.messageKey || data.params ? { i18n: { messageKey: data.messageKey, params: data.params } } : {}),
    fromAccountId,
    date,
    channels,
    emailParams: data.email?.params,
  };
}

/** Notifies the recipients of an event (see the file's comment). */
export async function notify(ctx: AppContext, event: NotificationEvent | string, recipients: NotifyRecipients, data: NotifyData): Promise<NotifyResult> {
  const batchId = data.key ? `key:${data.key}`.slice(0, 120) : crypto.randomUUID();
  const spec = notificationSpec(event, data, batchId, Date.now(), data.channels);
  if ('ignored' in spec) {
    ctx.log(new Error(`notify() ignored: ${spec.ignored}`));
    return { queued: false, recipients: 0 };
  }
  const db = ctx.store.kysely;
  let accounts: string[];
  if ('lists' in recipients) {
    const lists = [...new Set(recipients.lists)];
    return fanOut(ctx, spec, { lists }, await countAcceptedMembers(db, lists), 'notify', null);
  } else if ('followersOf' in recipients) {
    const { kind, id } = recipients.followersOf;
    const except = (recipients.followersOf.except ?? []).slice(0, MAX_EXCEPT);
    accounts = await followersPage(db, kind, id, null, FAN_OUT_THRESHOLD + 1);
    if (accounts.length > FAN_OUT_THRESHOLD)
      return fanOut(ctx, spec, { followersOf: { kind, id, except } }, await countFollowers(ctx, kind, id), 'notify', null);
    accounts = accounts.filter((a) => !except.includes(a));
  } else {
    accounts = [...new Set(recipients.accounts.filter((a) => typeof a === 'string' && a))];
    if (accounts.length > FAN_OUT_THRESHOLD) return fanOut(ctx, spec, { accounts: accounts.sort() }, accounts.length, 'notify', null);
  }
  if (!accounts.length) return { queued: false, recipients: 0 };
  const delivered = await deliverBatch(ctx, spec, accounts);
  await announceNew(ctx, delivered.stored);
  return { queued: false, recipients: accounts.length };
}

async function countFollowers(ctx: AppContext, kind: FollowedKind, id: string): Promise<number> {
  const row = await notificationsDb(ctx.store.kysely)
    .selectFrom('followed_items')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', '=', kind)
    .where('target_id', '=', id)
    .where('muted', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A fan-out: its row (what to send, to whom, how far it got) and its job, in one transaction, so
 * the job exists exactly when the row does. `kind` broadcast rows are the admins' history.
 */
export async function fanOut(
  ctx: AppContext,
  spec: NotificationSpec,
  audience: FanOutAudience,
  recipients: number,
  kind: 'broadcast' | 'notify',
  by: string | null,
  alsoInTx?: (tx: Transaction<DB>) => Promise<void>,
): Promise<NotifyResult> {
  const id = spec.batchId.startsWith('key:') ? `fan-${crypto.createHash('sha256').update(spec.batchId).digest('hex').slice(0, 32)}` : spec.batchId;
  await ctx.store.kysely.transaction().execute(async (tx) => {
    const n = notificationsDb(tx as unknown as typeof ctx.store.kysely);
    const exists = await n.selectFrom('broadcasts').select('id').where('id', '=', id).executeTakeFirst();
    if (exists) return; // the same key sent again: that fan-out is the one
    await n
      .insertInto('broadcasts')
      .values({
        id,
        kind,
        event: spec.event,
        title: spec.title,
        message: spec.message,
        payload: JSON.stringify({
          typeId: spec.typeId,
          targetId: spec.targetId,
          data: spec.data,
          i18n: spec.i18n,
          fromAccountId: spec.fromAccountId,
          emailParams: spec.emailParams,
        }),
        audience: JSON.stringify(audience),
        channels: JSON.stringify(spec.channels),
        recipients,
        emails_queued: 0,
        state: 'sending',
        cursor: null,
        by_account: by,
        date: spec.date,
        finished_at: null,
      })
      .execute();
    await enqueue(ctx, FAN_OUT_JOB, { fanOutId: id } satisfies FanOutPayload, { tx, key: `fanOut:${id}` });
    await alsoInTx?.(tx);
  });
  return { queued: true, recipients };
}
