/**
 * What keeps a list from being deleted beyond its being a system list (contract: "400 with the
 * reason for a system list or a list an application uses"): another domain registers a check
 * (the applications domain, when it opens) answering the reason in words, or undefined. Checks
 * run inside the deleting transaction, so what they read is what the delete sees.
 */
import type { Kysely } from 'kysely';
import type { Id } from '../../schemas/model';
import type { DB } from '../storage/database';

export type ListDeletionGuard = (db: Kysely<DB>, listId: Id) => Promise<string | undefined>;

const guards = new Set<ListDeletionGuard>();

/** Registers a check (idempotent: the same function twice counts once). */
export function guardListDeletion(guard: ListDeletionGuard): void {
  guards.add(guard);
}

/** The first reason a guard gives against deleting this list, or undefined. */
export async function listDeletionRefusal(db: Kysely<DB>, listId: Id): Promise<string | undefined> {
  for (const guard of guards) {
    const reason = await guard(db, listId);
    if (reason) return reason;
  }
  return undefined;
}
