/** Social accounts linked to a member's account ("Manage my logins", spec core §7.1). */
import { defineDomain } from '../domain';
import { socialAccountRoutes } from './routes';
import type { Kysely } from 'kysely';
import type { DB } from '../storage/database';
import { socialAccountLinksMigration, socialAccountsDb } from './table';

export default defineDomain({
  name: 'social-accounts',
  migrations: () => ({ '0005_social_account_links': socialAccountLinksMigration }),
  routes: socialAccountRoutes,
});

/** Drops every social account linked to an account (the account is being deleted), in the deleting transaction. */
export async function unlinkAllSocialAccounts(db: Kysely<DB>, accountId: string): Promise<void> {
  await socialAccountsDb(db).deleteFrom('social_account_links').where('account_id', '=', accountId).execute();
}
