/**
 * The mappings domain's tables: `data_mappings` (community §3 Data mapping: id, title, data as
 * JSON), `rule_sets` (community §3 Rule set: a named rule query) and `member_import_uploads`
 * (a members file uploaded for the `importMembers` process, kept a week) and `rule_set_lists`
 * (the dynamic lists that follow a rule set). Times are epoch ms.
 */
import type { Kysely, Migration } from 'kysely';
import type { DB } from '../storage/database';

export interface DataMappingsTable {
  id: string;
  title: string;
  /** Lower-case title: what the search compares (the same on both engines). */
  title_search: string;
  /** DataMappingData as JSON. */
  data: string;
  created_at: number | string;
  updated_at: number | string;
}

export interface RuleSetsTable {
  id: string;
  title: string;
  title_search: string;
  description: string;
  /** RuleQuery as JSON. */
  query: string;
  created_at: number | string;
  updated_at: number | string;
}

export interface MemberImportUploadsTable {
  id: string;
  name: string;
  size_bytes: number | string;
  /** The file as UTF-8 text (at most MEMBERS_IMPORT_MAX_BYTES). */
  content: string;
  account_id: string;
  created_at: number | string;
}

/** A dynamic list that follows a rule set: its rule is the set's query, re-set when the set changes (one set per list). */
export interface RuleSetListsTable {
  list_id: string;
  rule_set_id: string;
}

export type MappingsTables = {
  data_mappings: DataMappingsTable;
  rule_sets: RuleSetsTable;
  member_import_uploads: MemberImportUploadsTable;
  rule_set_lists: RuleSetListsTable;
};

export const mappingsDb = (db: Kysely<DB>) => db.withTables<MappingsTables>();

export const mappingsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('data_mappings')
      .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('title_search', 'varchar(200)', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // The search's order (title, id) over an index.
    await db.schema.createIndex('data_mappings_title').on('data_mappings').columns(['title_search', 'id']).execute();
    await db.schema
      .createTable('rule_sets')
      .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('title_search', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('query', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rule_sets_title').on('rule_sets').columns(['title_search', 'id']).execute();
  },
};

export const importUploadsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('member_import_uploads')
      .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(300)', (c) => c.notNull())
      .addColumn('size_bytes', 'bigint', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('account_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('member_import_uploads_created').on('member_import_uploads').column('created_at').execute();
  },
};

export const ruleSetListsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rule_set_lists')
      .addColumn('list_id', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('rule_set_id', 'varchar(200)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rule_set_lists_set').on('rule_set_lists').column('rule_set_id').execute();
  },
};
