/**
 * The `lists.evaluateDynamic` job: a dynamic list created, or whose rule changed, is evaluated for
 * every profile, batch by batch in profile id order, each batch one transaction that moves the
 * memberships whose outcome differs (through `moveMembership`/`removeMembership`, so members hear
 * the usual events). Safe to repeat: a batch run twice finds nothing to move the second time. If
 * the list changed again while the job ran (a second save answered by this job, its key being
 * taken), it starts over with the list as it is now. Profile writes meanwhile are the write hook's
 * (dynamic-sync.ts), which sees the new rule as soon as the save commits.
 */
import type { Id, Profile } from '../../schemas/model';
import type { AppContext } from '../context';
import { enqueue, type JobDefinition, type RunningJob } from '../jobs';
import { ruleEngineFor } from '../permissions';
import type { DocumentTx } from '../storage/documents';
import { buildDynamicListIndex, dynamicRuleContext, evaluateDynamicLists } from './dynamic-index';
import { applyDynamicMembership } from './dynamic-sync';
import { listById, listsDb, type UserListRecord } from './user-lists';

export const EVALUATE_DYNAMIC_JOB = 'lists.evaluateDynamic';
/** Profiles per transaction: SQLite runs every query on one connection, so members' requests wait for at most one batch. */
export const EVALUATE_BATCH = { sqlite: 200, postgres: 500 } as const;

export interface EvaluateDynamicPayload {
  listId: Id;
}

/**
 * Queues the evaluation of a list saved in `tx` when it became dynamic or its rule changed (the
 * list routes call it with the list before and after the save); nothing for other saves.
 */
export async function dynamicListSaved(ctx: AppContext, tx: DocumentTx, before: UserListRecord | undefined, after: UserListRecord): Promise<void> {
  if (!after.dynamic) return;
  if (before?.dynamic && JSON.stringify(before.rule ?? null) === JSON.stringify(after.rule ?? null)) return;
  await enqueue(ctx, EVALUATE_DYNAMIC_JOB, { listId: after.id } satisfies EvaluateDynamicPayload, { tx, key: `${EVALUATE_DYNAMIC_JOB}:${after.id}` });
}

/** The next profile ids after `after`, in id order. */
async function profileIdsPage(ctx: AppContext, after: Id | null, size: number): Promise<Id[]> {
  const rows = await ctx.store.kysely
    .selectFrom('documents')
    .select('id')
    .where('kind', '=', 'profile')
    .$if(after !== null, (q) => q.where('id', '>', after!))
    .orderBy('id')
    .limit(size)
    .execute();
  return rows.map((r) => r.id);
}

/** One pass over every profile with the list as it is at its start; the list's `updatedAt` it used, or undefined when it is gone or not dynamic. */
async function evaluateOnce(ctx: AppContext, listId: Id, job: RunningJob): Promise<{ updatedAt?: number; moved: number; profiles: number }> {
  const list = await listById(ctx.store.kysely, listId);
  if (!list?.dynamic) return { moved: 0, profiles: 0 };
  const engine = ruleEngineFor(ctx.registry);
  // A list without a readable rule, or with one reading more than profile fields, holds nobody.
  const index = buildDynamicListIndex(list.rule ? [{ id: list.id, rule: list.rule }] : [], engine);
  let cursor: Id | null = null;
  let moved = 0;
  let profiles = 0;
  for (;;) {
    if (job.signal.aborted) throw new Error('dynamic list evaluation stopped: it starts again');
    const ids = await profileIdsPage(ctx, cursor, EVALUATE_BATCH[ctx.engine]);
    if (!ids.length) break;
    moved += await ctx.store.transaction(async (tx) => {
      const held = new Map(
        (
          await listsDb(tx.raw)
            .selectFrom('list_memberships')
            .select(['account_id', 'state'])
            .where('list_id', '=', listId)
            .where('account_id', 'in', ids)
            .execute()
        ).map((r) => [r.account_id, r.state]),
      );
      let changed = 0;
      for (const doc of await tx.getMany<Profile>('profile', ids)) {
        const member = evaluateDynamicLists(index, engine, dynamicRuleContext(doc.data), [listId]).get(listId) === true;
        const state = held.get(doc.id);
        // Only the outcomes that differ are written: a repeated batch writes nothing.
        const differs = member ? state !== 'accepted' : state !== undefined;
        if (differs && (await applyDynamicMembership(ctx, tx, listId, doc.id, member))) changed++;
      }
      return changed;
    });
    profiles += ids.length;
    cursor = ids[ids.length - 1];
    await job.progress({ profiles, moved });
    // Requests get their turn between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { updatedAt: list.updatedAt, moved, profiles };
}

export async function runEvaluateDynamic(ctx: AppContext, payload: EvaluateDynamicPayload, job: RunningJob) {
  const listId = String(payload?.listId ?? '');
  let total = { moved: 0, profiles: 0 };
  for (;;) {
    const pass = await evaluateOnce(ctx, listId, job);
    total = { moved: total.moved + pass.moved, profiles: total.profiles + pass.profiles };
    const now = await listById(ctx.store.kysely, listId);
    if (pass.updatedAt === undefined || !now?.dynamic || now.updatedAt === pass.updatedAt) return total;
  }
}

export const evaluateDynamicJob: JobDefinition<EvaluateDynamicPayload> = {
  name: EVALUATE_DYNAMIC_JOB,
  run: runEvaluateDynamic,
  maxAttempts: 5,
  backoffMs: 2000,
};
