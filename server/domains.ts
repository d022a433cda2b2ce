/**
 * Every domain of the server, in the order their start-up runs (seeds in particular: the demo site
 * first, then what lives on it). Adding a domain: its folder with its manifest, and one line here
 * (docs/architecture.md, "Adding a domain").
 */
import type { Kysely } from 'kysely';
import { collectMigrations, type Domain, type Engine } from './domain';
import type { DB } from './storage/database';
import { migrate } from './storage/migrations';
import abuse from './abuse';
import applications from './applications';
import audit from './audit';
import chat from './chat';
import communications from './communications';
import demo from './demo';
import email from './email';
import entities from './entities';
import files from './files';
import i18n from './i18n';
import lists from './lists';
import mappings from './mappings';
import notifications from './notifications';
import processes from './processes';
import profiles from './profiles';
import ruleChecks from './rule-checks';
import search from './search';
import session from './session';
import settings from './settings';
import socialAccounts from './social-accounts';
import staff from './staff';
import structure from './structure';

export const DOMAINS: readonly Domain[] = [
  demo,
  session,
  lists,
  applications,
  settings,
  i18n,
  structure,
  staff,
  search,
  profiles,
  files,
  socialAccounts,
  ruleChecks,
  audit,
  email,
  notifications,
  entities,
  chat,
  communications,
  abuse,
  processes,
  mappings,
];

/** Runs the core's and every domain's migrations on a database opened outside the app (tests, benches). */
export function migrateAll(db: Kysely<DB>, engine: Engine, schema?: string): Promise<void> {
  return migrate(db, engine, schema, collectMigrations(DOMAINS, engine));
}
