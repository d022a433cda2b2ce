/** Admin calls: view-as and reset (community-admin 7). */
import type { FastifyInstance } from 'fastify';
import type { AdminViewAsRequest } from '../../schemas/model/api/staff';
import { requireUser, type AppContext } from '../context';
import { setViewAs } from './view-as';

export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/admin/viewAs', async (req) => {
    const user = await requireUser(ctx, req);
    const { listIds } = ctx.validator.body<AdminViewAsRequest>('admin-view-as-request', req.body);
    return setViewAs(ctx, user, listIds);
  });

  // Ends view-as (the shell's admin bar calls it with no body).
  app.post('/admin/reset', async (req) => setViewAs(ctx, await requireUser(ctx, req), []));
}
