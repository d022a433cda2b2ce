/** Search in the database: members today; entities and posts join through the same folder. */
export * from './member-document';
export * from './member-index';
export { searchMigrations } from './migrations';
