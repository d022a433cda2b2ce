/**
 * The files table: one row per stored file (community 3 File), indexed for what is listed and
 * swept: an owner's files, a context's files, the assets, and unclaimed uploads by age. The bytes
 * live in a blob store (blob-store.ts); variants (thumbnails) are not rows, they are derived.
 */
import type { Kysely, Migration } from 'kysely';
import type { DB } from '../storage/database';
import type { FileKind } from '../../engine/core/files';

export interface FilesTable {
  id: string;
  owner_id: string;
  kind: FileKind;
  mime: string;
  size: number;
  /** Hex sha-256 of the stored bytes: the strong ETag of the original. */
  sha256: string;
  /** The uploaded file's name, cleaned (for Content-Disposition and the asset list). */
  name: string;
  title: string | null;
  description: string | null;
  /** JSON {x, y} in percent; null is the default 50/50. */
  focal_pos: string | null;
  width: number | null;
  height: number | null;
  is_asset: number;
  download_count: number;
  /** What the upload belongs to (a form field id, a post, a brand); claims and deletes go by it. */
  context_id: string | null;
  /** 0 until a save claims it; unclaimed uploads older than a day are swept. */
  claimed: number;
  created: number;
}

export type FilesDB = DB & { files: FilesTable };

export function filesDb(db: Kysely<DB>): Kysely<FilesDB> {
  return db.withTables<{ files: FilesTable }>();
}

export const filesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('files')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(200)', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('mime', 'varchar(120)', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('title', 'varchar(500)')
      .addColumn('description', 'text')
      .addColumn('focal_pos', 'varchar(100)')
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('is_asset', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('context_id', 'varchar(200)')
      .addColumn('claimed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('files_owner').on('files').columns(['owner_id', 'created']).execute();
    await db.schema.createIndex('files_context').on('files').columns(['context_id', 'owner_id']).execute();
    await db.schema.createIndex('files_assets').on('files').columns(['is_asset', 'created']).execute();
    await db.schema.createIndex('files_unclaimed').on('files').columns(['claimed', 'created']).execute();
  },
};
