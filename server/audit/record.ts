/** What a domain writes to the audit log itself (a moderator's action): one row, the acting account, what and when. */
import type { AppContext } from '../context';

export interface AuditEntry {
  accountId: string;
  /** `<domain>.<action>`, e.g. `abuse.hide`. */
  logType: string;
  /** What it acted on (an id). */
  subject: string;
  extra?: Record<string, unknown>;
}

export async function recordAudit(ctx: AppContext, entry: AuditEntry): Promise<void> {
  const now = Date.now();
  await ctx.store.kysely
    .insertInto('audit_log')
    .values({
      account_id: entry.accountId,
      log_type: entry.logType.slice(0, 40),
      subject: entry.subject.slice(0, 200),
      action_time: String(now),
      extra: entry.extra ? JSON.stringify(entry.extra) : null,
      saved_at: now,
    })
    .execute();
}
