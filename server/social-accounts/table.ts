/**
 * Social accounts linked to a member's account (spec core §7.1 socialAccountLink): one row per
 * provider account, listed per member. Rows are written by a provider's sign-in when one is
 * configured; this site configures none yet, so members have none to list.
 */
import type { Kysely, Migration } from 'kysely';
import type { DB } from '../storage/database';

export interface SocialAccountLinksTable {
  provider: string;
  /** The provider's id of the account (unique per provider). */
  external_id: string;
  account_id: string;
  /** What the provider calls the account (an email or handle), shown to its owner. */
  label: string;
  linked_at: number;
}

export type SocialAccountsDB = DB & { social_account_links: SocialAccountLinksTable };

export function socialAccountsDb(db: Kysely<DB>): Kysely<SocialAccountsDB> {
  return db.withTables<{ social_account_links: SocialAccountLinksTable }>();
}

export const socialAccountLinksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('social_account_links')
      .addColumn('provider', 'varchar(40)', (c) => c.notNull())
      .addColumn('external_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('account_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('label', 'varchar(320)', (c) => c.notNull())
      .addColumn('linked_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('social_account_links_pk', ['provider', 'external_id'])
      .execute();
    await db.schema.createIndex('social_account_links_account').on('social_account_links').columns(['account_id', 'linked_at']).execute();
  },
};
