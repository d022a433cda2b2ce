/**
 * The member's notification calls (community §7 "Notifications"; paths in
 * schemas/model/api/notifications.ts), each on the signed-in member's own notifications only:
 * ids of someone else's are ignored, never told apart. Admin notifications and admin preferences
 * need the administration permission showAdminNotifications.
 */
import type { FastifyInstance } from 'fastify';
import {
  isNotificationEvent,
  isNotificationType,
  NOTIFICATION_EVENT_INFO,
  NOTIFICATION_PAGE_MAX,
  NOTIFICATION_PAGE_SIZE,
  type NotificationType,
} from '../../engine/core/notifications';
import type {
  FollowedItemsRequest,
  FollowedItemsResponse,
  NotificationCountResponse,
  NotificationPageResponse,
  NotificationPreferencesResponse,
  NotificationPreferenceUpdateRequest,
  NotificationReadRequest,
  NotificationReadResponse,
} from '../../schemas/model/api/notifications';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden } from '../errors';
import { canAdminister } from '../permissions';
import { announceCount, announceRead, countOf } from './announce';
import { hiddenChatsOf } from './chat-hidden';
import { followedItemsOf, isFollowedKind, setFollowing, setMuted } from './followed-items';
import { markRead, markSeen, notificationPage, readNotificationRows } from './notification-rows';
import { eventLabelsFor } from './event-labels';
import { preferencesOf, setPreference } from './preferences';
import { readSignedValue, signValue } from './signed-values';

/** The permission that shows admin notifications and their preferences (community §6). */
export const SHOW_ADMIN_NOTIFICATIONS = 'showAdminNotifications';

export const mayReadAdminNotifications = (user: SignedInUser) => canAdminister(user, SHOW_ADMIN_NOTIFICATIONS);

/** Pages past this many are refused: a deep page is reached by cursor. */
const MAX_PAGE = 100_000;

function typeFor(user: SignedInUser, raw: unknown): NotificationType {
  if (!isNotificationType(raw)) throw badRequest(`unknown notification type "${String(raw).slice(0, 40)}": expected chat, system or admin`);
  if (raw === 'admin' && !mayReadAdminNotifications(user))
    throw forbidden(`admin notifications need the administration permission ${SHOW_ADMIN_NOTIFICATIONS}`);
  return raw;
}

function wholeNumber(raw: unknown, name: string, min: number, max: number, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw) || value < min || value > max) throw badRequest(`${name} must be a whole number from ${min} to ${max}`);
  return value;
}

function readCursor(ctx: AppContext, raw: unknown): { date: number; id: string } | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = readSignedValue(ctx, 'notification cursor', raw);
  if (!Array.isArray(value) || typeof value[0] !== 'number' || typeof value[1] !== 'string')
    throw badRequest('cursor is not one this server gave: pass the previous page\'s "next" as it was');
  return { date: value[0], id: value[1] };
}

