/**
 * Reindexing as processes (server/processes/definition.ts; community §3 job kind userIndexing 6):
 * `userIndexing` rebuilds the member index under the current search settings, `searchReindex` the
 * entities' search index. Both walk keyset batches, check the signal between batches (a stop
 * leaves the index usable: every batch is its own transaction) and are safe to repeat (each entry
 * is rewritten whole from what is stored now). A profile or an entity that cannot be read is a row
 * error, indexed with what can be read (its name, its title), never stopping the run.
 */
import { SUBJECTS } from '../../engine/core/permissions';
import type { JsonValue } from '../../schemas/model/common';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { countEntities, reindexEntitySearchBatch } from '../entities';
import { defineProcess, type RunningProcess } from '../processes/definition';
import { countMembers, indexMemberBatch } from '../profiles/member-index-sync';
import { memberIndexOf } from './management';
import { memberSearchSettings, putMemberSearchSettings } from './search-settings';

/** Accounts or entities per batch (one transaction each), unless the payload says otherwise. */
export const REINDEX_BATCH = 500;
export const REINDEX_BATCH_MAX = 5000;

/** The payload: an optional batch size (smaller batches hold the writer for less time each). */
export interface ReindexPayload {
  batchSize?: number;
}

const permission = { action: 'update', subject: SUBJECTS.searchManagement };
const payloadSchema = {
  type: 'object',
  properties: { batchSize: { type: 'integer', minimum: 1, maximum: REINDEX_BATCH_MAX, default: REINDEX_BATCH } },
  additionalProperties: false,
} as Record<string, JsonValue>;

/** Checks the payload: only `batchSize`, a whole number from 1 to REINDEX_BATCH_MAX (a 400 naming what was wrong). */
export function parseReindexPayload(payload: Record<string, JsonValue>): ReindexPayload {
  const extra = Object.keys(payload).filter((k) => k !== 'batchSize');
  if (extra.length) throw badRequest(`payload: unknown ${extra.map((k) => `"${k.slice(0, 40)}"`).join(', ')} (only batchSize)`);
  const size = payload.batchSize;
  if (size === undefined) return {};
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > REINDEX_BATCH_MAX)
    throw badRequest(`payload.batchSize must be a whole number from 1 to ${REINDEX_BATCH_MAX}`);
  return { batchSize: size };
}

function stopIfAsked(process: RunningProcess): void {
  if (process.signal.aborted) throw new Error('reindex stopped (the server is stopping or the job lost its lease); it starts again from the beginning');
}

const share = (rows: number, total: number) => (total > 0 ? Math.min(1, rows / total) : 1);

/** Rebuilds every member's entry under the settings as they are when it starts. */
export async function runUserIndexing(ctx: AppContext, process: RunningProcess, payload: ReindexPayload = {}): Promise<{ summary: Record<string, JsonValue> }> {
  const settings = await memberSearchSettings(ctx.store);
  const index = memberIndexOf(ctx);
  const totalRows = await countMembers(ctx.store);
  let after = '';
  let rows = 0;
  let errors = 0;
  let removed = 0;
  await process.progress({ rows, totalRows, stepCompletion: 0 });
  for (;;) {
    stopIfAsked(process);
    const batch = await indexMemberBatch(ctx.store, index, after, payload.batchSize ?? REINDEX_BATCH, settings);
    for (const accountId of batch.unreadableProfiles) {
      errors++;
      process.rowError({ field: 'profile', message: `the profile of "${accountId}" could not be read: indexed by its account's name only` });
    }
    rows += batch.indexed;
    removed += batch.removed;
    if (!batch.last) break;
    after = batch.last;
    await process.progress({ rows, totalRows, stepCompletion: share(rows, totalRows) });
  }
  const at = Date.now();
  await ctx.store.transaction(async (tx) => {
    const current = await memberSearchSettings(tx);
    // Settings changed while it ran stay stale: the run built the index for the revision it read.
    await putMemberSearchSettings(tx, {
      ...current,
      indexedRevision: Math.max(current.indexedRevision ?? 0, settings.revision),
      lastReindex: { at, documents: rows, errors },
    });
  });
  await process.progress({ rows, totalRows: Math.max(totalRows, rows), stepCompletion: 1 });
  return { summary: { rows, errors, removed, settingsRevision: settings.revision } };
}

/** Rebuilds every entity's search row from its definition's searchable fields. */
export async function runSearchReindex(
  ctx: AppContext,
  process: RunningProcess,
  payload: ReindexPayload = {},
): Promise<{ summary: Record<string, JsonValue> }> {
  const totalRows = await countEntities(ctx);
  let after = '';
  let rows = 0;
  let errors = 0;
  await process.progress({ rows, totalRows, stepCompletion: 0 });
  for (;;) {
    stopIfAsked(process);
    const batch = await reindexEntitySearchBatch(ctx, after, payload.batchSize ?? REINDEX_BATCH);
    for (const entityId of batch.unreadable) {
      errors++;
      process.rowError({ field: 'data', message: `the data of entity "${entityId}" could not be read: indexed by its title and slug only` });
    }
    rows += batch.indexed;
    if (!batch.last) break;
    after = batch.last;
    await process.progress({ rows, totalRows, stepCompletion: share(rows, totalRows) });
  }
  await process.progress({ rows, totalRows: Math.max(totalRows, rows), stepCompletion: 1 });
  return { summary: { rows, errors } };
}

export const searchProcesses = [
  defineProcess<ReindexPayload>({
    type: 'userIndexing',
    kind: 6,
    permission,
    payloadSchema,
    parse: (_ctx, _user, payload) => parseReindexPayload(payload),
    run: (ctx, payload, process) => runUserIndexing(ctx, process, payload),
  }),
  defineProcess<ReindexPayload>({
    type: 'searchReindex',
    permission,
    payloadSchema,
    parse: (_ctx, _user, payload) => parseReindexPayload(payload),
    run: (ctx, payload, process) => runSearchReindex(ctx, process, payload),
  }),
] as const;
