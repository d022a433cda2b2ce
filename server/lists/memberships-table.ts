/**
 * The `list_memberships` table (community §3 ListMembership, §4 statuses) and the migration that
 * creates it and moves every membership out of the account documents, where they were JSON
 * (`listMemberships`) before this domain existed.
 */
import crypto from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
import type { UserListsTable } from './user-lists-table';

export interface ListMembershipsTable {
  /** The membership's id (ListMembership.id). */
  id: string;
  list_id: string;
  account_id: string;
  /** One of MEMBERSHIP_STATUSES; any other value reads as no membership. */
  state: string;
  /** 0 or 1 (SQLite has no boolean). */
  hidden: number;
  is_primary: number;
  /** The entity and membership type, for power-up membership rules; null when none. */
  entity_id: string | null;
  membership_type_id: string | null;
  /** JSON list of tags, or null. */
  tags: string | null;
  /** 1 when a dynamic list's rule set it (not a person); absent before 20261129T1510_lists_memberships_dynamic. */
  dynamic?: number;
  created_at: number;
  updated_at: number;
}

export type ListsTables = { list_memberships: ListMembershipsTable; user_lists: UserListsTable };

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown, max = 200) => (typeof v === 'string' && v && v.length <= max ? v : null);

/**
 * One stored membership of the account documents as a row, or undefined when it names no list
 * (nothing to be a member of). Its state is kept as stored, even one that is not a status: the
 * reader treats such a row as no membership (fail closed), an admin can still see and fix it.
 */
export function membershipRow(accountId: string, m: unknown, id: string, now: number): ListMembershipsTable | undefined {
  if (!isObject(m) || !text(m.userListId)) return undefined;
  const tags = Array.isArray(m.tags) ? JSON.stringify(m.tags.filter((t) => typeof t === 'string')) : null;
  return {
    id,
    list_id: m.userListId as string,
    account_id: accountId,
    state: typeof m.state === 'string' ? m.state.slice(0, 40) : JSON.stringify(m.state ?? null).slice(0, 40),
    hidden: m.hidden === true ? 1 : 0,
    is_primary: m.primary === true ? 1 : 0,
    entity_id: text(m.entityId),
    membership_type_id: text(m.membershipTypeId),
    tags,
    created_at: now,
    updated_at: now,
  };
}

const ROWS_PER_INSERT = 50;

export function membershipsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('list_memberships')
        .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('list_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('account_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('state', 'varchar(40)', (c) => c.notNull())
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('entity_id', 'varchar(200)')
        .addColumn('membership_type_id', 'varchar(200)')
        .addColumn('tags', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('list_memberships_account').on('list_memberships').column('account_id').execute();
      await db.schema.createIndex('list_memberships_list_state').on('list_memberships').columns(['list_id', 'state']).execute();
      await moveMembershipsOutOfAccounts(db as Kysely<MoveDb>);
    },
  };
}

/**
 * A list's accepted members in account order, read from the index alone: a broadcast's recipient
 * count and the fan-out's pages by cursor (server/notifications) stay quick at 10,000 members.
 */
export const membersByAccountMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('list_memberships_list_state_account').on('list_memberships').columns(['list_id', 'state', 'account_id']).execute();
  },
};

type MoveDb = ListsTables & { documents: { kind: string; id: string; data: string; revision: number; updated_at: number } };

/**
 * Every membership of every account document goes to the table, and `listMemberships` leaves the
 * document (its revision moves). Kept one by one: an id missing or used twice gets a new one
 * rather than losing the membership; only entries naming no list are left out, and counted.
 */
async function moveMembershipsOutOfAccounts(db: Kysely<MoveDb>): Promise<void> {
  const accounts = await db.selectFrom('documents').select(['id', 'data', 'revision']).where('kind', '=', 'account').orderBy('id').execute();
  const now = Date.now();
  const taken = new Set<string>();
  let moved = 0;
  let unreadable = 0;
  for (const account of accounts) {
    let data: unknown;
    try {
      data = JSON.parse(account.data);
    } catch {
      continue; // not JSON: the account reads as absent anyway
    }
    if (!isObject(data) || !('listMemberships' in data)) continue;
    const stored = Array.isArray(data.listMemberships) ? data.listMemberships : [];
    if (!Array.isArray(data.listMemberships)) unreadable++;
    const rows: ListMembershipsTable[] = [];
    for (const m of stored) {
      const wanted = isObject(m) ? text(m.id) : null;
      const id = wanted && !taken.has(wanted) ? wanted : `lm-${crypto.randomUUID()}`;
      const row = membershipRow(account.id, m, id, now);
      if (!row) {
        unreadable++;
        continue;
      }
      taken.add(id);
      rows.push(row);
    }
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
      await db
        .insertInto('list_memberships')
        .values(rows.slice(i, i + ROWS_PER_INSERT))
        .execute();
    moved += rows.length;
    const { listMemberships: _moved, ...rest } = data;
    await db
      .updateTable('documents')
      .set({ data: JSON.stringify(rest), revision: Number(account.revision) + 1, updated_at: now })
      .where('kind', '=', 'account')
      .where('id', '=', account.id)
      .execute();
  }
  if (moved || unreadable)
    console.warn(`Tessera moved ${moved} list memberships out of account documents${unreadable ? ` (${unreadable} entries naming no list left out)` : ''}`);
}
