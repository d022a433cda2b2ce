/**
 * The lists domain (community §3 "User lists", §4 membership statuses): list memberships, one row
 * each in `list_memberships`, which the permission context, page visibility and the member index
 * read. Other domains reach them through ./memberships.ts (`membershipsOf`, `setMemberships`).
 */
import { defineDomain } from '../domain';
import { MEMBERSHIPS_KEY, membershipsOf } from './memberships';
import { membersByAccountMigration, membershipsMigration } from './memberships-table';

export default defineDomain({
  name: 'lists',
  migrations: () => ({
    '20261129T0900_lists_memberships': membershipsMigration(),
    '20261129T1210_lists_members_by_account': membersByAccountMigration,
  }),
  open(ctx) {
    // Read on every request: kept in the store's cache under the key each membership write announces.
    ctx.membershipsOf = (accountId) => ctx.store.keyed(MEMBERSHIPS_KEY, accountId, () => membershipsOf(ctx.store.kysely, accountId));
  },
});
