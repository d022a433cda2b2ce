/**
 * The `user_lists` table (community §3 User list, §5 capacity and protected lists, §6 permission
 * toggles) and the migrations that create it, move every `userList` document into it and mark
 * memberships a dynamic list's rule set (`list_memberships.dynamic`).
 *
 * The lists' grants: before this table an elevated user's accepted lists granted what the
 * `listPermissions` document of the same id held (a PermissionMap). They are now the list's
 * `permissions` column (`<subject>.<action>`, granted while `allow_permissions` is on): the move
 * keeps every `true` grant and turns `allow_permissions` on for a list that had any, so the
 * permission context grants what it granted. A `false` there granted nothing and is not kept; a
 * grants document of a list that had no `userList` document becomes a list of that id, so its
 * members keep what it gave them.
 */
import type { Kysely, Migration } from 'kysely';
import { listCapacity } from '../../engine/core/membership-moves';

export interface UserListsTable {
  id: string;
  label: string;
  /** standard | connection | entity (UserListType); anything else reads as standard. */
  type: string;
  /** null: unlimited. */
  capacity: number | null;
  /** 0 or 1 (SQLite has no boolean). */
  dynamic: number;
  /** A dynamic list's RuleQuery as JSON, or null. */
  rule: string | null;
  system: number;
  connection_id: string | null;
  entity_id: string | null;
  is_admin: number;
  allow_permissions: number;
  /** JSON list of `<subject>.<action>`. */
  permissions: string;
  created_at: number;
  updated_at: number;
}

export const USER_LIST_TYPES = ['standard', 'connection', 'entity'] as const;

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown, max = 200) => (typeof v === 'string' && v && v.length <= max ? v : null);
const flag = (v: unknown) => (v === true ? 1 : 0);

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** The `true` grants of a PermissionMap as `<subject>.<action>`, in a stable order. */
export function grantsOfMap(map: unknown): string[] {
  if (!isObject(map)) return [];
  const out = new Set<string>();
  for (const [subject, actions] of Object.entries(map))
    if (isObject(actions)) for (const [action, on] of Object.entries(actions)) if (on === true && subject && action) out.add(`${subject}.${action}`);
  return [...out].sort();
}

/** One stored `userList` document (and its grants document) as a row; whatever is unreadable takes its default. */
export function userListRow(id: string, data: unknown, grants: unknown, now: number): UserListsTable {
  const d = isObject(data) ? data : {};
  const permissions = grantsOfMap(grants);
  const type = typeof d.type === 'string' && (USER_LIST_TYPES as readonly string[]).includes(d.type) ? d.type : 'standard';
  return {
    id,
    label: (text(d.label, 120) ?? text(d.name, 120) ?? id).slice(0, 120),
    type,
    capacity: listCapacity(d.capacity),
    dynamic: flag(d.dynamic),
    rule: isObject(d.rule) ? JSON.stringify(d.rule) : null,
    system: flag(d.system),
    connection_id: text(d.connectionId),
    entity_id: text(d.entityId),
    is_admin: flag(d.isAdmin),
    allow_permissions: permissions.length || d.allowPermissions === true ? 1 : 0,
    permissions: JSON.stringify(permissions),
    created_at: now,
    updated_at: now,
  };
}

type MoveDb = { user_lists: UserListsTable; documents: { kind: string; id: string; data: string } };

export const userListsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_lists')
      .addColumn('id', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('label', 'varchar(200)', (c) => c.notNull())
      .addColumn('type', 'varchar(20)', (c) => c.notNull().defaultTo('standard'))
      .addColumn('capacity', 'integer')
      .addColumn('dynamic', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rule', 'text')
      .addColumn('system', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('connection_id', 'varchar(200)')
      .addColumn('entity_id', 'varchar(200)')
      .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('allow_permissions', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('user_lists_connection').on('user_lists').column('connection_id').execute();
    await moveListDocuments(db as Kysely<MoveDb>);
  },
};

/** Every `userList` document (and `listPermissions` document) becomes a row; the documents go. */
async function moveListDocuments(db: Kysely<MoveDb>): Promise<void> {
  const docs = await db.selectFrom('documents').select(['kind', 'id', 'data']).where('kind', 'in', ['userList', 'listPermissions']).orderBy('id').execute();
  const lists = new Map<string, unknown>();
  const grants = new Map<string, unknown>();
  for (const doc of docs) (doc.kind === 'userList' ? lists : grants).set(doc.id, parse(doc.data));
  const now = Date.now();
  const ids = [...new Set([...lists.keys(), ...[...grants].filter(([, g]) => grantsOfMap(g).length).map(([id]) => id)])];
  for (const id of ids)
    await db
      .insertInto('user_lists')
      .values(userListRow(id, lists.get(id), grants.get(id), now))
      .execute();
  await db.deleteFrom('documents').where('kind', 'in', ['userList', 'listPermissions']).execute();
  if (ids.length) console.warn(`Tessera moved ${ids.length} user lists out of documents into user_lists`);
}

/** Memberships a dynamic list's rule set, apart from those a person set. */
export const membershipsDynamicMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('list_memberships')
      .addColumn('dynamic', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
