/**
 * The processes domain's reads and writes of its rows, and who may see a process: the grant its
 * type names (checked against the permissions now) and the type's item check. Shared by the
 * routes and the job (a non-route file, so neither imports the other).
 */
import type { AdminProcess, ProcessProgress, ProcessState } from '../../schemas/model/api/processes';
import { can } from '../../engine/core/permissions';
import { permissionContextOf, type AppContext } from '../context';
import { permissionHolder, type PermissionContext } from '../permissions';
import { signDownload } from './files';
import { processTypesOf, type RegisteredProcess } from './registry';
import { processesDb, readProcessRow, type ProcessesTable, type ReadProcess } from './table';

export async function loadProcess(ctx: AppContext, processId: string): Promise<ReadProcess | undefined> {
  const row = await processesDb(ctx.store.kysely).selectFrom('processes').selectAll().where('process_id', '=', processId).executeTakeFirst();
  return row ? readProcessRow(row) : undefined;
}

/** Whether this holder may start a type and read its processes: its grant (admins hold all), then its item check. */
export async function mayUse(ctx: AppContext, holder: PermissionContext, definition: RegisteredProcess | undefined, payload?: unknown): Promise<boolean> {
  // A type no domain declares any more: its processes are for admins only.
  if (!definition) return holder.account.isAdmin;
  if (!can(permissionHolder(holder), definition.permission.action, definition.permission.subject)) return false;
  if (payload === undefined || !definition.mayAccess) return true;
  return !!(await definition.mayAccess(ctx, holder, payload));
}

export const mayRead = (ctx: AppContext, holder: PermissionContext, process: ReadProcess) =>
  mayUse(ctx, holder, processTypesOf(ctx).get(process.type), process.payload);

/** The process as the API answers it: its file with a freshly signed link, and who started it by name. */
export async function presentProcess(ctx: AppContext, process: ReadProcess): Promise<AdminProcess> {
  const { report, ...rest } = process;
  const account = (await ctx.store.get('account', process.startedBy.accountId))?.data as { firstName?: string; lastName?: string } | undefined;
  const name = account ? `${account.firstName ?? ''} ${account.lastName ?? ''}`.trim() : '';
  const out: AdminProcess = { ...rest, startedBy: { accountId: process.startedBy.accountId, ...(name ? { name } : {}) } };
  if (report) {
    const { file, ...figures } = report;
    out.report = { ...figures, ...(file && process.state === 'complete' ? { file: { ...file, ...signDownload(ctx, process.processId) } } : {}) };
  }
  return out;
}

export interface ProcessChange {
  state?: ProcessState;
  progress?: ProcessProgress;
  report?: unknown;
  error?: string | null;
  finished?: boolean;
}

/** Writes a change to a row; answers false when the row is gone. */
export async function updateProcess(ctx: AppContext, processId: string, change: ProcessChange, now = Date.now()): Promise<boolean> {
  const set: Partial<ProcessesTable> = { updated_at: now };
  if (change.state) set.state = change.state;
  if (change.progress) set.progress = JSON.stringify(change.progress);
  if (change.report !== undefined) set.report = JSON.stringify(change.report);
  if (change.error !== undefined) set.error = change.error;
  if (change.finished) set.finished_at = now;
  const result = await processesDb(ctx.store.kysely).updateTable('processes').set(set).where('process_id', '=', processId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** `processes:update` with the process to the account that started it, when it may still see it. Errors are logged. */
export async function announce(ctx: AppContext, processId: string): Promise<void> {
  try {
    if (!ctx.realtime) return;
    const process = await loadProcess(ctx, processId);
    if (!process) return;
    const holder = await permissionContextOf(ctx, process.startedBy.accountId);
    if (!holder || !(await mayRead(ctx, holder, process))) return;
    await ctx.realtime.toAccount(process.startedBy.accountId, 'processes:update', { process: await presentProcess(ctx, process) });
  } catch (error) {
    ctx.log(error);
  }
}
