/**
 * The one job of the domain, `processes.run` (payload `{ processId }`): loads the row, re-reads the
 * starter's permissions as they are now (a starter who lost the grant, or is gone, makes it errored:
 * fail closed, never retried), runs the type's `run` with progress (written to the row, throttled)
 * and row errors (200 kept), stores the report and its file. States: started -> running ->
 * finishing -> complete; a throw makes it failed (the job retries), the job's death errored.
 */
import fs from 'node:fs';
import type { ProcessProgress, ProcessRowError } from '../../schemas/model/api/processes';
import { isFinalProcessState, MAX_ROW_ERRORS, nextProcessState } from '../../engine/core/processes';
import { permissionContextOf, type AppContext } from '../context';
import type { JobDefinition } from '../jobs';
import { emptyFolder, FILE_NAME, processFilePath } from './files';
import { processTypesOf } from './registry';
import { announce, loadProcess, mayUse, updateProcess } from './service';
import type { StoredFile } from './table';

export const RUN_JOB = 'processes.run';
/** Progress is written at most this often (the last one always). */
const PROGRESS_EVERY_MS = 250;

export interface RunPayload {
  processId: string;
}

async function errored(ctx: AppContext, processId: string, message: string): Promise<void> {
  const process = await loadProcess(ctx, processId);
  if (!process || !nextProcessState(process.state, 'error')) return;
  await updateProcess(ctx, processId, { state: 'errored', error: message.slice(0, 2000), finished: true });
  await announce(ctx, processId);
}

export const runJob: JobDefinition<RunPayload> = {
  name: RUN_JOB,
  maxAttempts: 3,
  backoffMs: 1000,
  // An export pages through the whole membership: a generous lease, renewed while it runs.
  leaseMs: 120_000,
  async run(ctx, payload, job) {
    const processId = payload?.processId;
    if (typeof processId !== 'string') return { skipped: 'no processId' };
    const process = await loadProcess(ctx, processId);
    if (!process || isFinalProcessState(process.state)) return { skipped: process ? process.state : 'missing' };
    const definition = processTypesOf(ctx).get(process.type);
    if (!definition) return void (await errored(ctx, processId, `no domain runs the process type "${process.type}" any more`));
    // Fail closed: the run acts for its starter as they are now.
    const holder = await permissionContextOf(ctx, process.startedBy.accountId);
    if (!holder || !(await mayUse(ctx, holder, definition, process.payload)))
      return void (await errored(
        ctx,
        processId,
        `refused: the account that started it no longer holds ${definition.permission.action} on ${definition.permission.subject}`,
      ));

    await emptyFolder(ctx, processId);
    await updateProcess(ctx, processId, { state: 'running', error: null, progress: { rows: 0, stepCompletion: 0 } });
    await announce(ctx, processId);

    const errors: ProcessRowError[] = [];
    let truncated = false;
    let lastWrite = 0;
    let pending: ProcessProgress | undefined;
    let last: ProcessProgress = { rows: 0, stepCompletion: 0 };
    const write = async (progress: ProcessProgress) => {
      lastWrite = Date.now();
      pending = undefined;
      await updateProcess(ctx, processId, { progress });
      await announce(ctx, processId);
    };
    let result;
    try {
      result = await definition.run(ctx, process.payload, {
        processId,
        startedBy: process.startedBy.accountId,
        signal: job.signal,
        async progress(progress) {
          last = progress;
          if (Date.now() - lastWrite >= PROGRESS_EVERY_MS) await write(progress);
          else pending = progress;
        },
        rowError(error) {
          if (errors.length < MAX_ROW_ERRORS) errors.push(error);
          else truncated = true;
        },
        filePath: (name) => processFilePath(ctx, processId, name),
      });
    } catch (error) {
      // Stopped (the server stops, or another runner took the job over): it runs again, still running.
      if (job.signal.aborted) throw error;
      const message = String((error as Error)?.message ?? error).slice(0, 2000);
      await updateProcess(ctx, processId, { state: 'failed', error: message, ...(pending ? { progress: pending } : {}) });
      await announce(ctx, processId);
      throw error;
    }
    await updateProcess(ctx, processId, { state: 'finishing', ...(pending ? { progress: pending } : {}) });
    let file: StoredFile | undefined;
    if (result.file) {
      if (!FILE_NAME.test(result.file.name)) throw new Error(`process type ${process.type} returned a file name that is not allowed: "${result.file.name}"`);
      const at = processFilePath(ctx, processId, result.file.name);
      if (result.file.bytes) await fs.promises.writeFile(at, result.file.bytes);
      const size = (await fs.promises.stat(at)).size;
      file = { name: result.file.name, contentType: result.file.contentType, sizeBytes: size };
    }
    const report = { summary: result.summary, errorsList: errors, ...(truncated ? { errorsTruncated: true } : {}), ...(file ? { file } : {}) };
    await updateProcess(ctx, processId, { state: 'complete', report, error: null, progress: { ...last, stepCompletion: 1 }, finished: true });
    await announce(ctx, processId);
    return { processId, state: 'complete' };
  },
  async dead(ctx, payload, error) {
    if (typeof payload?.processId === 'string') await errored(ctx, payload.processId, error);
  },
};
