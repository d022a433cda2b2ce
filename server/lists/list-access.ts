/** Who may call what on lists (contract schemas/model/api/lists.ts): the userLists admin area, and its grants per action. */
import type { FastifyRequest } from 'fastify';
import { SUBJECTS } from '../../engine/core/permissions';
import type { Id } from '../../schemas/model';
import { requireAdminArea } from '../admin-area';
import type { AppContext, SignedInUser } from '../context';
import { need } from '../permissions';

/** The caller when she may open the userLists area and do `action` on lists (on this one, when named); else 401/403. */
export async function requireListAdmin(ctx: AppContext, req: FastifyRequest, action: string, listId?: Id): Promise<SignedInUser> {
  const user = await requireAdminArea(ctx, req, 'userLists');
  need(user, action, SUBJECTS.userLists, listId);
  return user;
}
