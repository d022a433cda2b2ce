/**
 * Notification rules shared by the server (server/notifications, server/email), the member app's
 * bell and centre and the admin screens (community §3 Notification, §4, core §9). Pure: no I/O.
 */

/** Community §4 "Notification event names": the events a domain may `notify()`. */
export const NOTIFICATION_EVENTS = [
  'entityCreated',
  'entityUpdated',
  'entityDeleted',
  'newMessage',
  'newConnectionRequest',
  'connectionRequestAccepted',
  'connectionRequestRejected',
  'connectionRequestCompleted',
  'connectionRequestArranged',
  'appliedOnMembership',
  'acceptedOnMembership',
  'rejectedOnMembership',
  'returnedOnMembership',
  'completedOnMembership',
  'bannedOnMembership',
  'withdrawnOnMembership',
  'newCommentReply',
  'broadcastNotificationToList',
  'mention',
  'newDiscussion',
  'newUserCreatedEntity',
  'newApplication',
  'abuseReported',
  // Beyond the spec's list: a moderator hid or deleted the member's post or comment (issue 32).
  'contentModerated',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

const EVENT_SET: ReadonlySet<string> = new Set(NOTIFICATION_EVENTS);
/** True for a known event name only (an own list, so `__proto__` or `constructor` is never one). */
export const isNotificationEvent = (name: unknown): name is NotificationEvent => typeof name === 'string' && EVENT_SET.has(name);

/** Where a notification shows: the chat icon, the system bell, or the admin's notifications. */
export const NOTIFICATION_TYPES = ['chat', 'system', 'admin'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const isNotificationType = (t: unknown): t is NotificationType => t === 'chat' || t === 'system' || t === 'admin';

/** Community §3 "Notification payload types" (typeId). */
export const NOTIFICATION_TYPE_IDS = {
  EntityApplication: 2,
  AdminNotification: 3,
  EntityNotification: 4,
  Mention: 5,
  NewDiscussion: 6,
  NewCommentReply: 7,
  ReportAbuse: 8,
  UserCommunicationAction: 9,
  Connection: 10,
  Order: 14,
  UserAsset: 15,
  EntityNotificationStatus: 16,
} as const;
export type NotificationTypeId = (typeof NOTIFICATION_TYPE_IDS)[keyof typeof NOTIFICATION_TYPE_IDS];
const TYPE_ID_SET: ReadonlySet<number> = new Set(Object.values(NOTIFICATION_TYPE_IDS));
/** Community §4/§8: an unknown typeId is ignored (and logged by the caller), never shown. */
export const isNotificationTypeId = (id: unknown): id is NotificationTypeId => typeof id === 'number' && TYPE_ID_SET.has(id);

/** The channels a preference switches per event. */
export const NOTIFICATION_CHANNELS = ['inApp', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Each event's place: its payload typeId, the notification type it lands in, whether it is an
 * admin event (preferences under adminPreferences; shown to admins with showAdminNotifications),
 * and which channels are on when a member never chose.
 */
export interface NotificationEventInfo {
  typeId: NotificationTypeId;
  type: NotificationType;
  admin: boolean;
  defaults: Readonly<Record<NotificationChannel, boolean>>;
  /** The group the settings page lists it under. */
  group: 'membership' | 'connections' | 'chat' | 'posts' | 'entities' | 'broadcasts' | 'moderation';
}

const on = { inApp: true, email: true } as const;
const inAppOnly = { inApp: true, email: false } as const;
const T = NOTIFICATION_TYPE_IDS;

export const NOTIFICATION_EVENT_INFO: Readonly<Record<NotificationEvent, NotificationEventInfo>> = {
  entityCreated: { typeId: T.EntityNotification, type: 'system', admin: false, defaults: inAppOnly, group: 'entities' },
  entityUpdated: { typeId: T.EntityNotification, type: 'system', admin: false, defaults: inAppOnly, group: 'entities' },
  entityDeleted: { typeId: T.EntityNotificationStatus, type: 'system', admin: false, defaults: inAppOnly, group: 'entities' },
  newMessage: { typeId: T.UserCommunicationAction, type: 'chat', admin: false, defaults: on, group: 'chat' },
  newConnectionRequest: { typeId: T.Connection, type: 'system', admin: false, defaults: on, group: 'connections' },
  connectionRequestAccepted: { typeId: T.Connection, type: 'system', admin: false, defaults: on, group: 'connections' },
  connectionRequestRejected: { typeId: T.Connection, type: 'system', admin: false, defaults: on, group: 'connections' },
  connectionRequestCompleted: { typeId: T.Connection, type: 'system', admin: false, defaults: inAppOnly, group: 'connections' },
  connectionRequestArranged: { typeId: T.Connection, type: 'system', admin: false, defaults: on, group: 'connections' },
  appliedOnMembership: { typeId: T.EntityApplication, type: 'system', admin: false, defaults: on, group: 'membership' },
  acceptedOnMembership: { typeId: T.EntityApplication, type: 'system', admin: false, defaults: on, group: 'membership' },
  rejectedOnMembership: { typeId: T.EntityApplication, type: 'system', admin: false, defaults: on, group: 'membership' },
  returnedOnMembership: { typeId: T.EntityApplication, type: 'system', admin: false, defaults: on, group: 'membership' },
  completedOnMembership: { typeId: T.EntityApplication, type: 'system', admin: false, defaults: inAppOnly, group: 'membership' },
  bannedOnMembership: { typeId: T.EntityApplication, type: 'system', admin: false, defaults: on, group: 'membership' },
  withdrawnOnMembership: { typeId: T.EntityApplication, type: 'system', admin: false, defaults: inAppOnly, group: 'membership' },
  newCommentReply: { typeId: T.NewCommentReply, type: 'system', admin: false, defaults: inAppOnly, group: 'posts' },
  broadcastNotificationToList: { typeId: T.AdminNotification, type: 'system', admin: false, defaults: on, group: 'broadcasts' },
  mention: { typeId: T.Mention, type: 'system', admin: false, defaults: on, group: 'posts' },
  newDiscussion: { typeId: T.NewDiscussion, type: 'system', admin: false, defaults: inAppOnly, group: 'posts' },
  newUserCreatedEntity: { typeId: T.AdminNotification, type: 'admin', admin: true, defaults: inAppOnly, group: 'entities' },
  newApplication: { typeId: T.AdminNotification, type: 'admin', admin: true, defaults: on, group: 'membership' },
  abuseReported: { typeId: T.ReportAbuse, type: 'admin', admin: true, defaults: on, group: 'moderation' },
  contentModerated: { typeId: T.ReportAbuse, type: 'system', admin: false, defaults: on, group: 'moderation' },
};

// The badge rule lives in its own module so the header's first chunk need not carry the event tables.
export { NOTIFICATION_BADGE_MAX, badgeLabel } from './notification-badge';

/** Core §9: the notification centre shows this many of each kind (chat, system) before "show all". */
export const NOTIFICATION_CENTER_SPLIT = 20;

/** A page of notifications (list calls' default and cap). */
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_MAX = 100;

/** What a notification's link needs from its data. */
export interface NotificationLinkData {
  type: NotificationType;
  targetId: string | null;
  data: { url?: string; entityId?: string; chatId?: string };
}

/** A same-origin app path: one leading slash, no scheme, no protocol-relative `//`, no backslash. */
export const isAppPath = (url: unknown): url is string => typeof url === 'string' && url.length <= 2048 && /^\/(?![/\\])/.test(url) && !/[\\\s]/.test(url);

/**
 * Where clicking a notification goes (core §2.6: chat notifications go to the chat route with
 * their targetId). An explicit app path wins (a post's or a list's page: the notifying domain knows
 * it); then chat, then the entity's space; null when none.
 */
export function notificationLink(n: NotificationLinkData): string | null {
  if (isAppPath(n.data.url)) return n.data.url;
  if (n.type === 'chat') {
    const chat = n.data.chatId ?? n.targetId;
    return chat ? `/chat/${encodeURIComponent(chat)}` : '/chat/';
  }
  if (n.data.entityId) return `/space/${encodeURIComponent(n.data.entityId)}`;
  return null;
}
