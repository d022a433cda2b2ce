/** The user-list calls (schemas/model/api/lists.ts; community §7 "User lists"). */
import type { FastifyInstance } from 'fastify';
import { requireStaff, type AppContext } from '../context';
import { notFound } from '../errors';
import { allLists, listById, listGrants, listViews } from './user-lists';

export function listRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Every list as staff see it (§6: loading user lists requires an elevated user); `name` for the view-as picker.
  app.get('/userLists', async (req) => {
    await requireStaff(ctx, req, 'user lists');
    return listViews(ctx.store.kysely, await allLists(ctx.store.kysely));
  });

  app.get<{ Params: { id: string } }>('/userLists/permissions/byList/:id', async (req) => {
    await requireStaff(ctx, req, 'list permissions');
    const list = await listById(ctx.store.kysely, req.params.id);
    if (!list) throw notFound(`user list "${req.params.id}" does not exist`);
    return listGrants(list);
  });
}
