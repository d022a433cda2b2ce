/**
 * The `processes` table (migration `20261203T0900_processes_table`): one row per process an admin
 * started, from its start to long after its job is swept (the report stays readable). Rows are
 * read tolerantly: a malformed JSON column or an unknown state reads as a sane value, never a 500.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { AdminProcess, ProcessReport, ProcessRowError, ProcessState } from '../../schemas/model/api/processes';
import type { JsonValue } from '../../schemas/model/common';
import { isProcessState, readProgress } from '../../engine/core/processes';
import type { DB } from '../storage/database';
import { parseJsonColumn } from '../storage/json-column';

export interface ProcessesTable {
  process_id: string;
  type: string;
  kind: number | null;
  state: string;
  /** JSON ProcessProgress. */
  progress: string;
  /** JSON: the payload as `parse` normalised it. */
  payload: string;
  /** JSON ProcessReport without the signed link (made at each read). */
  report: string | null;
  error: string | null;
  report_read: number;
  started_by: string;
  /** The `processes.run` job (kept for the record; the row outlives it). */
  job_id: string | null;
  created_at: number | string;
  updated_at: number | string;
  finished_at: number | string | null;
}

export type ProcessesDB = DB & { processes: ProcessesTable };
export const processesDb = (db: Kysely<DB>): Kysely<ProcessesDB> => db.withTables<{ processes: ProcessesTable }>();

export const processesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('processes')
      .addColumn('process_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('type', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'integer')
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('progress', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('report', 'text')
      .addColumn('error', 'text')
      .addColumn('report_read', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_by', 'varchar(200)', (c) => c.notNull())
      .addColumn('job_id', 'varchar(40)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    // The list pages newest first by keyset (created_at, process_id), per type when filtered.
    await sql`CREATE INDEX processes_page ON processes (created_at DESC, process_id DESC)`.execute(db);
    await sql`CREATE INDEX processes_type_page ON processes (type, created_at DESC, process_id DESC)`.execute(db);
  },
};

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

const num = (v: number | string | null): number | undefined => (v === null ? undefined : Number(v));

/** A stored report, tolerantly: figures kept, row errors that are not objects with a message dropped. */
export function readReport(raw: unknown): (Omit<ProcessReport, 'file'> & { file?: StoredFile }) | undefined {
  if (!isObject(raw)) return undefined;
  const summary = isObject(raw.summary) ? (raw.summary as Record<string, JsonValue>) : {};
  const errorsList: ProcessRowError[] = [];
  for (const e of Array.isArray(raw.errorsList) ? raw.errorsList : []) {
    if (!isObject(e) || typeof e.message !== 'string') continue;
    errorsList.push({
      message: e.message,
      ...(typeof e.row === 'number' ? { row: e.row } : {}),
      ...(typeof e.field === 'string' ? { field: e.field } : {}),
    });
  }
  const file =
    isObject(raw.file) && typeof raw.file.name === 'string' && typeof raw.file.contentType === 'string' ? (raw.file as unknown as StoredFile) : undefined;
  return { summary, errorsList, ...(raw.errorsTruncated === true ? { errorsTruncated: true } : {}), ...(file ? { file } : {}) };
}

/** A file as stored with the report: where it is under the process's folder. */
export interface StoredFile {
  name: string;
  contentType: string;
  sizeBytes: number;
}

/** The row as a process, without the signed link (see `withLink` in the routes' helpers). */
export interface ReadProcess extends Omit<AdminProcess, 'report'> {
  report?: Omit<ProcessReport, 'file'> & { file?: StoredFile };
}

export function readProcessRow(row: ProcessesTable): ReadProcess {
  const state: ProcessState = isProcessState(row.state) ? row.state : 'errored';
  const payload = parseJsonColumn(row.payload);
  const report = readReport(parseJsonColumn(row.report));
  const finishedAt = num(row.finished_at);
  return {
    processId: row.process_id,
    type: row.type,
    ...(row.kind === null ? {} : { kind: Number(row.kind) }),
    state,
    progress: readProgress(parseJsonColumn(row.progress)),
    completed: state === 'complete',
    ...(report ? { report } : {}),
    ...(row.error !== null ? { error: row.error } : isProcessState(row.state) ? {} : { error: `its stored state "${row.state}" is not one a process has` }),
    reportRead: Number(row.report_read) === 1,
    startedBy: { accountId: row.started_by },
    payload: isObject(payload) ? (payload as Record<string, JsonValue>) : {},
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    ...(finishedAt === undefined ? {} : { finishedAt }),
  };
}
