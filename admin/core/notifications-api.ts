/**
 * The admin's calls of notifications and email (schemas/model/api/notifications.ts, email.ts): the
 * admin's own admin notifications and preferences, broadcasts with their recipient preview, the
 * notification history and the email outbox. Failures reject with the server's `{ error, message }`;
 * a refused preference update keeps the preferences the server sent with its refusal, if any.
 */
import type { NotificationChannel } from '../../engine/core/notifications';
import type { EmailOutboxMessage, EmailOutboxResponse, EmailState } from '../../schemas/model/api/email';
import type {
  BroadcastRequest,
  BroadcastResponse,
  NotificationCountResponse,
  NotificationHistoryResponse,
  NotificationPageResponse,
  NotificationPreference,
  NotificationPreferencesResponse,
  NotificationReadResponse,
} from '../../schemas/model/api/notifications';
import type { AdminApiError, UserListSummary } from './api';
import { toAdminApiError, type AdminRequest, type HttpMethod } from './http-api';

/** One page of the admin's list, of the history and of the outbox. */
export const ADMIN_NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationsApiError extends AdminApiError {
  /** What the server holds now, when it sent it with a refused preference update (community §8). */
  preferences?: NotificationPreference[];
}

/** The preferences a refusal carried (in its body, or an ofetch error's `data`). */
function preferencesOf(error: unknown): NotificationPreference[] | undefined {
  for (const body of [error, (error as { data?: unknown } | null)?.data]) {
    const preferences = (body as { preferences?: unknown } | null | undefined)?.preferences;
    if (Array.isArray(preferences)) return preferences as NotificationPreference[];
  }
  return undefined;
}

const enc = encodeURIComponent;

export function createNotificationsApi(request: AdminRequest) {
  const call = async <T>(method: HttpMethod, path: string, body?: unknown): Promise<T> => {
    try {
      return await request<T>(method, path, body);
    } catch (error) {
      const preferences = preferencesOf(error);
      throw { ...toAdminApiError(error), ...(preferences ? { preferences } : {}) } satisfies NotificationsApiError;
    }
  };
  const query = (entries: Record<string, string | number | undefined>) => {
    const q = new URLSearchParams();
    for (const [key, value] of Object.entries(entries)) if (value !== undefined && value !== '') q.set(key, String(value));
    return q.toString();
  };
  return {
    /** GET profile/notifications/admin/{page}: page `page` (0 first), `cursor` from the previous page's `next`. */
    adminNotifications: (page: number, cursor?: string): Promise<NotificationPageResponse> =>
      call('GET', `profile/notifications/admin/${page}?${query({ cursor, limit: ADMIN_NOTIFICATIONS_PAGE_SIZE })}`),
    /** POST profile/notifications/seen/admin: every unseen admin notification seen (the badge clears). */
    seenAdmin: (): Promise<NotificationCountResponse> => call('POST', 'profile/notifications/seen/admin'),
    read: (notificationIds: string[]): Promise<NotificationReadResponse> => call('POST', 'profile/notifications/read', { notificationIds }),
    adminPreferences: (): Promise<NotificationPreferencesResponse> => call('GET', 'profile/notifications/adminPreferences'),
    /** One admin event's channel on or off; answers every admin preference as the server now holds them. */
    updateAdminPreference: (event: string, channel: NotificationChannel, active: boolean): Promise<NotificationPreferencesResponse> =>
      call('POST', 'profile/notifications/updateUserPreferences', { event, type: channel, active, admin: true, preferenceType: 'event' }),
    userLists: (): Promise<UserListSummary[]> => call('GET', 'userLists'),
    broadcastPreview: (lists: string[]): Promise<{ recipients: number }> => call('POST', 'admin/broadcasts/preview', { lists }),
    broadcast: (broadcast: BroadcastRequest): Promise<BroadcastResponse> => call('POST', 'admin/broadcasts', broadcast),
    history: (cursor?: string): Promise<NotificationHistoryResponse> => call('GET', `profile/notifications/notificationHistory?${query({ cursor })}`),
    outbox: (options: { state?: EmailState; cursor?: string } = {}): Promise<EmailOutboxResponse> =>
      call('GET', `admin/email/outbox?${query({ state: options.state, cursor: options.cursor })}`),
    outboxMessage: (id: string): Promise<EmailOutboxMessage> => call('GET', `admin/email/outbox/${enc(id)}`),
  };
}

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;

/** The message of whatever a call rejected with. */
export const messageOf = (error: unknown): string => toAdminApiError(error).message;
