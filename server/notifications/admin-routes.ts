/**
 * The admins' notification calls: broadcasts to lists (area `broadcasts`: a preview of the
 * recipient count, then the broadcast itself, answered 202 once its history row and its fan-out job
 * are stored) and the notification history (area `notificationHistory`).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isAppPath, isNotificationEvent, NOTIFICATION_PAGE_SIZE } from '../../engine/core/notifications';
import { listsByIds } from '../lists';
import type {
  BroadcastPreviewRequest,
  BroadcastPreviewResponse,
  BroadcastRequest,
  BroadcastResponse,
  NotificationHistoryEntry,
  NotificationHistoryResponse,
} from '../../schemas/model/api/notifications';
import { requireAdminArea } from '../admin-area';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { countSentEmails } from '../email/sent-count';
import { countAcceptedMembers } from '../lists/memberships';
import { readAudience } from './fan-out';
import { emailKeyPrefix } from './notification-emails';
import { notificationsDb, sendersOf } from './notification-rows';
import { fanOut, notificationSpec } from './notify';
import { readSignedValue, signValue } from './signed-values';

const BROADCAST_EVENT = 'broadcastNotificationToList';

/** The lists, each of which must exist (a 400 names the first that does not). */
async function knownLists(ctx: AppContext, ids: readonly string[]): Promise<string[]> {
  const lists = [...new Set(ids)];
  const found = new Set((await listsByIds(ctx.store.kysely, lists)).map((l) => l.id));
  const missing = lists.find((id) => !found.has(id));
  if (missing !== undefined) throw badRequest(`unknown user list "${missing.slice(0, 200)}"`);
  return lists;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export function notificationAdminRoutes(api: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;

  api.post('/admin/broadcasts/preview', async (req): Promise<BroadcastPreviewResponse> => {
    await requireAdminArea(ctx, req, 'broadcasts');
    const body = v.body<BroadcastPreviewRequest>('broadcast-preview-request', req.body);
    return { recipients: await countAcceptedMembers(ctx.store.kysely, await knownLists(ctx, body.lists)) };
  });

  api.post('/admin/broadcasts', async (req, reply): Promise<BroadcastResponse> => {
    const user = await requireAdminArea(ctx, req, 'broadcasts');
    const body = v.body<BroadcastRequest>('broadcast-request', req.body);
    if (body.url !== undefined && body.url !== '' && !isAppPath(body.url)) throw badRequest('url must be a path of this app, starting with a single "/"');
    if (!body.channels.inApp && !body.channels.email) throw badRequest('channels: choose inApp, email or both');
    const lists = await knownLists(ctx, body.lists);
    const recipients = await countAcceptedMembers(ctx.store.kysely, lists);
    const id = `bc-${crypto.randomUUID()}`;
    const now = Date.now();
    const spec = notificationSpec(
      BROADCAST_EVENT,
      { title: body.title, message: body.message, data: { broadcastId: id, ...(body.url ? { url: body.url } : {}) } },
      id,
      now,
      { inApp: body.channels.inApp, email: body.channels.email },
    );
    if ('ignored' in spec) throw new Error(spec.ignored); // the event is ours: never happens
    const by = user.account.accountId;
    await fanOut(ctx, spec, { lists }, recipients, 'broadcast', by, async (tx) => {
      await tx
        .insertInto('audit_log')
        .values({
          account_id: by,
          log_type: 'broadcast',
          subject: id,
          action_time: String(now),
          extra: JSON.stringify({ lists, title: body.title, recipients, channels: body.channels }),
          saved_at: now,
        })
        .execute();
    });
    void reply.code(202);
    return { id, recipients };
  });

  api.get<{ Querystring: { cursor?: string } }>('/profile/notifications/notificationHistory', async (req): Promise<NotificationHistoryResponse> => {
    await requireAdminArea(ctx, req, 'notificationHistory');
    let after: { date: number; id: string } | undefined;
    if (req.query.cursor) {
      const value = readSignedValue(ctx, 'history cursor', req.query.cursor);
      if (!Array.isArray(value) || typeof value[0] !== 'number' || typeof value[1] !== 'string')
        throw badRequest('cursor is not one this server gave: pass the previous page\'s "next" as it was');
      after = { date: value[0], id: value[1] };
    }
    const n = notificationsDb(ctx.store.kysely);
    const limit = NOTIFICATION_PAGE_SIZE;
    const rows = await n
      .selectFrom('broadcasts')
      .selectAll()
      .$if(!!after, (q) => q.where('date', '<=', after!.date).where((eb) => eb.or([eb('date', '<', after!.date), eb('id', '<', after!.id)])))
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const shown = rows.slice(0, limit);
    const ids = shown.map((r) => r.id);
    const counts = new Map<string, { stored: number; read: number }>();
    if (ids.length)
      for (const c of await n
        .selectFrom('notifications')
        .select((eb) => ['batch_id', eb.fn.countAll<number | string>().as('stored'), eb.fn.sum<number | string>('read').as('read')])
        .where('batch_id', 'in', ids)
        .groupBy('batch_id')
        .execute())
        counts.set(c.batch_id, { stored: Number(c.stored), read: Number(c.read ?? 0) });
    const listIds = new Set(shown.flatMap((r) => readAudience(r.audience)).flatMap((a) => (a && 'lists' in a ? a.lists : [])));
    const listNames = new Map((await listsByIds(ctx.store.kysely, [...listIds])).map((l) => [l.id, l.label]));
    const senders = await sendersOf(
      ctx,
      shown.flatMap((r) => (r.by_account ? [r.by_account] : [])),
    );
    // Delivery is the email domain's: its outbox counts the sent ones of each batch by their key.
    const sent = new Map(await Promise.all(shown.map(async (r) => [r.id, await countSentEmails(ctx, emailKeyPrefix(r.id))] as const)));
    const items = shown.flatMap((r): NotificationHistoryEntry[] => {
      if (!isNotificationEvent(r.event)) return [];
      const audience = readAudience(r.audience);
      const channels = parseJson(r.channels) as { inApp?: unknown; email?: unknown } | undefined;
      const count = counts.get(r.id) ?? { stored: 0, read: 0 };
      const by = r.by_account ? senders.get(r.by_account) : undefined;
      return [
        {
          id: r.id,
          event: r.event,
          title: r.title,
          message: r.message,
          lists: audience && 'lists' in audience ? audience.lists.map((id) => ({ id, name: listNames.get(id) ?? id })) : [],
          channels: { inApp: channels?.inApp !== false, email: channels?.email !== false },
          recipients: Number(r.recipients),
          stored: count.stored,
          read: count.read,
          emailsQueued: Number(r.emails_queued),
          emailsSent: sent.get(r.id) ?? 0,
          state: r.state === 'sent' || r.state === 'failed' ? r.state : 'sending',
          by: by ? { id: by.id, name: by.name } : null,
          date: Number(r.date),
        },
      ];
    });
    const last = shown[shown.length - 1];
    return { items, ...(rows.length > limit && last ? { next: signValue(ctx, 'history cursor', [Number(last.date), last.id]) } : {}) };
  });
}
