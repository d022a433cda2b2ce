/**
 * Damage done straight to the demo's stored rows (never through the API), the way a restore from
 * an older version, a migration bug or a hand edit would: each entry names the row, what is done
 * to it and how the app must show it. Used by the API suite and the Chromium suite.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/storage/database';
import { DEMO_ENTITIES } from '../../server/entities/seed';
import type { EntityTables } from '../../server/entities/tables';

export interface Corruption {
  what: string;
  kind: 'page' | 'block' | 'module' | 'field' | 'settings' | 'account' | 'profile';
  id: string;
  /** The raw JSON text to store instead of the document, a change to the parsed document, or null to delete the row. */
  data: string | null | ((doc: Record<string, unknown>) => unknown);
  schemaVersion?: number;
}

export const CORRUPTIONS: Corruption[] = [
  { what: 'a page whose visibility.userListIds is a string', kind: 'page', id: 'lounge', data: (d) => ({ ...d, visibility: { userListIds: 'makers' } }) },
  { what: 'a page whose name is an object', kind: 'page', id: 'news', data: (d) => ({ ...d, name: { en: 'News' } }) },
  { what: 'a page whose children is an object', kind: 'page', id: 'faq', data: (d) => ({ ...d, children: { 0: 'faq-1' } }) },
  { what: 'a page stored by a newer version (schema_version 99)', kind: 'page', id: 'tool-library', data: (d) => d, schemaVersion: 99 },
  { what: 'a page whose row is a bare string', kind: 'page', id: 'members', data: '"just a string"' },
  { what: 'a block whose row data is null', kind: 'block', id: 'welcome-hours', data: 'null' },
  { what: 'a block whose JSON text is cut off', kind: 'block', id: 'news-2', data: '{"id":"news-2","type":"plai' },
  { what: 'a block (inside tabs) whose children is an object', kind: 'block', id: 'groups-card-wood', data: (d) => ({ ...d, children: { a: 'x' } }) },
  { what: 'a block whose visibility is a string', kind: 'block', id: 'notice-all', data: (d) => ({ ...d, visibility: 'everyone' }) },
  {
    what: "a block whose options break its type's schema",
    kind: 'block',
    id: 'events-booking',
    data: (d) => ({ ...d, options: { ...(d.options as object), tone: 'purple' } }),
  },
  { what: 'a module whose name is an array', kind: 'module', id: 'community', data: (d) => ({ ...d, name: ['Community'] }) },
  { what: 'a field whose row is a number', kind: 'field', id: 'pref-skills', data: '42' },
  {
    what: 'settings whose module order is a string',
    kind: 'settings',
    id: 'app',
    data: (d) => ({ ...d, structure: { ...(d.structure as object), orders: { modules: { order: 'home,community' } } } }),
  },
];

/** How each demo page must show after CORRUPTIONS, for a member of makers (Maya) and for the admin. */
export const EXPECTED_PAGES: { path: string; pageId: string; maya: PageOutcome; admin: PageOutcome }[] = [
  { path: '/home/welcome', pageId: 'welcome', maya: { blockState: 'welcome-hours' }, admin: { blockState: 'welcome-hours' } },
  { path: '/home/news', pageId: 'news', maya: { blockState: 'news-2', title: 'news' }, admin: { blockState: 'news-2', title: 'news' } },
  { path: '/community/members', pageId: 'members', maya: 'hidden', admin: { pageState: 'corrupt' } },
  { path: '/community/groups', pageId: 'groups', maya: { blockState: 'groups-card-wood' }, admin: { blockState: 'groups-card-wood' } },
  {
    path: '/community/events',
    pageId: 'events',
    maya: { needsConfiguration: 'events-booking' },
    admin: { needsConfiguration: 'events-booking' },
  },
  { path: '/resources/guides', pageId: 'guides', maya: {}, admin: {} },
  { path: '/resources/faq', pageId: 'faq', maya: { pageState: 'corrupt' }, admin: { pageState: 'corrupt' } },
  { path: '/resources/tool-library', pageId: 'tool-library', maya: { pageState: 'unsupportedVersion' }, admin: { pageState: 'unsupportedVersion' } },
  { path: '/members-area/lounge', pageId: 'lounge', maya: 'hidden', admin: {} },
  { path: '/members-area/my-settings', pageId: 'my-settings', maya: {}, admin: {} },
  { path: '/members-area/notice-board', pageId: 'notice-board', maya: { absent: 'notice-all' }, admin: { present: 'notice-all' } },
];

/** blockState: a block shown as unreadable; needsConfiguration: a block whose options the server found invalid. */
export type PageOutcome =
  | 'hidden'
  | { blockState?: string; needsConfiguration?: string; pageState?: 'corrupt' | 'unsupportedVersion'; title?: string; absent?: string; present?: string };

/**
 * Damage to accounts and profiles (issue 36, findings 6 and 7): privacy of each kind of damage
 * (every data item must then be private to others: not served, searched or counted), rights
 * (never more than granted), sessions (a logged-out token never comes back), view-as, and
 * profiles damaged or missing (a usable empty profile, never a 500 or a profile that never loads).
 */
