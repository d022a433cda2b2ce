/**
 * The structure the server sends is filtered by list membership (page visibility): when the
 * member's accepted lists change live, it is read again, once for a burst of events (a profile
 * write may move her in several dynamic lists at once). Changes of other states or of the hidden
 * flag leave it as it is.
 */
import type { ListMemberships } from '../../engine/data/list-memberships';
import type { JotaiStore } from '../../engine/data/slice';
import type { ListMembership } from '../../schemas/model';
import { sessionAtom } from '../shell/shell-state';

/** Events of one burst arrive within this; one read follows them. */
export const MEMBERSHIP_REFETCH_DELAY_MS = 50;

const acceptedKey = (memberships: readonly ListMembership[] | undefined) =>
  [
    ...new Set(
      (memberships ?? [])
        .filter((m) => m.state === 'accepted')
        .map((m) => m.userListId)
        .sort(),
    ),
  ].join('\n');

/** Calls `refetch` after the accepted lists changed; returns the stop. A failed read leaves what is shown. */
export function followMembershipChanges(store: JotaiStore, memberships: ListMemberships, refetch: () => Promise<void>): () => void {
  let seen = acceptedKey(store.get(sessionAtom)?.user.listMemberships);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const off = memberships.onChange((now) => {
    const key = acceptedKey(now);
    if (key === seen) return;
    seen = key;
    clearTimeout(timer);
    timer = setTimeout(() => void refetch().catch(() => undefined), MEMBERSHIP_REFETCH_DELAY_MS);
  });
  return () => {
    off();
    clearTimeout(timer);
  };
}
