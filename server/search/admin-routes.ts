/**
 * GET and POST admin/searchManagement (schemas/model/api/search-management.ts): read for whoever
 * may open the area (read on searchManagement), change for update on searchManagement, checked
 * before anything is written.
 */
import type { FastifyInstance } from 'fastify';
import { SUBJECTS } from '../../engine/core/permissions';
import type { SearchManagementRequest } from '../../schemas/model/api/search-management';
import { requireAdminArea } from '../admin-area';
import { recordAudit } from '../audit';
import type { AppContext } from '../context';
import { forbidden } from '../errors';
import { can } from '../permissions';
import { changeSearchSettings, searchManagementState } from './management';

export function searchAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/admin/searchManagement', async (req) => {
    const user = await requireAdminArea(ctx, req, 'searchManagement');
    return searchManagementState(ctx, can(user, 'update', SUBJECTS.searchManagement));
  });

  app.post('/admin/searchManagement', async (req) => {
    const user = await requireAdminArea(ctx, req, 'searchManagement');
    if (!can(user, 'update', SUBJECTS.searchManagement)) throw forbidden('You may not change search settings: it needs update on searchManagement');
    const change = ctx.validator.body<SearchManagementRequest>('search-management-request', req.body);
    await changeSearchSettings(ctx, change);
    await recordAudit(ctx, { accountId: user.account.accountId, logType: 'search.settings.update', subject: 'searchManagement' }).catch((error) =>
      ctx.log(error),
    );
    return searchManagementState(ctx, true);
  });
}
