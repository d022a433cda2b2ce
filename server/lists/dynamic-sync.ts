/**
 * Dynamic lists kept current (issue 30 item 2): each transaction that writes profiles re-evaluates,
 * before it commits, only the dynamic lists whose rules read a field it changed (dynamic-index.ts),
 * and moves the member in or out through the one membership write (`moveMembership` and
 * `removeMembership`, actor `rule`), so she hears the same realtime events as for a manual change.
 *
 * The index (field -> lists) is built per process from `user_lists` and kept while the dynamic
 * lists stay as they were: every profile write first reads a fingerprint of them (how many, the
 * newest and the sum of their `updated_at`) in its own transaction, one aggregate over a small
 * table, and rebuilds the index when it differs. So a list created, changed, made static or
 * deleted by any process, any route or a migration is seen by the next write in every process,
 * with no change key its writers must remember to announce.
 *
 * A list created dynamic, or whose rule changed, is evaluated for every profile by the
 * `lists.evaluateDynamic` job (dynamic-job.ts), not in the request.
 */
import type { Id, Profile } from '../../schemas/model';
import type { AppContext } from '../context';
import { HttpError } from '../errors';
import { ruleEngineFor } from '../permissions';
import type { Kysely } from 'kysely';
import type { DB } from '../storage/database';
import type { DocumentTx } from '../storage/documents';
import { buildDynamicListIndex, reevaluateProfile, type DynamicListIndex } from './dynamic-index';
import { moveMembership, removeMembership } from './move';
import { listsDb, readListRow, type UserListRecord } from './user-lists';

interface HeldIndex {
  fingerprint: string;
  index: DynamicListIndex;
}

const held = new WeakMap<AppContext, HeldIndex>();

/** What changes whenever a dynamic list is created, changed (its `updated_at` moves), made static or deleted. */
async function fingerprint(db: Kysely<DB>): Promise<string> {
  const row = await listsDb(db)
    .selectFrom('user_lists')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('updated_at').as('newest'), eb.fn.sum<number | string>('updated_at').as('sum')])
    .where('dynamic', '=', 1)
    .executeTakeFirst();
  return `${Number(row?.n ?? 0)}:${String(row?.newest ?? '')}:${String(row?.sum ?? '')}`;
}

/** Every dynamic list as stored now (read tolerantly: one without a readable rule holds nobody). */
export async function dynamicLists(db: Kysely<DB>): Promise<UserListRecord[]> {
  const rows = await listsDb(db).selectFrom('user_lists').selectAll().where('dynamic', '=', 1).orderBy('id').execute();
  return rows.map(readListRow);
}

/** The index of the dynamic lists as this transaction sees them: the held one while the fingerprint is the same. */
export async function dynamicListIndex(ctx: AppContext, db: Kysely<DB>): Promise<DynamicListIndex> {
  const now = await fingerprint(db);
  const mine = held.get(ctx);
  if (mine && mine.fingerprint === now) return mine.index;
  const engine = ruleEngineFor(ctx.registry);
  const index = buildDynamicListIndex(
    (await dynamicLists(db)).flatMap((l) => (l.rule ? [{ id: l.id, rule: l.rule }] : [])),
    engine,
  );
  for (const [id, reason] of index.refused) ctx.log(new Error(`dynamic list "${id}" holds nobody: its rule ${reason}`));
  held.set(ctx, { fingerprint: now, index });
  return index;
}

/**
 * Puts one account in or out of one dynamic list, in the caller's transaction: accepted when the
 * rule holds, no membership when it does not. A full dynamic list leaves her out (logged), rather
 * than refusing the profile write that qualified her. Answers whether anything changed.
 */
export async function applyDynamicMembership(ctx: AppContext, tx: DocumentTx, listId: Id, accountId: Id, member: boolean): Promise<boolean> {
  if (!member) return (await removeMembership(ctx, tx, { listId, accountId, actor: 'rule' })) !== undefined;
  try {
    return (await moveMembership(ctx, tx, { listId, accountId, to: 'accepted', actor: 'rule' })).changed;
  } catch (error) {
    // Thrown before any statement failed (capacity, a refused move): the transaction goes on.
    if (!(error instanceof HttpError) || error.statusCode === 404) throw error;
    ctx.log(new Error(`dynamic list "${listId}" could not take "${accountId}": ${error.message}`));
    return false;
  }
}

/** Re-evaluates the dynamic lists reading the fields this transaction changed in these profiles. */
export async function syncDynamicMemberships(ctx: AppContext, tx: DocumentTx, profileIds: readonly Id[]): Promise<void> {
  const index = await dynamicListIndex(ctx, tx.raw);
  if (!index.compiled.size) return;
  const engine = ruleEngineFor(ctx.registry);
  for (const id of profileIds) {
    const after = (await tx.get<Profile>('profile', id))?.data;
    // A deleted profile: its account's memberships go with the account.
    if (!after) continue;
    const before = await tx.previous<Profile>('profile', id);
    const results = reevaluateProfile(index, engine, before, after);
    for (const [listId, member] of results) await applyDynamicMembership(ctx, tx, listId, id, member);
  }
}

/** Registers the write hook (the lists domain's `open`, before the member index's, so it indexes the memberships this moves). */
export function keepDynamicListsCurrent(ctx: AppContext): void {
  ctx.store.onWrite(['profile'], (tx, ids) => syncDynamicMemberships(ctx, tx, ids));
}
