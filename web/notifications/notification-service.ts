/** The notification calls of the member app (schemas/model/api/notifications.ts), quiet: lists say their own errors. */
import type { NotificationType } from '../../engine/core/notifications';
import { setNotificationCounts, type NotificationService } from '../../engine/react/notification-state';
import type { NotificationCountResponse, NotificationPageResponse, NotificationReadResponse } from '../../schemas/model/api/notifications';
import { canAdminister, type PermissionHolder } from '../../engine/core/permissions';
import type { ApiClient } from '../api/client';

const BASE = 'profile/notifications';

/** Chat and system for every member; admin notifications for those with showAdminNotifications. */
export const readableNotificationTypes = (user: PermissionHolder | undefined): NotificationType[] =>
  canAdminister(user, 'showAdminNotifications') ? ['chat', 'system', 'admin'] : ['chat', 'system'];

export function createNotificationService(api: ApiClient, readable: readonly NotificationType[] = ['chat', 'system']): NotificationService {
  return {
    readable,
    list: (type, { cursor, limit }) =>
      api.get<NotificationPageResponse>(`${BASE}/${type}/0`, { query: { limit: String(limit), ...(cursor ? { cursor } : {}) }, quiet: true }),
    seen: (type) => api.post<NotificationCountResponse>(`${BASE}/seen/${type}`, {}, { quiet: true }),
    read: (ids) => api.post<NotificationReadResponse>(`${BASE}/read`, { notificationIds: ids }, { quiet: true }),
  };
}

/** Reads the badges again (after missed realtime events); a failure keeps the counts shown. */
export async function refreshNotificationCounts(
  store: Parameters<typeof setNotificationCounts>[0],
  api: ApiClient,
  types: readonly NotificationType[],
): Promise<void> {
  const answers = await Promise.all(types.map((type) => api.get<NotificationCountResponse>(`${BASE}/count/${type}`, { quiet: true }).catch(() => null)));
  const counts: Partial<Record<NotificationType, number>> = {};
  for (const a of answers) if (a) counts[a.type] = a.count;
  setNotificationCounts(store, counts);
}
