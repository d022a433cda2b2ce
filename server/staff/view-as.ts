/** View-as (community-admin 7): an admin sees the site as chosen user lists. */
import type { Id } from '../../schemas/model';
import type { AppContext, SignedInUser } from '../context';
import { badRequest, forbidden } from '../errors';
import { listsByIds } from '../lists';
import { canAdminister } from '../permissions';
import { updateAccount } from '../session/accounts';

/** Starts (non-empty list) or ends (empty) view-as for the user; answers the new state. */
export async function setViewAs(ctx: AppContext, user: SignedInUser, listIds: Id[]): Promise<{ active: boolean; userListIds: Id[] }> {
  if (!canAdminister(user, 'allowViewAs')) throw forbidden('You may not view the site as other lists (allowViewAs)');
  if (listIds.length) {
    const known = new Set((await listsByIds(ctx.store.kysely, listIds)).map((l) => l.id));
    const unknown = listIds.filter((id) => !known.has(id));
    if (unknown.length) throw badRequest(`unknown user lists: ${unknown.join(', ')}`);
  }
  await updateAccount(ctx, user.account.accountId, (a) => {
    const { viewAs: _old, ...rest } = a;
    return listIds.length ? { ...rest, viewAs: { userListIds: listIds } } : rest;
  });
  return { active: listIds.length > 0, userListIds: listIds };
}
