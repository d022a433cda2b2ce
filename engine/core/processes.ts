/**
 * The life of a background process (community §4; schemas/model/api/processes.ts), once for the
 * server that moves a process along and the admin that shows it. Pure.
 *
 * started (registered, its job queued) -> running -> finishing (writing its report) -> complete;
 * a failed attempt makes it failed (its job retries: running again), the last failed attempt or
 * a refusal makes it errored. complete and errored are final.
 */
import type { ProcessProgress, ProcessState } from '../../schemas/model/api/processes';

export const PROCESS_STATES: readonly ProcessState[] = ['started', 'running', 'finishing', 'complete', 'failed', 'errored'];

/** What happens to a process. */
export type ProcessEvent = 'run' | 'finish' | 'complete' | 'fail' | 'error';

const MOVES: Record<ProcessEvent, { from: readonly ProcessState[]; to: ProcessState }> = {
  // A crashed attempt is run again from wherever it got to (a job may run more than once).
  run: { from: ['started', 'running', 'finishing', 'failed'], to: 'running' },
  finish: { from: ['running'], to: 'finishing' },
  complete: { from: ['finishing'], to: 'complete' },
  fail: { from: ['started', 'running', 'finishing'], to: 'failed' },
  error: { from: ['started', 'running', 'finishing', 'failed'], to: 'errored' },
};

/** The state after `event`, or undefined when the event does not apply (a final process never moves). */
export function nextProcessState(state: ProcessState, event: ProcessEvent): ProcessState | undefined {
  const move = MOVES[event];
  return move.from.includes(state) ? move.to : undefined;
}

/** No more change will come: complete or errored. */
export const isFinalProcessState = (state: ProcessState): boolean => state === 'complete' || state === 'errored';

export const isProcessState = (value: unknown): value is ProcessState => PROCESS_STATES.includes(value as ProcessState);

/** A progress as stored, read tolerantly: numbers that are not finite or negative read as absent. */
export function readProgress(raw: unknown): ProcessProgress {
  const r = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);
  const share = count(r.stepCompletion);
  const progress: ProcessProgress = { rows: Math.floor(count(r.rows) ?? 0), stepCompletion: share === undefined ? 0 : Math.min(1, share) };
  const total = count(r.totalRows);
  if (total !== undefined) progress.totalRows = Math.floor(total);
  const size = count(r.sizeMb);
  if (size !== undefined) progress.sizeMb = size;
  return progress;
}

/** Bytes as MB with two decimals (the progress's sizeMb). */
export const sizeMb = (bytes: number): number => Math.round((bytes / 1_048_576) * 100) / 100;

/** How many row errors a report keeps; beyond it, `errorsTruncated`. */
export const MAX_ROW_ERRORS = 200;

/** The i18n key of a type's start message (community §8). */
export const processStartKey = (type: string, outcome: 'success' | 'failure'): string => `admin.${type}.startup.${outcome}`;
