/**
 * The stored search settings (document kind `searchIndexSettings`, id `members`; the rule is
 * engine/core/search-settings.ts): read tolerantly by whoever builds a member's index entry or
 * checks a directory filter, written by the search management calls and the member reindex.
 */
import { EMPTY_SEARCH_SETTINGS, readSearchSettings } from '../../engine/core/search-settings';
import type { SearchIndexSettings } from '../../schemas/model/api/search-management';
import type { DocumentSource, DocumentTx } from '../storage/documents';

declare module '../storage/documents' {
  interface DocumentKinds {
    searchIndexSettings: SearchIndexSettings;
  }
}

export const SEARCH_SETTINGS_KIND = 'searchIndexSettings';
export const SEARCH_SETTINGS_ID = 'members';

/** The member index's settings; the defaults (today's behaviour) when none were stored or they cannot be read. */
export async function memberSearchSettings(source: DocumentSource): Promise<SearchIndexSettings> {
  const doc = await source.get<unknown>(SEARCH_SETTINGS_KIND, SEARCH_SETTINGS_ID);
  return doc ? readSearchSettings(doc.data) : EMPTY_SEARCH_SETTINGS;
}

/** Writes the settings in the caller's transaction (read them with the same `tx` first). */
export async function putMemberSearchSettings(tx: DocumentTx, settings: SearchIndexSettings): Promise<void> {
  await tx.put(SEARCH_SETTINGS_KIND, SEARCH_SETTINGS_ID, settings);
}
