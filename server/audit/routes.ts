/** Audit calls of spec 7.5: the log types and saving what the app reports. */
import type { FastifyInstance } from 'fastify';
import type { AuditLogRow, AuditLogsResponse, AuditSaveRequest } from '../../schemas/model/api/audit';
import type { JsonObject } from '../../schemas/model';
import { requireUser, type AppContext } from '../context';
import { badRequest } from '../errors';
import { requireAdminArea } from '../admin-area';

type LogsQuery = Partial<Record<'logType' | 'subject' | 'from' | 'to' | 'before' | 'limit', string>>;

/** A query number (epoch ms, seq, limit) or a 400 naming the parameter. */
function queryInt(q: LogsQuery, key: keyof LogsQuery, min: number, max: number): number | undefined {
  const raw = q[key];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < min || Number(raw) > max) throw badRequest(`${key} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

function parseExtra(raw: string | null): JsonObject | undefined {
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

const AUDIT_LOG_TYPES = ['pageView', 'profileView', 'entityPageView', 'entityView', 'internalModalOpened', 'externalLinkClicked'];

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;

  app.get('/audit/getLogTypes', async (req) => {
    await requireUser(ctx, req);
    return AUDIT_LOG_TYPES;
  });
  // The log for the settings area's Audit logs tab (core §6): newest first, keyset-paged by seq.
  app.get<{ Querystring: LogsQuery }>('/admin/audit/logs', async (req): Promise<AuditLogsResponse> => {
    await requireAdminArea(ctx, req, 'settings');
    const q = req.query ?? {};
    for (const key of ['logType', 'subject'] as const) {
      if (q[key] !== undefined && (typeof q[key] !== 'string' || q[key]!.length > (key === 'logType' ? 40 : 200)))
        throw badRequest(`${key} must be text of at most ${key === 'logType' ? 40 : 200} characters`);
    }
    const from = queryInt(q, 'from', 0, 8.64e15);
    const to = queryInt(q, 'to', 0, 8.64e15);
    if (from !== undefined && to !== undefined && from > to) throw badRequest('from must not be after to');
    const before = queryInt(q, 'before', 1, Number.MAX_SAFE_INTEGER);
    const limit = queryInt(q, 'limit', 1, 200) ?? 50;
    let query = ctx.store.kysely.selectFrom('audit_log').selectAll();
    if (q.logType) query = query.where('log_type', '=', q.logType);
    if (q.subject) query = query.where('subject', '=', q.subject);
    if (from !== undefined) query = query.where('saved_at', '>=', from);
    if (to !== undefined) query = query.where('saved_at', '<=', to);
    if (before !== undefined) query = query.where('seq', '<', before);
    const found = await query
      .orderBy('seq', 'desc')
      .limit(limit + 1)
      .execute();
    const rows: AuditLogRow[] = found.slice(0, limit).map((r) => ({
      seq: Number(r.seq),
      accountId: r.account_id,
      logType: r.log_type,
      subject: r.subject,
      actionTime: r.action_time,
      savedAt: Number(r.saved_at),
      ...(parseExtra(r.extra) ? { extra: parseExtra(r.extra) } : {}),
    }));
    return { rows, next: found.length > limit ? rows[rows.length - 1].seq : null };
  });
  app.post('/audit/save', async (req) => {
    const user = await requireUser(ctx, req);
    const entries = v.body<AuditSaveRequest>('audit-save-request', req.body);
    if (entries.length > 1000) throw badRequest(`at most 1000 audit entries per call, got ${entries.length}`);
    if (entries.length) {
      await ctx.store.transaction(async (tx) => {
        await tx.raw
          .insertInto('audit_log')
          .values(
            entries.map((e) => ({
              account_id: user.account.accountId,
              log_type: e.logType,
              subject: e.subject,
              action_time: String(e.actionTime),
              extra: e.extra ? JSON.stringify(e.extra) : null,
              saved_at: Date.now(),
            })),
          )
          .execute();
      });
    }
    return { saved: entries.length };
  });
}
