/**
 * The search domain: search in the database, members today; entities and posts join through the
 * same folder. Its manifest brings the search tables; other domains index and query through the
 * functions exported here.
 */
import { defineDomain } from '../domain';
import { searchMigrations } from './migrations';

export * from './member-document';
export * from './member-index';
export { searchMigrations } from './migrations';

export default defineDomain({ name: 'search', migrations: searchMigrations });
