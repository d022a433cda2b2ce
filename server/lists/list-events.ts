/**
 * `userLists:updated` to everyone (contract lists.ts): a list was created, changed or deleted, so
 * pickers refetch; and the re-check of its members when what it grants changes.
 */
import type { Id } from '../../schemas/model';
import type { UserListChangedEvent } from '../../schemas/model/api/lists';
import type { AppContext } from '../context';
import { acceptedMembersPage } from './memberships';

export const LIST_UPDATED = 'userLists:updated';

export function announceListChanged(ctx: AppContext, id: Id, deleted = false): void {
  const payload: UserListChangedEvent = deleted ? { id, deleted: true } : { id };
  void ctx.realtime?.broadcast(LIST_UPDATED, payload).catch((error) => ctx.log(error));
}

/** Accounts re-checked per pass when a list's powers change: bounded reads of its members. */
const RECHECK_PAGE = 1000;

/**
 * A list's powers changed (admin mode, allow-permissions, a grant): its accepted members hear
 * `permissions:update` (their tabs reload what they may see) and their sockets leave the rooms
 * they may no longer join, in every process.
 */
export function announceListPowersChanged(ctx: AppContext, listId: Id): void {
  const realtime = ctx.realtime;
  if (!realtime) return;
  void (async () => {
    let after: Id | null = null;
    for (;;) {
      const accounts: Id[] = await acceptedMembersPage(ctx.store.kysely, [listId], after, RECHECK_PAGE);
      if (!accounts.length) return;
      await realtime.toAccounts(accounts, 'permissions:update', async () => ({ userListId: listId }));
      await realtime.recheck({ accounts });
      after = accounts[accounts.length - 1];
    }
  })().catch((error) => ctx.log(error));
}
