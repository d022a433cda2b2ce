/** `userLists:updated` to everyone (contract lists.ts): a list was created, changed or deleted, so pickers refetch. */
import type { Id } from '../../schemas/model';
import type { UserListChangedEvent } from '../../schemas/model/api/lists';
import type { AppContext } from '../context';

export const LIST_UPDATED = 'userLists:updated';

export function announceListChanged(ctx: AppContext, id: Id, deleted = false): void {
  const payload: UserListChangedEvent = deleted ? { id, deleted: true } : { id };
  void ctx.realtime?.broadcast(LIST_UPDATED, payload).catch((error) => ctx.log(error));
}
