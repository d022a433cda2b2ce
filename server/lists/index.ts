/**
 * The lists domain (community §3 "User lists" and ListMembership, §4 membership statuses, §5, §6):
 * user lists in `user_lists` and memberships in `list_memberships`, which the permission context,
 * page visibility and the member index read. Other domains reach them through the exports below:
 * the readers (`listById`, `listsByIds`, `allLists`, `membershipsOf`) and the one membership write
 * (`moveMembership`, `removeMembership`, in the caller's transaction).
 */
import { defineDomain } from '../domain';
import { evaluateDynamicJob } from './dynamic-job';
import { keepDynamicListsCurrent } from './dynamic-sync';
import { MEMBERSHIPS_KEY, membershipsOf } from './memberships';
import { membersByAccountMigration, membershipsMigration } from './memberships-table';
import { memberRoutes } from './member-routes';
import { listRoutes } from './routes';
import { membershipsDynamicMigration, userListsMigration } from './user-lists-table';
import { listGrants, listsByIds } from './user-lists';
import { exportListMembers } from './exports';

export { allLists, listById, listGrants, listsByIds, newList, putList, type UserListRecord } from './user-lists';
export { guardListDeletion, type ListDeletionGuard } from './deletion-guards';
export { dynamicListSaved } from './dynamic-job';
export { announceListRuleChanged, setDynamicListRule } from './rule-followers';
export { acceptedMembersPage, countAcceptedMembers, membershipsOf as storedMembershipsOf } from './memberships';
export { moveMembership, removeMembership, type MembershipMove, type MembershipMover, type MembershipRemoval, type MovedMembership } from './move';

export default defineDomain({
  name: 'lists',
  migrations: () => ({
    '20261129T0900_lists_memberships': membershipsMigration(),
    '20261129T1210_lists_members_by_account': membersByAccountMigration,
    '20261129T1500_lists_user_lists': userListsMigration,
    '20261129T1510_lists_memberships_dynamic': membershipsDynamicMigration,
  }),
  routes(api, ctx) {
    listRoutes(api, ctx);
    memberRoutes(api, ctx);
  },
  jobs: [evaluateDynamicJob],
  processes: [exportListMembers],
  open(ctx) {
    // Registered before the profiles domain opens: the member index hook, after it, indexes the memberships it moves.
    keepDynamicListsCurrent(ctx);
    // Read on every request: kept in the store's cache under the key each membership write announces.
    ctx.membershipsOf = (accountId) => ctx.store.keyed(MEMBERSHIPS_KEY, accountId, () => membershipsOf(ctx.store.kysely, accountId));
    ctx.listPowersOf = async (listIds) => {
      const lists = await listsByIds(ctx.store.kysely, [...listIds]);
      return { admin: lists.some((l) => l.isAdmin), grants: lists.map(listGrants) };
    };
  },
});