export function notificationRoutes(api: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;
  const db = () => ctx.store.kysely;

  api.get<{ Params: { type: string } }>('/profile/notifications/count/:type', async (req): Promise<NotificationCountResponse> => {
    const user = await requireUser(ctx, req);
    const type = typeFor(user, req.params.type);
    return { type, count: await countOf(ctx, user.account.accountId, type) };
  });

  api.post<{ Params: { type: string } }>('/profile/notifications/seen/:type', async (req): Promise<NotificationCountResponse> => {
    const user = await requireUser(ctx, req);
    const type = typeFor(user, req.params.type);
    const me = user.account.accountId;
    if (await markSeen(db(), me, type)) await announceCount(ctx, me, type);
    return { type, count: await countOf(ctx, me, type) };
  });

  api.post('/profile/notifications/read', async (req): Promise<NotificationReadResponse> => {
    const user = await requireUser(ctx, req);
    const body = v.body<NotificationReadRequest>('notification-read-request', req.body);
    const me = user.account.accountId;
    const { ids, types } = await markRead(db(), me, body.notificationIds);
    await announceRead(ctx, me, ids, types);
    return { read: ids };
  });

  api.get('/profile/notifications/userPreferences', async (req): Promise<NotificationPreferencesResponse> => {
    const user = await requireUser(ctx, req);
    return { preferences: await preferencesOf(db(), user.account.accountId, false, await eventLabelsFor(ctx, user.account.accountId)) };
  });

  api.get('/profile/notifications/adminPreferences', async (req): Promise<NotificationPreferencesResponse> => {
    const user = await requireUser(ctx, req);
    if (!mayReadAdminNotifications(user)) throw forbidden(`admin preferences need the administration permission ${SHOW_ADMIN_NOTIFICATIONS}`);
    return { preferences: await preferencesOf(db(), user.account.accountId, true, await eventLabelsFor(ctx, user.account.accountId)) };
  });

  api.post('/profile/notifications/updateUserPreferences', async (req): Promise<NotificationPreferencesResponse> => {
    const user = await requireUser(ctx, req);
    const body = v.body<NotificationPreferenceUpdateRequest>('notification-preference-update-request', req.body);
    const me = user.account.accountId;
    const kind = body.preferenceType ?? 'event';
    if (kind === 'event') {
      if (body.event === undefined) throw badRequest('event is required: the notification event whose channel changes');
      if (!isNotificationEvent(body.event)) throw badRequest(`unknown notification event "${body.event.slice(0, 80)}"`);
      const info = NOTIFICATION_EVENT_INFO[body.event];
      if (info.admin && !mayReadAdminNotifications(user))
        throw forbidden(`"${body.event}" is an admin event: its preferences need the administration permission ${SHOW_ADMIN_NOTIFICATIONS}`);
      if (body.admin === true && !info.admin) throw badRequest(`"${body.event}" is not an admin event`);
      if (!body.type) throw badRequest('type is required: the channel to switch, inApp or email');
      await setPreference(db(), me, body.event, body.type, body.active);
      return { preferences: await preferencesOf(db(), me, info.admin, await eventLabelsFor(ctx, me)) };
    }
    if (!body.targetId) throw badRequest(`targetId is required to ${kind} an item`);
    const itemKind = body.extra?.kind;
    if (!isFollowedKind(itemKind)) throw badRequest(`extra.kind is required to ${kind} an item: post, list, entity or chat`);
    if (kind === 'follow') await setFollowing(db(), me, itemKind, body.targetId, body.active);
    else await setMuted(db(), me, itemKind, body.targetId, body.active);
    return { preferences: await preferencesOf(db(), me, false, await eventLabelsFor(ctx, me)) };
  });

  api.post('/profile/notifications/getFollowedItems', async (req): Promise<FollowedItemsResponse> => {
    const user = await requireUser(ctx, req);
    const body = v.body<FollowedItemsRequest>('followed-items-request', req.body ?? {});
    return { items: await followedItemsOf(db(), user.account.accountId, { muted: body.muted, kind: body.filters?.kind }) };
  });

  api.get<{ Params: { type: string; page: string }; Querystring: { cursor?: string; limit?: string } }>(
    '/profile/notifications/:type/:page',
    async (req): Promise<NotificationPageResponse> => {
      const user = await requireUser(ctx, req);
      const type = typeFor(user, req.params.type);
      const page = wholeNumber(req.params.page, 'page', 0, MAX_PAGE, 0);
      const limit = wholeNumber(req.query.limit, 'limit', 1, NOTIFICATION_PAGE_MAX, NOTIFICATION_PAGE_SIZE);
      const after = readCursor(ctx, req.query.cursor);
      const me = user.account.accountId;
      const rows = await notificationPage(db(), {
        recipient: me,
        type,
        limit,
        after,
        offset: page * limit,
        hidden: type === 'chat' ? await hiddenChatsOf(ctx, me) : undefined,
      });
      const shown = rows.slice(0, limit);
      const last = shown[shown.length - 1];
      return {
        items: await readNotificationRows(ctx, shown),
        ...(rows.length > limit && last ? { next: signValue(ctx, 'notification cursor', [Number(last.date), last.id]) } : {}),
      };
    },
  );
}
