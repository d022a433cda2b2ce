/** Admin calls: view-as and reset (community-admin 7), the user lists admins view as and elevated users grant to. */
import type { FastifyInstance } from 'fastify';
import type { Id } from '../../schemas/model';
import type { AdminViewAsRequest } from '../../schemas/model/api/staff';
import { requireStaff, requireUser, type AppContext } from '../context';
import { notFound } from '../errors';
import { setViewAs } from './view-as';

export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/admin/viewAs', async (req) => {
    const user = await requireUser(ctx, req);
    const { listIds } = ctx.validator.body<AdminViewAsRequest>('admin-view-as-request', req.body);
    return setViewAs(ctx, user, listIds);
  });

  // Ends view-as (the shell's admin bar calls it with no body).
  app.post('/admin/reset', async (req) => setViewAs(ctx, await requireUser(ctx, req), []));

  // The user lists (id and name) an admin may view as or an elevated user may grant to.
  app.get('/userLists', async (req) => {
    await requireStaff(ctx, req, 'user lists');
    return (await ctx.store.list<{ id: Id; name: string }>('userList')).map(({ data }) => ({ id: data.id, name: data.name }));
  });

  app.get<{ Params: { id: string } }>('/userLists/permissions/byList/:id', async (req) => {
    await requireStaff(ctx, req, 'list permissions');
    if (!(await ctx.store.get('userList', req.params.id))) throw notFound(`user list "${req.params.id}" does not exist`);
    return (await ctx.store.get('listPermissions', req.params.id))?.data ?? {};
  });
}
