/**
 * The search domain: search in the database, members today; entities and posts join through the
 * same folder. Its manifest brings the search tables, the search settings (a document), the search
 * management calls and the reindexing processes; other domains index and query through the
 * functions exported here.
 */
import { SUBJECTS } from '../../engine/core/permissions';
import { isProfileFieldFilterable } from '../../engine/core/search-settings';
import { defineDomain } from '../domain';
import { searchAdminRoutes } from './admin-routes';
import { searchMigrations } from './migrations';
import { searchProcesses } from './processes';
import { memberSearchSettings, SEARCH_SETTINGS_KIND } from './search-settings';

export * from './member-document';
export * from './member-index';
export { searchMigrations } from './migrations';
export { memberSearchSettings } from './search-settings';
export { parseReindexPayload, runSearchReindex, runUserIndexing, searchProcesses } from './processes';

export default defineDomain({
  name: 'search',
  migrations: searchMigrations,
  documents: { [SEARCH_SETTINGS_KIND]: { cached: true } },
  permissionSubjects: [SUBJECTS.searchManagement],
  routes: searchAdminRoutes,
  processes: searchProcesses,
  // The directory's filter blocks leave out the fields made not filterable (the server refuses them).
  async init(ctx) {
    const settings = await memberSearchSettings(ctx.store);
    return { search: { notFilterable: Object.keys(settings.profileFields).filter((key) => !isProfileFieldFilterable(settings, key)) } };
  },
});
