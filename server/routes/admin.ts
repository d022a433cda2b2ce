/** Admin session calls of community-admin 7: view the site as chosen user lists, and reset. */
import type { FastifyInstance } from 'fastify';
import type { Id } from '../../schemas/model';
import type { AdminViewAsRequest } from '../../schemas/model/api';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden } from '../errors';
import { canAdminister } from '../permissions';
import { updateAccount } from './session';

/** Starts (non-empty list) or ends (empty) view-as for the user; answers the new state. */
export async function setViewAs(ctx: AppContext, user: SignedInUser, listIds: Id[]): Promise<{ active: boolean; userListIds: Id[] }> {
  if (!canAdminister(user, 'allowViewAs')) throw forbidden('You may not view the site as other lists (allowViewAs)');
  if (listIds.length) {
    const known = new Set((await ctx.store.list('userList')).map((l) => l.id));
    const unknown = listIds.filter((id) => !known.has(id));
    if (unknown.length) throw badRequest(`unknown user lists: ${unknown.join(', ')}`);
  }
  await updateAccount(ctx, user.account.accountId, (a) => {
    const { viewAs: _old, ...rest } = a;
    return listIds.length ? { ...rest, viewAs: { userListIds: listIds } } : rest;
  });
  return { active: listIds.length > 0, userListIds: listIds };
}

export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/admin/viewAs', async (req) => {
    const user = await requireUser(ctx, req);
    const { listIds } = ctx.validator.body<AdminViewAsRequest>('admin-view-as-request', req.body);
    return setViewAs(ctx, user, listIds);
  });

  // Ends view-as (the shell's admin bar calls it with no body).
  app.post('/admin/reset', async (req) => setViewAs(ctx, await requireUser(ctx, req), []));
}
