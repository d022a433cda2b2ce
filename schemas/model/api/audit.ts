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
