/**
 * Notification calls (community §7 "Notifications", §2 admin notifications, broadcasts,
 * notificationHistory) and the realtime events they send (core §7.6). The rules (events, types,
 * typeIds, badge, links) are engine/core/notifications.ts.
 *
 * Member calls, all for the signed-in member's own notifications only:
 * - GET  profile/notifications/count/{type}            -> NotificationCountResponse (unseen of that type)
 * - POST profile/notifications/seen/{type}             -> NotificationCountResponse (0; every unseen of the type marked seen)
 * - POST profile/notifications/read {notificationIds}  -> NotificationReadResponse
 * - GET  profile/notifications/{type}/{page}?cursor=&limit= -> NotificationPageResponse
 *        (newest first; `cursor` from the previous page's `next` is the fast path; page > 0
 *        without a cursor skips page*limit rows; admin type needs showAdminNotifications)
 * - GET  profile/notifications/userPreferences         -> NotificationPreferencesResponse (member events)
 * - GET  profile/notifications/adminPreferences        -> NotificationPreferencesResponse (admin events; showAdminNotifications)
 * - POST profile/notifications/updateUserPreferences   NotificationPreferenceUpdateRequest -> NotificationPreferencesResponse
 * - POST profile/notifications/getFollowedItems        FollowedItemsRequest -> FollowedItemsResponse
 * - GET  profile/notifications/notificationHistory?cursor= -> NotificationHistoryResponse (admin area notificationHistory)
 *
 * Admin calls (area `broadcasts`, permission broadcast on notifications):
 * - POST admin/broadcasts/preview BroadcastPreviewRequest -> BroadcastPreviewResponse
 * - POST admin/broadcasts          BroadcastRequest -> 202 BroadcastResponse (answers before fan-out)
 *
 * Realtime, to the recipient's `account:<id>` room only:
 * - `events:notification` NotificationItem (a new one; an admin notification that replaced an unread one carries `replaces`)
 * - `notifications:count` NotificationCountEvent (after new, seen, read: every open tab updates its badge)
 * - `notifications:read`  NotificationReadEvent (marked read in another tab)
 * - `notifications:itemsToSubscribeTo` FollowedItemsResponse['items'] (on connection: what the member follows)
 */
import type { NotificationChannel, NotificationEvent, NotificationType, NotificationTypeId } from '../../../engine/core/notifications';

/** What a notification points at (community §3: data holds userListId, entityId, parentId, postId, fromAccountId). */
export interface NotificationData {
  userListId?: string;
  entityId?: string;
  parentId?: string;
  postId?: string;
  chatId?: string;
  fromAccountId?: string;
  /** A same-origin app path the notification opens (engine/core isAppPath); wins over the others. */
  url?: string;
  /** Broadcast id, for a broadcast's notifications. */
  broadcastId?: string;
}

/** One notification as the member reads it (community §3 Notification). */
export interface NotificationItem {
  id: string;
  typeId: NotificationTypeId;
  event: NotificationEvent;
  type: NotificationType;
  targetId: string | null;
  seen: boolean;
  read: boolean;
  /** Epoch ms. */
  date: number;
  /** Short title in the recipient's language (a broadcast's title; "Maya sent you a message"). */
  title: string;
  /** Plain text body, in the recipient's language. */
  message: string;
  fromAccountId: string | null;
  /** The sender's display name and avatar file id, when there is a sender. */
  from: { id: string; name: string; avatar: string | null } | null;
  data: NotificationData;
  /** Where clicking it goes (engine/core notificationLink), or null. */
  link: string | null;
  /** For a replacing admin notification: the id of the unread one it replaced. */
  replaces?: string;
}

/** GET profile/notifications/count/{type}, POST seen/{type}. */
export interface NotificationCountResponse {
  type: NotificationType;
  /** Unseen notifications of the type (the badge). */
  count: number;
}