export const PEOPLE_CORRUPTIONS: Corruption[] = [
  { what: 'an account whose dataPrivacy is a string (Chloe, Cardiff)', kind: 'account', id: 'chloe', data: (d) => ({ ...d, dataPrivacy: 'none' }) },
  { what: 'an account whose dataPrivacy is an object (Hiro, Glasgow)', kind: 'account', id: 'hiro', data: (d) => ({ ...d, dataPrivacy: { city: 'public' } }) },
  { what: 'an account whose dataPrivacy is null (Imogen, Nantes)', kind: 'account', id: 'imogen', data: (d) => ({ ...d, dataPrivacy: null }) },
  {
    what: 'an account whose dataPrivacy items are of the wrong shape (Elif, Lyon)',
    kind: 'account',
    id: 'elif',
    data: (d) => ({ ...d, dataPrivacy: [{ dataSchemaId: 7, state: 'private' }, 'city'] }),
  },
  { what: "an admin's viewAs that is a string", kind: 'account', id: 'admin', data: (d) => ({ ...d, viewAs: 'makers' }) },
  {
    what: "an editor's viewAs that is a number and permissions that are a string",
    kind: 'account',
    id: 'elena',
    data: (d) => ({ ...d, viewAs: 42, permissions: 'all' }),
  },
  { what: 'a member\'s isAdmin that is the string "yes"', kind: 'account', id: 'owen', data: (d) => ({ ...d, isAdmin: 'yes' }) },
  { what: "a member's revokedSessions that is a string", kind: 'account', id: 'kemi', data: (d) => ({ ...d, revokedSessions: 'cleared' }) },
  { what: 'a profile whose data is a string', kind: 'profile', id: 'quentin', data: (d) => ({ ...d, data: 'garbage' }) },
  {
    what: 'a profile whose favourites are a string',
    kind: 'profile',
    id: 'tove',
    data: (d) => ({ ...d, data: { ...(d.data as object), meta: { favourites: 'x' } } }),
  },
  { what: 'a profile whose keepalive is a string', kind: 'profile', id: 'uma', data: (d) => ({ ...d, keepaliveTimestamp: 'soon' }) },
  { what: 'a member whose profile row is missing', kind: 'profile', id: 'aled', data: null },
];

/** Damage to a row of a domain's table (not a document): columns set to values no write makes. */
export interface RowCorruption {
  what: string;
  table: 'list_memberships';
  id: string;
  set: Record<string, string | number | null>;
}

export const PEOPLE_ROW_CORRUPTIONS: RowCorruption[] = [
  { what: "a member's list membership whose state is not a status", table: 'list_memberships', id: 'lm-victor-volunteers', set: { state: 'acepted' } },
];

/** Applies row corruptions, through the query builder only. */
export async function corruptRows(db: Kysely<DB>, corruptions: RowCorruption[] = PEOPLE_ROW_CORRUPTIONS): Promise<void> {
  for (const c of corruptions) {
    const { numUpdatedRows } = await db
      .withTables<{ list_memberships: { id: string } & Record<string, unknown> }>()
      .updateTable(c.table)
      .set(c.set)
      .where('id', '=', c.id)
      .executeTakeFirst();
    if (Number(numUpdatedRows) !== 1) throw new Error(`corruption "${c.what}": no ${c.table} row "${c.id}"`);
  }
}

/** Applies CORRUPTIONS (or the given list) to the rows, through the query builder only. */
export async function corruptDemo(db: Kysely<DB>, corruptions: Corruption[] = CORRUPTIONS): Promise<void> {
  for (const c of corruptions) {
    if (c.data === null) {
      await db.deleteFrom('documents').where('kind', '=', c.kind).where('id', '=', c.id).execute();
      continue;
    }
    const row = await db.selectFrom('documents').select(['data']).where('kind', '=', c.kind).where('id', '=', c.id).executeTakeFirstOrThrow();
    const data = typeof c.data === 'string' ? c.data : JSON.stringify(c.data(JSON.parse(row.data) as Record<string, unknown>));
    await db
      .updateTable('documents')
      .set({ data, ...(c.schemaVersion !== undefined ? { schema_version: c.schemaVersion } : {}) })
      .where('kind', '=', c.kind)
      .where('id', '=', c.id)
      .execute();
  }
}

/** Damages one member's search entry straight in the database: public values that are not an object (on SQLite, not JSON at all). */
export async function corruptSearchEntry(db: Kysely<DB>, backend: 'sqlite' | 'postgres', accountId: string): Promise<void> {
  const value = backend === 'sqlite' ? sql`${'{"city": "Nan'}` : sql`${'"garbage"'}::jsonb`;
  await sql`update member_search set public_data = ${value} where account_id = ${accountId}`.execute(db);
}

/**
 * A demo workshop stored with corrupt JSON in every free-form column (data, power-ups and their
 * data, page permissions) and the memberships permission type: the entities domain must read it
 * tolerantly and fail closed (only its location page, the spaces module's overview).
 */
export async function insertCorruptWorkshop(db: Kysely<DB>, id: string): Promise<void> {
  const now = Date.now();
  await db
    .withTables<EntityTables>()
    .insertInto('entities')
    .values({
      id,
      definition_id: DEMO_ENTITIES.workshops,
      slug: id,
      title: 'Corrupt workshop',
      data: '{',
      power_ups: 'not json',
      power_up_data: '[1,2',
      page_permissions: '{"a":1}',
      default_permission: null,
      permission_type: 'memberships',
      location: JSON.stringify({ module: 'spaces', page: 'overview' }),
      context: '{}',
      starts_at: null,
      lat: null,
      lng: null,
      created_by: null,
      created: now,
      updated: now,
    })
    .execute();
}
