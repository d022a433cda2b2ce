/**
 * The one membership write every domain calls (applications, membership requests, the admin's
 * list calls, dynamic lists): `moveMembership` and `removeMembership`, in the caller's
 * transaction. Each checks the move against engine/core/membership-moves for its actor, refuses
 * people's writes to protected (dynamic or system) lists, holds the list's capacity under
 * concurrency, and after the commit tells the member (`account:<id>`) and re-checks her sockets.
 *
 * Capacity under concurrency: the list's row is locked (`FOR UPDATE`, PostgreSQL) before its
 * places are counted, so two joins into the last place run one after the other and the second
 * counts the first; SQLite runs one writing transaction at a time anyway.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { MEMBERSHIP_STATUSES } from '../../engine/core/constants';
import { canMoveMembership, isListFull, PLACE_HOLDING_STATES, type MembershipActor, type MembershipFrom } from '../../engine/core/membership-moves';
import type { Id, MembershipState } from '../../schemas/model';
import type { ListMembershipRemovedEvent, ListMembershipView } from '../../schemas/model/api/lists';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import type { DocumentTx } from '../storage/documents';
import { listFull, protectedList, refusedMove } from './list-errors';
import { MEMBERSHIPS_KEY } from './memberships';
import type { ListMembershipsTable } from './memberships-table';
import { listById, listsDb, type UserListRecord } from './user-lists';

/**
 * Who moves: the member or an admin (engine/core moves), or `rule`: a dynamic list's evaluation
 * or the platform keeping a system list, which alone may write protected lists (admin moves; the
 * memberships it sets are marked dynamic).
 */
export type MembershipMover = MembershipActor | 'rule';

export interface MembershipMove {
  listId: Id;
  accountId: Id;
  to: MembershipState;
  actor: MembershipMover;
  /** The entity the membership is for (entity lists, power-up membership rules); one membership per list, account and entity. */
  entityId?: Id;
  membershipTypeId?: Id;
}

export interface MovedMembership {
  from: MembershipFrom;
  membership: ListMembershipView;
  /** False when it already was in that state (nothing written, nothing sent). */
  changed: boolean;
}

export const MEMBERSHIP_ADDED = 'userLists:memberships:added';
export const MEMBERSHIP_STATE = 'userLists:updated:state';
export const MEMBERSHIP_REMOVED = 'userLists:memberships:removed';

const STATUSES: ReadonlySet<string> = new Set(MEMBERSHIP_STATUSES);

