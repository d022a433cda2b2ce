/**
 * Export files are kept for a week after their process finished (FILE_KEEP_MS): the scheduled
 * job `processes.sweepFiles` removes older folders under DATA_DIR/processes, and the folders of
 * processes that no longer exist, and takes the file out of the report (its summary stays).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context';
import type { JobDefinition } from '../jobs';
import { PROCESS_ID } from './files';
import { processesDb, readReport } from './table';

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const FILE_KEEP_MS = 7 * 86_400_000;

/** Removes the files of processes finished before `now - FILE_KEEP_MS`; answers how many folders went. */
export async function sweepProcessFiles(ctx: AppContext, now = Date.now()): Promise<number> {
  const root = path.join(ctx.config.dataDir, 'processes');
  let names: string[];
  try {
    names = await fs.promises.readdir(root);
  } catch {
    return 0;
  }
  let removed = 0;
  const db = processesDb(ctx.store.kysely);
  for (const name of names) {
    if (!PROCESS_ID.test(name)) continue;
    const row = await db.selectFrom('processes').select(['finished_at', 'report']).where('process_id', '=', name).executeTakeFirst();
    // A folder of a running process (no finished_at) stays; one without a row is left over.
    if (row && (row.finished_at === null || Number(row.finished_at) > now - FILE_KEEP_MS)) continue;
    await fs.promises.rm(path.join(root, name), { recursive: true, force: true });
    removed++;
    const report = row?.report ? readReport(parsed(row.report)) : undefined;
    if (report?.file) {
      const { file, ...rest } = report;
      await db
        .updateTable('processes')
        .set({ report: JSON.stringify({ ...rest, summary: { ...rest.summary, fileRemoved: file.name } }) })
        .where('process_id', '=', name)
        .execute();
    }
  }
  return removed;
}

export const sweepFilesJob: JobDefinition = { name: 'processes.sweepFiles', every: 6 * 3_600_000, run: (ctx) => sweepProcessFiles(ctx) };
