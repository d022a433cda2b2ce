/**
 * The signed-in member's list memberships live in the session (GET init's `user.listMemberships`,
 * read by the page's rule context and the shell's guards): the data layer's memberships slice
 * (engine/data/list-memberships.ts) keeps them there as her `account:<id>` room says they change.
 */
import { listMembershipsSlice } from '../../engine/data/list-memberships';
import { sessionAtom } from '../shell/shell-state';

export const ownListMembershipsSlice = listMembershipsSlice({
  read: (store) => store.get(sessionAtom)?.user.listMemberships,
  write(store, listMemberships) {
    const session = store.get(sessionAtom);
    if (session) store.set(sessionAtom, { ...session, user: { ...session.user, listMemberships } });
  },
});
