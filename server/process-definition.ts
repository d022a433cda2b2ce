/**
 * What a process type is (schemas/model/api/processes.ts; docs/architecture.md, "Processes"): a
 * background job an admin starts from /admin/tools with a payload, that reports progress and
 * finishes with a report (figures, row errors, perhaps a file). A domain declares the types it
 * runs in its manifest (`processes` in server/domain.ts); the processes domain owns the table,
 * the routes, the one job that runs them (`processes.run`) and the download links.
 */
import type { JsonValue } from '../schemas/model/common';
import type { ProcessProgress, ProcessRowError } from '../schemas/model/api/processes';
import type { Subject } from '../engine/core/permissions';
import type { AppContext, SignedInUser } from './context';
import type { PermissionContext } from './permissions';

/**
 * A file a process writes: the processes domain stores it and signs its download link. Small
 * files come as `bytes`; a large one (an export) is written by the process itself, streaming, to
 * `process.filePath(name)` and returned without `bytes`.
 */
export interface ProcessOutputFile {
  name: string;
  contentType: string;
  bytes?: Uint8Array;
}

/** What `run` returns; the processes domain adds the row errors it was given and signs the file. */
export interface ProcessResult {
  summary: Record<string, JsonValue>;
  file?: ProcessOutputFile;
}

/** A process while it runs, as its definition's `run` sees it. */
export interface RunningProcess {
  processId: string;
  /** The account id of the admin who started it (a run re-reads their permissions: fail closed). */
  startedBy: string;
  /** Aborted when the server stops or the job's lease was lost; stop early, the job is retried. */
  signal: AbortSignal;
  /** Records how far it got (throttled by the caller of your choice; each call writes). */
  progress(progress: ProcessProgress): Promise<void>;
  /** Notes a row it could not take; kept up to a cap (the report says when more happened). */
  rowError(error: ProcessRowError): void;
  /**
   * Where to write a file of this run (a fresh folder of this process under the data dir, emptied
   * at each attempt): stream a large file there and return `{ name, contentType }` as the result's file.
   */
  filePath(name: string): string;
}

export interface ProcessDefinition<P = Record<string, JsonValue>> {
  /** `exportMembers`, `importMembers`, ...: unique across domains, used in routes and i18n keys (admin.{type}.startup.success). */
  type: string;
  /** Community §3 background job kind where one fits (exportStatus 4, userIndexing 6, createAccounts 7). */
  kind?: number;
  /** Who may start it and read its report: this grant (admins hold every grant). */
  permission: { action: string; subject: Subject };
  /** JSON Schema of the payload, shown as the start form. */
  payloadSchema: Record<string, JsonValue>;
  /**
   * Checks the payload against the state now, before anything is written: throws an HttpError
   * (400 naming what was wrong, 403, 413) or returns the normalised payload stored with the process.
   */
  parse(ctx: AppContext, user: SignedInUser, payload: Record<string, JsonValue>): P | Promise<P>;
  /**
   * Item checks beyond `permission` (accessUserData on the list the payload names), re-made with
   * the starter's permissions as they are when the run starts and when its report is read: false
   * refuses (fail closed). `permission` itself is always checked first.
   */
  mayAccess?(ctx: AppContext, holder: PermissionContext, payload: P): boolean | Promise<boolean>;
  /** Does the work; may run again after a crash (make it safe to repeat). A throw fails the attempt. */
  run(ctx: AppContext, payload: P, process: RunningProcess): Promise<ProcessResult>;
}

/** Identity, typed. */
export const defineProcess = <P>(definition: ProcessDefinition<P>): ProcessDefinition<P> => definition;

export const PROCESS_TYPE = /^[a-z][a-zA-Z0-9]{1,60}$/;