/** POST profile/notifications/read. @additionalProperties false */
export interface NotificationReadRequest {
  /**
   * @minItems 1
   * @maxItems 100
   */
  notificationIds: string[];
}
export interface NotificationReadResponse {
  /** The ids now read (of those asked, the caller's own; others are ignored, never told apart). */
  read: string[];
}

/** GET profile/notifications/{type}/{page}. */
export interface NotificationPageResponse {
  items: NotificationItem[];
  /** Pass as `cursor` for the next page; absent on the last. */
  next?: string;
}

/** One event's switches. */
export interface NotificationPreference {
  event: NotificationEvent;
  group: string;
  /** Label in the member's language. */
  label: string;
  channels: Record<NotificationChannel, boolean>;
}
export interface NotificationPreferencesResponse {
  preferences: NotificationPreference[];
}

/**
 * POST profile/notifications/updateUserPreferences (community §7): one switch.
 * preferenceType `event` (default) turns `type` (the channel) of `event` on or off (`admin` for an
 * admin event); `follow` and `mute` turn following or muting of `targetId` (extra.kind) on or off.
 * @additionalProperties false
 */
export interface NotificationPreferenceUpdateRequest {
  event?: string;
  active: boolean;
  /** The channel. */
  type?: NotificationChannel;
  admin?: boolean;
  preferenceType?: 'event' | 'follow' | 'mute';
  extra?: { kind?: FollowedKind };
  /** @maxLength 200 */
  targetId?: string;
}

export type FollowedKind = 'post' | 'list' | 'entity' | 'chat';
export interface FollowedItem {
  kind: FollowedKind;
  targetId: string;
  muted: boolean;
  /** Epoch ms. */
  since: number;
}
/** POST profile/notifications/getFollowedItems. @additionalProperties false */
export interface FollowedItemsRequest {
  muted?: boolean;
  filters?: { kind?: FollowedKind };
}
export interface FollowedItemsResponse {
  items: FollowedItem[];
}

/** One row of the notification history (admin area notificationHistory): a broadcast or an event sent to many. */
export interface NotificationHistoryEntry {
  id: string;
  event: NotificationEvent;
  title: string;
  message: string;
  /** The lists it went to (names as now), for a broadcast. */
  lists: { id: string; name: string }[];
  channels: Record<NotificationChannel, boolean>;
  /** Recipients resolved when it was sent. */
  recipients: number;
  /** In-app notifications stored so far. */
  stored: number;
  /** Of those, read (opened). */
  read: number;
  /** Emails queued and sent. */
  emailsQueued: number;
  emailsSent: number;
  state: 'sending' | 'sent' | 'failed';
  by: { id: string; name: string } | null;
  /** Epoch ms. */
  date: number;
}
export interface NotificationHistoryResponse {
  items: NotificationHistoryEntry[];
  next?: string;
}

/** POST admin/broadcasts/preview. @additionalProperties false */
export interface BroadcastPreviewRequest {
  /**
   * @minItems 1
   * @maxItems 50
   */
  lists: string[];
}
export interface BroadcastPreviewResponse {
  /** Distinct members of those lists now. */
  recipients: number;
}

/** POST admin/broadcasts. @additionalProperties false */
export interface BroadcastRequest {
  /**
   * @minItems 1
   * @maxItems 50
   */
  lists: string[];
  /**
   * @minLength 1
   * @maxLength 200
   */
  title: string;
  /**
   * @minLength 1
   * @maxLength 5000
   */
  message: string;
  /** An app path the notification opens (engine/core isAppPath). @maxLength 2048 */
  url?: string;
  channels: Record<NotificationChannel, boolean>;
}
/** 202: queued; the fan-out runs as jobs. */
export interface BroadcastResponse {
  id: string;
  recipients: number;
}

/** `notifications:count`. */
export type NotificationCountEvent = NotificationCountResponse;
/** `notifications:read`. */
export interface NotificationReadEvent {
  ids: string[];
}
