/**
 * User lists (community §3 User list), one row each in `user_lists`: what other domains read
 * (`listById`, `listsByIds`, `allLists`) and the views the list calls answer. Read tolerantly: an
 * unreadable rule reads as none (a dynamic list without a rule holds nobody), unreadable grants
 * as none (fail closed).
 */
import type { Kysely } from 'kysely';
import { isListFull, listCapacity, PLACE_HOLDING_STATES } from '../../engine/core/membership-moves';
import type { Id, PermissionMap } from '../../schemas/model';
import type { UserListSummary, UserListType, UserListView } from '../../schemas/model/api/lists';
import type { RuleQuery } from '../../schemas/model/rule-query';
import type { DB } from '../storage/database';
import type { ListsTables } from './memberships-table';
import { USER_LIST_TYPES, type UserListsTable } from './user-lists-table';
import { parseJsonColumn } from '../storage/json-column';

export interface UserListRecord {
  id: Id;
  label: string;
  type: UserListType;
  capacity: number | null;
  dynamic: boolean;
  /** A dynamic list's rule; undefined when it has none or it is unreadable. */
  rule?: RuleQuery;
  system: boolean;
  connectionId?: Id;
  entityId?: Id;
  isAdmin: boolean;
  allowPermissions: boolean;
  /** `<subject>.<action>` granted to accepted members while allowPermissions is on. */
  permissions: string[];
  createdAt: number;
  updatedAt: number;
}

export const listsDb = (db: Kysely<DB>) => db.withTables<ListsTables>();

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export function readListRow(row: UserListsTable): UserListRecord {
  const rule = parseJsonColumn(row.rule);
  const permissions = parseJsonColumn(row.permissions);
  return {
    id: row.id,
    label: row.label,
    type: (USER_LIST_TYPES as readonly string[]).includes(row.type) ? (row.type as UserListType) : 'standard',
    capacity: listCapacity(row.capacity === null ? null : Number(row.capacity)),
    dynamic: Number(row.dynamic) === 1,
    ...(isObject(rule) ? { rule: rule as unknown as RuleQuery } : {}),
    system: Number(row.system) === 1,
    ...(row.connection_id ? { connectionId: row.connection_id } : {}),
    ...(row.entity_id ? { entityId: row.entity_id } : {}),
    isAdmin: Number(row.is_admin) === 1,
    allowPermissions: Number(row.allow_permissions) === 1,
    permissions: Array.isArray(permissions) ? permissions.filter((p): p is string => typeof p === 'string' && p.includes('.')) : [],
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function listById(db: Kysely<DB>, id: Id): Promise<UserListRecord | undefined> {
  const row = await listsDb(db).selectFrom('user_lists').selectAll().where('id', '=', id).executeTakeFirst();
  return row && readListRow(row);
}

/** The lists of these ids that exist, in label order. */
export async function listsByIds(db: Kysely<DB>, ids: readonly Id[]): Promise<UserListRecord[]> {
  const unique = [...new Set(ids)];
  const out: UserListRecord[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await listsDb(db)
      .selectFrom('user_lists')
      .selectAll()
      .where('id', 'in', unique.slice(i, i + 500))
      .execute();
    out.push(...rows.map(readListRow));
  }
  return out.sort(byLabel);
}

const byLabel = (a: UserListRecord, b: UserListRecord) => a.label.localeCompare(b.label) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every list, in label order. */
export async function allLists(db: Kysely<DB>): Promise<UserListRecord[]> {
  return (await listsDb(db).selectFrom('user_lists').selectAll().execute()).map(readListRow).sort(byLabel);
}

/** Accepted (place-holding) members per list, for these lists (each present, maybe 0). */
export async function placeCounts(db: Kysely<DB>, ids: readonly Id[]): Promise<Map<Id, number>> {
  const out = new Map<Id, number>(ids.map((id) => [id, 0]));
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await listsDb(db)
      .selectFrom('list_memberships')
      .select(['list_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('list_id', 'in', unique.slice(i, i + 500))
      .where('state', 'in', [...PLACE_HOLDING_STATES])
      .groupBy('list_id')
      .execute();
    for (const r of rows) out.set(r.list_id, Number(r.n));
  }
  return out;
}

export function listSummary(list: UserListRecord, users: number): UserListSummary {
  return { id: list.id, label: list.label, type: list.type, capacity: list.capacity, isFull: isListFull(list.capacity, users), dynamic: list.dynamic };
}

export function listView(list: UserListRecord, users: number): UserListView {
  return {
    ...listSummary(list, users),
    name: list.label,
    users,
    system: list.system,
    ...(list.rule ? { rule: list.rule } : {}),
    ...(list.connectionId ? { connectionId: list.connectionId } : {}),
    ...(list.entityId ? { entityId: list.entityId } : {}),
    isAdmin: list.isAdmin,
    allowPermissions: list.allowPermissions,
    permissions: list.permissions,
  };
}

/** Views of these lists with their member counts. */
export async function listViews(db: Kysely<DB>, lists: readonly UserListRecord[]): Promise<UserListView[]> {
  const counts = await placeCounts(
    db,
    lists.map((l) => l.id),
  );
  return lists.map((l) => listView(l, counts.get(l.id) ?? 0));
}

/** A list's grants as a PermissionMap (what `permissions/byList` answers and the permission context merges); none while allowPermissions is off. */
export function listGrants(list: UserListRecord): PermissionMap {
  const out: PermissionMap = {};
  if (!list.allowPermissions) return out;
  for (const p of list.permissions) {
    const dot = p.lastIndexOf('.');
    const subject = p.slice(0, dot);
    const action = p.slice(dot + 1);
    if (!subject || !action) continue;
    if (!Object.hasOwn(out, subject)) Object.defineProperty(out, subject, { value: {}, enumerable: true, writable: true, configurable: true });
    Object.defineProperty(out[subject], action, { value: true, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A list as its row. */
export function listRow(list: UserListRecord): UserListsTable {
  return {
    id: list.id,
    label: list.label,
    type: list.type,
    capacity: list.capacity,
    dynamic: list.dynamic ? 1 : 0,
    rule: list.rule ? JSON.stringify(list.rule) : null,
    system: list.system ? 1 : 0,
    connection_id: list.connectionId ?? null,
    entity_id: list.entityId ?? null,
    is_admin: list.isAdmin ? 1 : 0,
    allow_permissions: list.allowPermissions ? 1 : 0,
    permissions: JSON.stringify([...new Set(list.permissions)].sort()),
    created_at: list.createdAt,
    updated_at: list.updatedAt,
  };
}

/** A new list with these fields, the others at their defaults. */
export function newList(id: Id, fields: Partial<UserListRecord> & { label: string }, now = Date.now()): UserListRecord {
  return {
    type: 'standard',
    capacity: null,
    dynamic: false,
    system: false,
    isAdmin: false,
    allowPermissions: false,
    permissions: [],
    ...fields,
    id,
    createdAt: now,
    updatedAt: now,
  };
}

/** Stores a list (inserted, or replacing the row of its id), in the writer's transaction. */
export async function putList(db: Kysely<DB>, list: UserListRecord): Promise<void> {
  const row = listRow(list);
  const { id: _id, created_at: _created, ...changes } = row;
  const updated = await listsDb(db).updateTable('user_lists').set(changes).where('id', '=', list.id).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await listsDb(db).insertInto('user_lists').values(row).execute();
}
