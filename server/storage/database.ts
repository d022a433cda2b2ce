/**
 * One query layer (kysely) over two engines: an embedded SQLite file (better-sqlite3, WAL) by
 * default and PostgreSQL when DATABASE_URL is set. Everything above this file is engine-agnostic.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Generated } from 'kysely';
import pg from 'pg';

/** Every stored thing is a JSON document addressed by kind and id, with a revision. */
export interface DocumentsTable {
  kind: string;
  id: string;
  /** JSON text. */
  data: string;
  revision: number;
  /** Page document schema version for pages (engine/core/model/migrations.ts); null otherwise. */
  schema_version: number | null;
  /** Epoch ms; drives expiry of revert tokens and login secrets. */
  expires_at: number | null;
  updated_at: number;
}

export interface AuditTable {
  seq: Generated<number>;
  account_id: string;
  log_type: string;
  subject: string;
  action_time: string;
  extra: string | null;
  saved_at: number;
}

export interface DB {
  documents: DocumentsTable;
  audit_log: AuditTable;
}

export interface OpenedDatabase {
  db: Kysely<DB>;
  engine: 'sqlite' | 'postgres';
  /** The pg pool (PostgreSQL only), shared with the socket.io adapter. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  databaseSchema?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.databaseSchema);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new Database(path.join(options.dataDir, 'tessera.sqlite'));
  // WAL: readers never block the writer; FULL sync: an acknowledged write survives a crash.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: file }) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

async function openPostgres(connectionString: string, schema?: string): Promise<OpenedDatabase> {
  if (schema) {
    // Create the schema with a short-lived client, then point every pooled connection at it.
    const setup = new pg.Client({ connectionString });
    try {
      await setup.connect();
    } catch (error) {
      throw new Error(`PostgreSQL at DATABASE_URL is not reachable: ${(error as Error).message}`);
    }
    await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await setup.end();
  }
  const pool = new pg.Pool({ connectionString, max: 10, ...(schema ? { options: `-c search_path="${schema}"` } : {}) });
  try {
    await sql`select 1`.execute(new Kysely<DB>({ dialect: new PostgresDialect({ pool: { connect: () => pool.connect(), end: async () => {} } }) }));
  } catch (error) {
    await pool.end();
    throw new Error(`PostgreSQL at DATABASE_URL is not reachable: ${(error as Error).message}`);
  }
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', pool, close: () => db.destroy() };
}
