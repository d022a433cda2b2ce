/**
 * Audit entries (spec core §7.5).
 * Request bodies are validated against the schemas generated from these types
 * (`schemas/json/api/*.schema.json`, one per type named `...Request` or `...Response`); bodies are
 * closed (`@additionalProperties false`) so a misspelt property is a 400 naming it.
 */
import type { Id, JsonObject } from '../common';

export type AuditLogType = 'pageView' | 'profileView' | 'entityPageView' | 'entityView' | 'internalModalOpened' | 'externalLinkClicked';

/** @additionalProperties false */
export interface AuditEntry {
  logType: AuditLogType;
  /** @maxLength 200 */
  subject: Id;
  /**
   * Epoch milliseconds or an ISO date-time.
   * @maxLength 40
   */
  actionTime: number | string;
  extra?: JsonObject;
}

/** POST audit/save: the buffered entries. */
export type AuditSaveRequest = AuditEntry[];

/**
 * GET admin/audit/logs (the settings area): the log newest first, filtered by `logType`, `subject`
 * (exact), `from`/`to` (epoch ms of when it was saved, inclusive) and keyset-paged by `before`
 * (the `seq` of the last row seen); `limit` 1..200, 50 when absent.
 */
export interface AuditLogRow {
  seq: number;
  accountId: string;
  logType: string;
  subject: string;
  actionTime: string;
  /** When the server saved it (epoch ms). */
  savedAt: number;
  extra?: JsonObject;
}

export interface AuditLogsResponse {
  rows: AuditLogRow[];
  /** Pass as `before` for the next page; null when there is no more. */
  next: number | null;
}
