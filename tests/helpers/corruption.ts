/**
 * Damage done straight to the demo's stored rows (never through the API), the way a restore from
 * an older version, a migration bug or a hand edit would: each entry names the row, what is done
 * to it and how the app must show it. Used by the API suite and the Chromium suite.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../server/storage/database';

export interface Corruption {
  what: string;
  kind: 'page' | 'block' | 'module' | 'field' | 'settings';
  id: string;
  /** The raw JSON text to store instead of the document, or a change to the parsed document. */
  data: string | ((doc: Record<string, unknown>) => unknown);
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

/** Applies CORRUPTIONS to the rows, through the query builder only. */
export async function corruptDemo(db: Kysely<DB>): Promise<void> {
  for (const c of CORRUPTIONS) {
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
