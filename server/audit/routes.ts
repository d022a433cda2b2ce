/** Audit calls of spec 7.5: the log types and saving what the app reports. */
import type { FastifyInstance } from 'fastify';
import type { AuditSaveRequest } from '../../schemas/model/api/audit';
import { requireUser, type AppContext } from '../context';
import { badRequest } from '../errors';

const AUDIT_LOG_TYPES = ['pageView', 'profileView', 'entityPageView', 'entityView', 'internalModalOpened', 'externalLinkClicked'];

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;

  app.get('/audit/getLogTypes', async (req) => {
    await requireUser(ctx, req);
    return AUDIT_LOG_TYPES;
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