export function membershipView(row: ListMembershipsTable): ListMembershipView {
  return {
    id: row.id,
    userListId: row.list_id,
    accountId: row.account_id,
    state: row.state as MembershipState,
    hidden: Number(row.hidden) === 1,
    dynamic: Number(row.dynamic ?? 0) === 1,
    ...(row.entity_id ? { entityId: row.entity_id } : {}),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The list, locked for this transaction on PostgreSQL (concurrent moves into it wait), or 404. */
export async function lockList(ctx: Pick<AppContext, 'engine'>, tx: DocumentTx, listId: Id): Promise<UserListRecord> {
  if (ctx.engine === 'postgres') await sql`select id from user_lists where id = ${listId} for update`.execute(tx.raw);
  const list = await listById(tx.raw, listId);
  if (!list) throw notFound(`user list "${listId}" does not exist`);
  return list;
}

async function findRow(tx: DocumentTx, listId: Id, accountId: Id, entityId: Id | undefined): Promise<ListMembershipsTable | undefined> {
  return listsDb(tx.raw)
    .selectFrom('list_memberships')
    .selectAll()
    .where('list_id', '=', listId)
    .where('account_id', '=', accountId)
    .$if(entityId === undefined, (q) => q.where('entity_id', 'is', null))
    .$if(entityId !== undefined, (q) => q.where('entity_id', '=', entityId!))
    .orderBy('created_at')
    .executeTakeFirst();
}

/** Place-holding members of a list now, in this transaction. */
export async function placesTaken(tx: DocumentTx, listId: Id): Promise<number> {
  const row = await listsDb(tx.raw)
    .selectFrom('list_memberships')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('list_id', '=', listId)
    .where('state', 'in', [...PLACE_HOLDING_STATES])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Moves one membership to `to` (creating it from none), in the caller's transaction: 404 unknown
 * list, 400 a person writing a protected list, 409 a refused move (naming both states) or a full
 * list (`code: 'listFull'`). The member hears of it once the transaction commits.
 */
export async function moveMembership(ctx: AppContext, tx: DocumentTx, move: MembershipMove): Promise<MovedMembership> {
  const list = await lockList(ctx, tx, move.listId);
  if (move.actor !== 'rule' && (list.dynamic || list.system)) throw protectedList();
  const row = await findRow(tx, move.listId, move.accountId, move.entityId);
  // A stored state that is no status reads as no membership (fail closed); the move rewrites that row.
  const from: MembershipFrom = row && STATUSES.has(row.state) ? (row.state as MembershipState) : null;
  if (row && from === move.to) return { from, membership: membershipView(row), changed: false };
  if (!canMoveMembership(from, move.to, move.actor === 'rule' ? 'admin' : move.actor)) throw refusedMove(from, move.to);
  const takesPlace = PLACE_HOLDING_STATES.includes(move.to) && !(from && PLACE_HOLDING_STATES.includes(from));
  if (takesPlace && list.capacity !== null && isListFull(list.capacity, await placesTaken(tx, list.id))) throw listFull();
  const now = Date.now();
  const dynamic = move.actor === 'rule' && list.dynamic ? 1 : 0;
  const db = listsDb(tx.raw);
  let stored: ListMembershipsTable;
  if (row) {
    await db.updateTable('list_memberships').set({ state: move.to, dynamic, updated_at: now }).where('id', '=', row.id).execute();
    stored = { ...row, state: move.to, dynamic, updated_at: now };
  } else {
    stored = {
      id: `lm-${crypto.randomUUID()}`,
      list_id: list.id,
      account_id: move.accountId,
      state: move.to,
      hidden: 0,
      is_primary: 0,
      entity_id: move.entityId ?? null,
      membership_type_id: move.membershipTypeId ?? null,
      tags: null,
      dynamic,
      created_at: now,
      updated_at: now,
    };
    await db.insertInto('list_memberships').values(stored).execute();
  }
  tx.changed(MEMBERSHIPS_KEY, move.accountId);
  const membership = membershipView(stored);
  tx.afterCommit(() => announceMembership(ctx, move.accountId, from === null && !row ? MEMBERSHIP_ADDED : MEMBERSHIP_STATE, membership));
  return { from, membership, changed: true };
}

export interface MembershipRemoval {
  listId: Id;
  accountId: Id;
  /** An admin removes by hand (refused on protected lists); a rule removes what it no longer matches. */
  actor: 'admin' | 'rule';
  entityId?: Id;
}

/** Removes a membership (every state) in the caller's transaction: the removed one, or undefined when there was none. */
export async function removeMembership(ctx: AppContext, tx: DocumentTx, removal: MembershipRemoval): Promise<ListMembershipView | undefined> {
  const list = await lockList(ctx, tx, removal.listId);
  if (removal.actor !== 'rule' && (list.dynamic || list.system)) throw protectedList();
  const row = await findRow(tx, removal.listId, removal.accountId, removal.entityId);
  if (!row) return undefined;
  await listsDb(tx.raw).deleteFrom('list_memberships').where('id', '=', row.id).execute();
  tx.changed(MEMBERSHIPS_KEY, removal.accountId);
  const event: ListMembershipRemovedEvent = { id: row.id, userListId: row.list_id };
  tx.afterCommit(() => announceMembership(ctx, removal.accountId, MEMBERSHIP_REMOVED, event));
  return membershipView(row);
}

/** After a commit: the member's own room hears the change, then her sockets' rooms are checked against her new memberships. */
export async function announceMembership(ctx: AppContext, accountId: Id, event: string, payload: unknown): Promise<void> {
  const realtime = ctx.realtime;
  if (!realtime) return;
  try {
    await realtime.toAccount(accountId, event, payload);
    await realtime.recheck({ accounts: [accountId] });
  } catch (error) {
    ctx.log(error);
  }
}
