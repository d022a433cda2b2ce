/**
 * The entities domain's tables (core §3 Entity, community §3 Entity and Entity definition; listed,
 * searched and paged, so rows, never documents): `entity_definitions` (fields, power-ups and
 * settings as JSON: free-form and read whole), `entities` (the columns lists, slugs and the
 * space decision read, the rest JSON), and `entity_search` (title, slug and searchable fields, in
 * the shared search dialect of server/search/text-dialect.ts). Rows are read tolerantly by
 * ./records.ts: a column of corrupt JSON is left out and named in `unreadable`.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../domain';
import { textSearchMigration } from '../search/text-dialect';

export interface EntityDefinitionsTable {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  concept_type: string;
  /** EntityFieldDefinition[] JSON. */
  fields: string;
  /** PowerUp[] JSON. */
  power_ups: string;
  /** EntityDefinitionSettings JSON. */
  settings: string;
  created: number;
  updated: number;
}

export interface EntitiesTable {
  id: string;
  definition_id: string;
  /** Unique (case as written; the slug rule of engine/core/slug.ts). */
  slug: string;
  title: string;
  /** Entity.data JSON. */
  data: string;
  /** PowerUp[] JSON. */
  power_ups: string;
  /** PowerUpData JSON. */
  power_up_data: string;
  /** Page ids JSON (Entity.pagePermissions). */
  page_permissions: string;
  default_permission: string | null;
  /** default | memberships */
  permission_type: string;
  /** EntityLocation JSON. */
  location: string;
  /** Entity.context JSON. */
  context: string;
  /** Denormalised for the map and the search: the durations power-up's start (ms) and the locationField's point. */
  starts_at: number | null;
  lat: number | null;
  lng: number | null;
  created_by: string | null;
  created: number;
  updated: number;
}

export type EntityTables = {
  entity_definitions: EntityDefinitionsTable;
  entities: EntitiesTable;
};

const tablesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('entity_definitions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(120)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('concept_type', 'varchar(32)', (c) => c.notNull().defaultTo('other'))
      .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('power_ups', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('entities')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('definition_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('slug', 'varchar(120)', (c) => c.notNull().unique())
      .addColumn('title', 'varchar(256)', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('power_ups', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('power_up_data', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('page_permissions', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('default_permission', 'varchar(64)')
      .addColumn('permission_type', 'varchar(32)', (c) => c.notNull().defaultTo('default'))
      .addColumn('location', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('context', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('starts_at', 'bigint')
      .addColumn('lat', 'double precision')
      .addColumn('lng', 'double precision')
      .addColumn('created_by', 'varchar(64)')
      .addColumn('created', 'bigint', (c) => c.notNull())
      .addColumn('updated', 'bigint', (c) => c.notNull())
      .execute();
    // Lists by definition: newest first, by title, by start (events); the map's box scan.
    await db.schema.createIndex('entities_by_definition').on('entities').columns(['definition_id', 'created', 'id']).execute();
    await db.schema.createIndex('entities_by_title').on('entities').columns(['definition_id', 'title', 'id']).execute();
    await db.schema.createIndex('entities_by_start').on('entities').columns(['definition_id', 'starts_at', 'id']).execute();
    await db.schema.createIndex('entities_by_place').on('entities').columns(['lat', 'lng']).execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists entities`.execute(db);
    await sql`drop table if exists entity_definitions`.execute(db);
  },
});

export const entityMigrations = (engine: Engine): Record<string, Migration> => ({
  '20261202T0900_entities_tables': tablesMigration(),
  '20261202T0901_entities_search': textSearchMigration(engine, 'entity_search'),
});
