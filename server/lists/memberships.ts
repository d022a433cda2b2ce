/**
 * List memberships (community §3 ListMembership, §4 statuses), one row each in `list_memberships`:
 * what other domains call to read or change them (`memberships.of(...)` in the architecture's
 * words). Read tolerantly and closed: a row whose state is not a status, or that names no list,
 * makes nobody a member of anything.
 */
import type { Kysely } from 'kysely';
import { MEMBERSHIP_STATUSES } from '../../engine/core/constants';
import type { Id, ListMembership, MembershipState } from '../../schemas/model';
import type { DB } from '../storage/database';
import type { DocumentTx } from '../storage/documents';
import { membershipRow, type ListMembershipsTable, type ListsTables } from './memberships-table';

/** The change key a membership write announces (write hooks, caches): one per account. */
export const MEMBERSHIPS_KEY = 'listMemberships';

const listsDb = (db: Kysely<DB>) => db.withTables<ListsTables>();

const STATUSES: ReadonlySet<string> = new Set(MEMBERSHIP_STATUSES);

function tagsOf(text: string | null): string[] | undefined {
  if (text === null) return undefined;
  try {
    const tags: unknown = JSON.parse(text);
    return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : undefined;
  } catch {
    return undefined; // unreadable tags match no tag operator
  }
}

/** A stored row as a membership, or undefined when it grants nothing (an unknown state, no list). */
export function readMembershipRow(row: ListMembershipsTable): ListMembership | undefined {
  if (!STATUSES.has(row.state) || typeof row.list_id !== 'string' || !row.list_id) return undefined;
  const tags = tagsOf(row.tags);
  return {
    id: row.id,
    userListId: row.list_id,
    state: row.state as MembershipState,
    ...(Number(row.hidden) === 1 ? { hidden: true } : {}),
    ...(row.entity_id ? { entityId: row.entity_id } : {}),
    ...(row.membership_type_id ? { membershipTypeId: row.membership_type_id } : {}),
    ...(tags ? { tags } : {}),
  };
}

function readRows(rows: ListMembershipsTable[]): ListMembership[] {
  return rows.map(readMembershipRow).filter((m): m is ListMembership => m !== undefined);
}

/** An account's memberships, oldest first. */
export async function membershipsOf(db: Kysely<DB>, accountId: Id): Promise<ListMembership[]> {
  const rows = await listsDb(db).selectFrom('list_memberships').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
  return readRows(rows);
}

/** Memberships by account: of these accounts (each present, maybe empty), or of every account. */
export async function membershipsByAccount(db: Kysely<DB>, accountIds?: readonly Id[]): Promise<Map<Id, ListMembership[]>> {
  const out = new Map<Id, ListMembership[]>((accountIds ?? []).map((id) => [id, []]));
  const ids = accountIds ? [...new Set(accountIds)] : undefined;
  const chunks = ids ? Array.from({ length: Math.ceil(ids.length / 500) }, (_, i) => ids.slice(i * 500, i * 500 + 500)) : [undefined];
  for (const chunk of chunks) {
    if (chunk && !chunk.length) continue;
    const rows = await listsDb(db)
      .selectFrom('list_memberships')
      .selectAll()
      .$if(!!chunk, (q) => q.where('account_id', 'in', chunk!))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const m = readMembershipRow(row);
      if (!m) continue;
      const list = out.get(row.account_id);
      if (list) list.push(m);
      else out.set(row.account_id, [m]);
    }
  }
  return out;
}

/**
 * Sets an account's memberships to these (the demo seed, an admin's change), in the writing
 * transaction: memberships it no longer holds go, held ones keep their creation time. The write
 * is announced under MEMBERSHIPS_KEY, so the member index and caches follow it.
 */
export async function setMemberships(tx: DocumentTx, accountId: Id, memberships: readonly ListMembership[]): Promise<void> {
  const db = listsDb(tx.raw);
  const before = new Map(
    (await db.selectFrom('list_memberships').select(['id', 'created_at']).where('account_id', '=', accountId).execute()).map((r) => [
      r.id,
      Number(r.created_at),
    ]),
  );
  const now = Date.now();
  await db.deleteFrom('list_memberships').where('account_id', '=', accountId).execute();
  const rows = memberships.flatMap((m) => {
    const row = membershipRow(accountId, m, m.id, now);
    return row ? [{ ...row, created_at: before.get(m.id) ?? now }] : [];
  });
  for (let i = 0; i < rows.length; i += 50)
    await db
      .insertInto('list_memberships')
      .values(rows.slice(i, i + 50))
      .execute();
  tx.changed(MEMBERSHIPS_KEY, accountId);
}

/** Removes every membership of an account (the account is deleted), in the writing transaction. */
export async function removeMemberships(tx: DocumentTx, accountId: Id): Promise<void> {
  await listsDb(tx.raw).deleteFrom('list_memberships').where('account_id', '=', accountId).execute();
  tx.changed(MEMBERSHIPS_KEY, accountId);
}

/** Distinct accounts accepted in any of these lists now (a broadcast's recipients). */
export async function countAcceptedMembers(db: Kysely<DB>, listIds: readonly Id[]): Promise<number> {
  if (!listIds.length) return 0;
  const row = await listsDb(db)
    .selectFrom('list_memberships')
    .select((eb) => eb.fn.count<number | string>('account_id').distinct().as('n'))
    .where('list_id', 'in', [...new Set(listIds)])
    .where('state', '=', 'accepted')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The next distinct accounts accepted in any of these lists, in account order after `after` (a fan-out walks them by this cursor). */
export async function acceptedMembersPage(db: Kysely<DB>, listIds: readonly Id[], after: Id | null, limit: number): Promise<Id[]> {
  if (!listIds.length) return [];
  const rows = await listsDb(db)
    .selectFrom('list_memberships')
    .select('account_id')
    .distinct()
    .where('list_id', 'in', [...new Set(listIds)])
    .where('state', '=', 'accepted')
    .$if(after !== null, (q) => q.where('account_id', '>', after!))
    .orderBy('account_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.account_id);
}
