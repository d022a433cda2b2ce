/**
 * Background processes an admin starts and reads (community §3 "Process", §4, §7 "Admin",
 * §8 start messages): `GET admin/process/allProcesses`, `POST admin/process/{type}/start`,
 * `GET admin/process/{processId}`, `POST admin/process/{processId}/reportRead`, and the export
 * download `GET admin/process/{processId}/download?expires=&signature=` (a signed, expiring link
 * the report carries). A process runs as a job of the jobs domain (server/jobs); its row outlives
 * the job, so a report stays readable after the job is swept.
 */
import type { JsonValue } from '../common';

/**
 * Community §4: registered ("started"), running, finishing (the last step, writing the report),
 * complete, failed (its job is waiting for a retry) and errored (no attempt left).
 */
export type ProcessState = 'started' | 'running' | 'finishing' | 'complete' | 'failed' | 'errored';

/** How far a process got (community §3 report progress: rows and sizeMb). */
export interface ProcessProgress {
  /** Rows handled so far. */
  rows: number;
  /** Of how many, when known. */
  totalRows?: number;
  /** Size of what it wrote so far, in MB. */
  sizeMb?: number;
  /** 0..1, the share of the work done (community §3 stepCompletion). */
  stepCompletion: number;
}

/** One row the process could not take (an import's bad line, an index entry it skipped). */
export interface ProcessRowError {
  /** 1-based row (line after the header for a CSV), when the error belongs to one. */
  row?: number;
  /** The column or field at fault, when one is. */
  field?: string;
  message: string;
}

/** A file a finished process wrote (an export): fetched through `downloadUrl`, valid until `expiresAt`. */
export interface ProcessFile {
  name: string;
  contentType: string;
  sizeBytes: number;
  /** A signed link (relative to /api/v1), re-signed each time the process is read. */
  downloadUrl: string;
  /** Epoch ms when `downloadUrl` stops working. */
  expiresAt: number;
}

/** What a finished process reports: a summary of figures, its row errors (capped) and any file. */
export interface ProcessReport {
  /** Figures by name (`rows: 120`, `created: 3`, `dryRun: true`). */
  summary: Record<string, JsonValue>;
  errorsList: ProcessRowError[];
  /** More row errors happened than `errorsList` holds. */
  errorsTruncated?: boolean;
  file?: ProcessFile;
}

export interface AdminProcess {
  processId: string;
  /** The process type (`exportMembers`, `importMembers`, `userIndexing`, `searchReindex`, ...). */
  type: string;
  /** Community §3 background job kind, where the type has one (exportStatus 4, userIndexing 6, createAccounts 7). */
  kind?: number;
  state: ProcessState;
  progress: ProcessProgress;
  /** True once complete (community §3 `completed`). */
  completed: boolean;
  /** Present once complete (or errored with what it got to). */
  report?: ProcessReport;
  /** The last failure's message while failed or errored. */
  error?: string;
  /** The admin who started it has read the report (community §4 reportRead). */
  reportRead: boolean;
  startedBy: { accountId: string; name?: string };
  /** The payload it was started with, as the server normalised it. */
  payload: Record<string, JsonValue>;
  /** Epoch ms. */
  createdAt: number;
  updatedAt: number;
  finishedAt?: number;
}

/** A process type the caller may start, with what its payload takes (for the tools screen). */
export interface ProcessTypeInfo {
  type: string;
  kind?: number;
  /** Domain that runs it. */
  domain: string;
  /** JSON Schema of the payload, for the start form. */
  payloadSchema: Record<string, JsonValue>;
}

/** GET admin/process/allProcesses?type=&before=&limit=: the caller's visible processes, newest first. */
export interface AllProcessesResponse {
  items: AdminProcess[];
  /** The types this caller may start. */
  types: ProcessTypeInfo[];
  /** Present when more follow: pass as `before`. */
  next?: string;
}

/** POST admin/process/{type}/start. `processId` is optional: a client-made id makes a retried start idempotent. */
export interface StartProcessRequest {
  processId?: string;
  payload?: Record<string, JsonValue>;
}

/** Community §7: started and message (the admin.{type}.startup.success text, or the server's reason). */
export interface StartProcessResponse {
  started: boolean;
  message: string;
  process?: AdminProcess;
}
