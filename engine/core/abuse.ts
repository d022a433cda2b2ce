/**
 * Abuse reports' rules (community §3 Abuse report, §4 abuseReported, §6 abuseReports), once, for
 * the server (server/abuse), the report dialog and the moderation queue. API shapes:
 * schemas/model/api/abuse.ts.
 */
import type { AbuseCategory, AbuseReportedType, AbuseStatus } from '../../schemas/model/api/abuse';

export const ABUSE_REPORTED_TYPES: readonly AbuseReportedType[] = ['post', 'comment', 'profile', 'chatMessage'];
export const ABUSE_CATEGORIES: readonly AbuseCategory[] = ['spam', 'harassment', 'hate', 'violence', 'sexual', 'misinformation', 'other'];
export const ABUSE_STATUSES: readonly AbuseStatus[] = ['open', 'inReview', 'resolved', 'dismissed'];
/** A reporter's words at most (characters). */
export const ABUSE_REASON_MAX = 500;
/** A moderator's note or deletion reason at most (characters). */
export const ABUSE_MESSAGE_MAX = 1000;
/** Reports one member may file per hour (HTTP 429 beyond). */
export const ABUSE_REPORTS_PER_HOUR = 20;
/** Reports changed by one bulk action at most. */
export const ABUSE_BULK_MAX = 100;
/** The queue's page when the caller names none, and at most. */
export const ABUSE_QUEUE_PAGE_SIZE = 20;
export const ABUSE_QUEUE_MAX_PAGE = 100;

/**
 * Allowed status moves: a moderator takes an open report in review, resolves or dismisses it, and
 * may reopen a closed one. Hiding or deleting the content resolves its reports.
 */
export const ABUSE_STATUS_MOVES: Readonly<Record<AbuseStatus, readonly AbuseStatus[]>> = {
  open: ['inReview', 'resolved', 'dismissed'],
  inReview: ['open', 'resolved', 'dismissed'],
  resolved: ['open'],
  dismissed: ['open'],
};

export const mayMoveAbuseStatus = (from: AbuseStatus, to: AbuseStatus): boolean => ABUSE_STATUS_MOVES[from]?.includes(to) ?? false;
export const isAbuseCategory = (v: unknown): v is AbuseCategory => typeof v === 'string' && (ABUSE_CATEGORIES as readonly string[]).includes(v);
export const isAbuseStatus = (v: unknown): v is AbuseStatus => typeof v === 'string' && (ABUSE_STATUSES as readonly string[]).includes(v);
export const isAbuseReportedType = (v: unknown): v is AbuseReportedType => typeof v === 'string' && (ABUSE_REPORTED_TYPES as readonly string[]).includes(v);
/** Statuses the queue counts as waiting for a moderator. */
export const ABUSE_WAITING: readonly AbuseStatus[] = ['open', 'inReview'];
