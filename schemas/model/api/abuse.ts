/**
 * Abuse reports and the moderation queue (community §1, §2 admin reportAbuse and
 * `reportAbuse/:id/:bulkReports?`, §3 Abuse report, §4 abuseReported, §6 abuseReports, §7 "Email,
 * mappings, abuse"). Rules and limits: engine/core/abuse.ts. Paths under /api/v1.
 *
 * Members (signed in):
 * - POST reportAbuse  AbuseReportRequest -> 201 AbuseReport (a post, comment, profile or chat message
 *        the reporter may see; 404 otherwise; one open report per reporter and item: a second answers
 *        200 with the first; 429 past ABUSE_REPORTS_PER_HOUR; she cannot report her own content, 400)
 *
 * Moderators (permission area `abuseReports`: read for the queue, update for every action; 403
 * otherwise, nothing changed):
 * - GET  reportAbuse/search?status=&reportedType=&category=&q=&cursor=&limit= -> AbuseQueueResponse
 *        (one row per reported item with its report count, newest report first, keyset cursor)
 * - GET  reportAbuse/{id}?bulkReports=true -> AbuseReportDetail (a report, the reported content in
 *        context; with bulkReports every report on the same item)
 * - GET  reportAbuse/communication/{communicationId} -> AbuseContent (a post or comment with its
 *        parent and post, hidden or not)
 * - POST reportAbuse/deleteCommunicationAdmin  AbuseDeleteRequest  -> AbuseReportDetail (deletes the
 *        post or comment with a reason told to its author; the reports on it become `resolved`)
 * - POST reportAbuse/hideCommunicationAdmin    AbuseIdRequest      -> AbuseReportDetail (hidden: gone
 *        from open pages live, kept for moderators; reports `resolved`)
 * - POST reportAbuse/enableCommunicationAdmin  AbuseIdRequest      -> AbuseReportDetail (shown again)
 * - POST reportAbuse/commentCommunicationAdmin AbuseCommentRequest -> AbuseReportDetail (a moderator's
 *        note on the report, kept in its history)
 * - POST reportAbuse/update  AbuseUpdateRequest -> AbuseUpdateResponse (status of one or more
 *        reports: the queue's bulk actions; moves allowed by engine/core/abuse.ts ABUSE_STATUS_MOVES,
 *        a refused move is a 409 naming both states)
 * `id` in the moderator calls is a report id. Every moderator action is audited.
 *
 * Realtime: `abuse:queueChanged` AbuseQueueEvent to the account rooms of the admins who hold
 * `abuseReports` (the admin menu's count and an open queue refresh).
 */
import type { Id } from '../common';
import type { Communication } from './communications';

export type AbuseReportedType = 'post' | 'comment' | 'profile' | 'chatMessage';
export type AbuseCategory = 'spam' | 'harassment' | 'hate' | 'violence' | 'sexual' | 'misinformation' | 'other';
export type AbuseStatus = 'open' | 'inReview' | 'resolved' | 'dismissed';

export interface AbuseReportRequest {
  reportedId: string;
  reportedType: AbuseReportedType;
  category: AbuseCategory;
  /** The reporter's words (at most ABUSE_REASON_MAX characters). */
  data?: { reason?: string };
}

/** Community §3 Abuse report. */
export interface AbuseReport {
  id: Id;
  reportedId: string;
  reportedType: AbuseReportedType;
  category: AbuseCategory;
  data: { reason?: string };
  status: AbuseStatus;
  /** The reporter's account id (moderators only; a reporter sees her own). */
  reporterId: string;
  /** The author of the reported content, or the reported profile. */
  authorId: string | null;
  /** epoch ms */
  created: number;
  updated: number;
}

/** A row of the queue: one reported item. */
export interface AbuseQueueItem {
  /** The newest report on the item (the detail route's id). */
  report: AbuseReport;
  reportCount: number;
  categories: AbuseCategory[];
  /** A short plain-text extract of the reported content (title or text, at most 200 characters). */
  excerpt: string;
  /** The content is hidden or deleted now. */
  contentState: 'visible' | 'hidden' | 'deleted' | 'missing';
}

export interface AbuseQueueResponse {
  items: AbuseQueueItem[];
  cursor?: string;
  more: boolean;
  /** Open and in-review items, the admin menu's count. */
  openCount: number;
}

export interface AbuseContent {
  reportedType: AbuseReportedType;
  reportedId: string;
  contentState: AbuseQueueItem['contentState'];
  /** A post or comment (with its thread context). */
  communication?: Communication;
  parent?: Communication;
  post?: Communication;
  /** A chat message: its sanitised HTML and sender. */
  chatMessage?: { chatId: string; from: string; message: string; date: number };
  /** A profile: the account and display name. */
  profile?: { accountId: string; name: string };
  /** Where to see it in the app (the page of its block, the profile, the chat for a participant). */
  href?: string;
}

export interface AbuseHistoryEntry {
  action: 'reported' | 'status' | 'comment' | 'hidden' | 'enabled' | 'deleted';
  by: string;
  date: number;
  message?: string;
  status?: AbuseStatus;
}

export interface AbuseReportDetail {
  report: AbuseReport;
  content: AbuseContent;
  history: AbuseHistoryEntry[];
  /** With bulkReports: every report on the same item, newest first. */
  reports?: AbuseReport[];
  /** Public names of the accounts the detail names (reporters, author, moderators in the history, the content's authors), by account id. */
  names?: Record<string, string>;
}

export interface AbuseIdRequest {
  id: Id;
}

export interface AbuseDeleteRequest {
  id: Id;
  /** Told to the author. */
  reason: string;
}

export interface AbuseCommentRequest {
  id: Id;
  message: string;
}

export interface AbuseUpdateRequest {
  /** One report id, or several (bulk). At most ABUSE_BULK_MAX. */
  id?: Id;
  ids?: Id[];
  status: AbuseStatus;
}

export interface AbuseUpdateResponse {
  updated: AbuseReport[];
}

export interface AbuseQueueEvent {
  openCount: number;
}
