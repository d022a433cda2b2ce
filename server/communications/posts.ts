/**
 * Posts and comments in their tables (./tables.ts): views for a viewer, list pages by keyset,
 * create, edit with history, soft delete, reactions exact under concurrency. Callers check the
 * target and the rights first (./routes.ts); everything here runs in the caller's transaction
 * where it writes.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { COMMUNICATION_MAX_DEPTH, EMPTY_DOC, mayEditCommunication, POST_HISTORY_MAX, reactionScore } from '../../engine/core/communications';
import type {
  Communication,
  CommunicationKind,
  CommunicationOrder,
  PostMedia,
  ReactionSummary,
  ReferenceOwnerKind,
  RichTextDoc,
} from '../../schemas/model/api/communications';
import type { DB } from '../storage/database';
import { textIndex } from '../search/text-dialect';
import type { CommunicationsTable, CommunicationTables } from './tables';
import type { Viewer } from './targets';

export const commsDb = (db: Kysely<DB>) => db.withTables<CommunicationTables>();
export type CommsDb = ReturnType<typeof commsDb>;
/** The posts' search index (server/search/text-dialect.ts). */
export const postIndex = (engine: 'sqlite' | 'postgres') => textIndex(engine, 'communication_search');

export type Row = CommunicationsTable;

const parseJson = <T>(text: string | null | undefined, fallback: T): T => {
  try {
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
};

export interface Reactions {
  counts: Record<string, number>;
  mine: string[];
}

/** Reaction counts of these items and the viewer's own reactions. */
export async function reactionsOf(db: Kysely<DB>, ids: string[], me: string | null): Promise<Map<string, Reactions>> {
  const out = new Map<string, Reactions>(ids.map((id) => [id, { counts: {}, mine: [] }]));
  if (!ids.length) return out;
  const c = commsDb(db);
  const [counts, mine] = await Promise.all([
    c
      .selectFrom('communication_reactions')
      .select(['communication_id', 'reaction_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('communication_id', 'in', ids)
      .groupBy(['communication_id', 'reaction_id'])
      .execute(),
    me
      ? c
          .selectFrom('communication_reactions')
          .select(['communication_id', 'reaction_id'])
          .where('communication_id', 'in', ids)
          .where('account_id', '=', me)
          .execute()
      : Promise.resolve([]),
  ]);
  for (const r of counts) out.get(r.communication_id)!.counts[r.reaction_id] = Number(r.n);
  for (const r of mine) out.get(r.communication_id)!.mine.push(r.reaction_id);
  return out;
}

export const summaryOf = (score: number, reactions: Reactions): ReactionSummary => ({
  score,
  userReactions: [...reactions.mine].sort(),
  individualReactionScores: reactions.counts,
});

/** What the target's options say of reactions and replies (for `can`). */
export interface TargetRules {
  options: Record<string, unknown>;
  isAdmin?: boolean;
}

/** A row as a viewer sees it (viewer null: the room's audience, `own` and `can` false). */
export function viewOf(row: Row, viewer: Viewer | null, reactions: Reactions, options: Record<string, unknown> = {}): Communication {
  const own = !!viewer && row.from_account === viewer.accountId;
  const deleted = Number(row.deleted) === 1;
  const hidden = Number(row.hidden) === 1;
  const editable = !!viewer && mayEditCommunication({ from: row.from_account, deleted }, { accountId: viewer.accountId, isAdmin: viewer.isAdmin }, options);
  const live = !deleted && !hidden;
  return {
    id: row.id,
    kind: row.kind as CommunicationKind,
    parentId: row.parent_id || null,
    rootId: row.root_id,
    targetId: row.target_id,
    ownerKind: row.owner_kind as ReferenceOwnerKind,
    scope: row.scope,
    scopeContextData: row.scope_context_data,
    from: row.from_account,
    own,
    title: deleted ? null : row.title,
    body: deleted ? EMPTY_DOC : parseJson<RichTextDoc>(row.body, EMPTY_DOC),
    html: deleted ? '' : row.html,
    text: deleted ? '' : row.text,
    media: deleted ? [] : parseJson<PostMedia[]>(row.media, []),
    mentions: deleted ? [] : parseJson<string[]>(row.mentions, []),
    meta: summaryOf(Number(row.score), viewer ? reactions : { counts: reactions.counts, mine: [] }),
    childrenCount: Number(row.children_count),
    created: Number(row.created),
    edited: row.edited === null ? null : Number(row.edited),
    deleted,
    hidden,
    can: {
      edit: editable,
      delete: !!viewer && !deleted && (own || viewer.moderator),
      reply: !!viewer && live && Number(row.depth) <= COMMUNICATION_MAX_DEPTH,
      react: !!viewer && live && options.allowReactions !== false,
      report: !!viewer && live && !own,
      moderate: !!viewer && viewer.moderator,
    },
  };
}

export async function viewsOf(db: Kysely<DB>, rows: Row[], viewer: Viewer | null, options: Record<string, unknown> = {}): Promise<Communication[]> {
  const reactions = await reactionsOf(
    db,
    rows.map((r) => r.id),
    viewer?.accountId ?? null,
  );
  return rows.map((r) => viewOf(r, viewer, reactions.get(r.id)!, options));
}

export async function findRow(db: Kysely<DB>, id: string): Promise<Row | undefined> {
  if (!id || id.length > 64) return undefined;
  return (await commsDb(db).selectFrom('communications').selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
}

/** Whether this viewer sees the row at all (hidden ones: moderators and the author). */
export const seesRow = (row: Row, viewer: Viewer) => Number(row.hidden) !== 1 || viewer.moderator || row.from_account === viewer.accountId;

// ---- list pages -------------------------------------------------------------------------------

const ORDER_COLUMN: Record<CommunicationOrder, 'created' | 'score' | 'children_count'> = {
  newest: 'created',
  oldest: 'created',
  score: 'score',
  mostActive: 'children_count',
};

export interface Cursor {
  value: number;
  id: string;
}

export const encodeCursor = (order: CommunicationOrder, value: number, id: string) => Buffer.from(`${order}.${value}.${id}`).toString('base64url');
export function decodeCursor(order: CommunicationOrder, text: string): Cursor | undefined {
  const m = /^([a-zA-Z]{1,12})\.(-?\d{1,16})\.([A-Za-z0-9_-]{1,64})$/.exec(Buffer.from(text, 'base64url').toString('utf8'));
  if (!m || m[1] !== order) return undefined;
  return { value: Number(m[2]), id: m[3] };
}

export interface ListQuery {
  targetId: string;
  parentId: string | null;
  order: CommunicationOrder;
  limit: number;
  cursor?: Cursor;
  page?: number;
  scope?: string;
  scopeContextData?: string;
  viewer: Viewer;
}

function listBase(db: Kysely<DB>, q: ListQuery) {
  let query = commsDb(db)
    .selectFrom('communications')
    .where('target_id', '=', q.targetId)
    .where('parent_id', '=', q.parentId ?? '');
  if (q.scope !== undefined) query = query.where('scope', '=', q.scope);
  if (q.scopeContextData !== undefined) query = query.where('scope_context_data', '=', q.scopeContextData);
  if (!q.viewer.moderator) query = query.where((eb) => eb.or([eb('hidden', '=', 0), eb('from_account', '=', q.viewer.accountId)]));
  return query;
}

/**
 * How many items of the list the viewer sees: the stored count (the target's posts, or the
 * parent's children) less the hidden ones she may not see; a scoped list counts its rows.
 */
export async function countVisible(db: Kysely<DB>, q: ListQuery): Promise<number> {
  const c = commsDb(db);
  if (q.scope !== undefined || q.scopeContextData !== undefined)
    return Number(
      (
        await listBase(db, q)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const stored = q.parentId
    ? await c.selectFrom('communications').select('children_count as n').where('id', '=', q.parentId).executeTakeFirst()
    : await c.selectFrom('communication_targets').select('posts as n').where('target_id', '=', q.targetId).executeTakeFirst();
  const all = Number(stored?.n ?? 0);
  if (q.viewer.moderator) return all;
  const hidden = await c
    .selectFrom('communications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('target_id', '=', q.targetId)
    .where('parent_id', '=', q.parentId ?? '')
    .where('hidden', '=', 1)
    .where('from_account', '!=', q.viewer.accountId)
    .executeTakeFirst();
  return Math.max(0, all - Number(hidden?.n ?? 0));
}

/** One page of a target's posts (or a post's replies): keyset by cursor, or a numbered page over the same index. */
export async function listRows(db: Kysely<DB>, q: ListQuery): Promise<{ rows: Row[]; more: boolean; total: number; cursor?: string }> {
  const column = ORDER_COLUMN[q.order];
  const desc = q.order !== 'oldest';
  let query = listBase(db, q).selectAll();
  if (q.cursor) {
    const { value, id } = q.cursor;
    // A row comparison: one index range on both engines.
    query = desc
      ? query.where(sql<boolean>`(${sql.ref(column)}, id) < (${value}, ${id})`)
      : query.where(sql<boolean>`(${sql.ref(column)}, id) > (${value}, ${id})`);
  }
  query = query.orderBy(column, desc ? 'desc' : 'asc').orderBy('id', desc ? 'desc' : 'asc');
  if (!q.cursor && q.page) query = query.offset(q.page * q.limit);
  const [rows, total] = await Promise.all([query.limit(q.limit + 1).execute() as Promise<Row[]>, countVisible(db, q)]);
  const more = rows.length > q.limit;
  const shown = rows.slice(0, q.limit);
  const last = shown[shown.length - 1];
  return { rows: shown, more, total, ...(more && last ? { cursor: encodeCursor(q.order, Number(last[column]), last.id) } : {}) };
}

/** The 0-based page (of `limit`) holding the row among its siblings in this order. */
export async function pageOfRow(db: Kysely<DB>, q: ListQuery, row: Row): Promise<number> {
  const column = ORDER_COLUMN[q.order];
  const desc = q.order !== 'oldest';
  const value = Number(row[column]);
  const before = await listBase(db, q)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(desc ? sql<boolean>`(${sql.ref(column)}, id) > (${value}, ${row.id})` : sql<boolean>`(${sql.ref(column)}, id) < (${value}, ${row.id})`)
    .executeTakeFirst();
  return Math.floor(Number(before?.n ?? 0) / q.limit);
}

// ---- writes -----------------------------------------------------------------------------------

export interface NewItem {
  id?: string;
  kind: CommunicationKind;
  parent: Row | null;
  targetId: string;
  ownerKind: ReferenceOwnerKind;
  scope: string | null;
  scopeContextData: string | null;
  from: string;
  title: string | null;
  body: RichTextDoc;
  html: string;
  text: string;
  media: PostMedia[];
  mentions: string[];
  clientId: string | null;
  created?: number;
}

/** The parent a reply attaches to: the deepest allowed (COMMUNICATION_MAX_DEPTH). */
export async function attachParent(db: Kysely<DB>, parent: Row): Promise<Row> {
  let at = parent;
  while (Number(at.depth) >= COMMUNICATION_MAX_DEPTH && at.parent_id) {
    const up = await findRow(db, at.parent_id);
    if (!up) break;
    at = up;
  }
  return at;
}

/** Moves a target's post count, atomically (concurrent creates each count). */
export async function countPosts(db: Kysely<DB>, targetId: string, by: number): Promise<void> {
  await commsDb(db)
    .insertInto('communication_targets')
    .values({ target_id: targetId, posts: by })
    .onConflict((oc) => oc.column('target_id').doUpdateSet((eb) => ({ posts: eb('communication_targets.posts', '+', by) })))
    .execute();
}

/** Stores a new item, counts it on its parent and indexes its words, in the caller's transaction. */
export async function insertItem(db: Kysely<DB>, engine: 'sqlite' | 'postgres', item: NewItem): Promise<Row> {
  const id = item.id ?? crypto.randomUUID();
  const row: Row = {
    id,
    kind: item.kind,
    parent_id: item.parent?.id ?? '',
    root_id: item.parent ? item.parent.root_id : id,
    depth: item.parent ? Number(item.parent.depth) + 1 : 0,
    target_id: item.targetId,
    owner_kind: item.ownerKind,
    scope: item.scope,
    scope_context_data: item.scopeContextData,
    from_account: item.from,
    title: item.title,
    body: JSON.stringify(item.body),
    html: item.html,
    text: item.text,
    media: JSON.stringify(item.media),
    mentions: JSON.stringify(item.mentions),
    score: 0,
    children_count: 0,
    created: item.created ?? Date.now(),
    edited: null,
    deleted: 0,
    hidden: 0,
    hidden_by: null,
    client_id: item.clientId,
  };
  const c = commsDb(db);
  await c.insertInto('communications').values(row).execute();
  if (item.parent)
    await c
      .updateTable('communications')
      .set((eb) => ({ children_count: eb('children_count', '+', 1) }))
      .where('id', '=', item.parent.id)
      .execute();
  else await countPosts(db, item.targetId, 1);
  await postIndex(engine).put(db, id, `${row.title ?? ''} ${row.text}`);
  return row;
}

export async function findByClientId(db: Kysely<DB>, from: string, clientId: string): Promise<Row | undefined> {
  return (await commsDb(db).selectFrom('communications').selectAll().where('from_account', '=', from).where('client_id', '=', clientId).executeTakeFirst()) as
    Row | undefined;
}

/** Edits an item, keeping the previous version in its history (the oldest dropped past POST_HISTORY_MAX). */
export async function editItem(
  db: Kysely<DB>,
  engine: 'sqlite' | 'postgres',
  row: Row,
  by: string,
  next: { title: string | null; body: RichTextDoc; html: string; text: string; media: PostMedia[]; mentions: string[] },
): Promise<Row> {
  const c = commsDb(db);
  const now = Math.max(Date.now(), Number(row.edited ?? 0) + 1);
  await c
    .insertInto('communication_history')
    .values({ id: crypto.randomUUID(), communication_id: row.id, title: row.title, body: row.body, media: row.media, edited: now, by_account: by })
    .execute();
  const old = await c
    .selectFrom('communication_history')
    .select('id')
    .where('communication_id', '=', row.id)
    .orderBy('edited', 'desc')
    .offset(POST_HISTORY_MAX)
    .limit(1000)
    .execute();
  if (old.length)
    await c
      .deleteFrom('communication_history')
      .where(
        'id',
        'in',
        old.map((o) => o.id),
      )
      .execute();
  const changes = {
    title: next.title,
    body: JSON.stringify(next.body),
    html: next.html,
    text: next.text,
    media: JSON.stringify(next.media),
    mentions: JSON.stringify(next.mentions),
    edited: now,
  };
  await c.updateTable('communications').set(changes).where('id', '=', row.id).execute();
  await postIndex(engine).put(db, row.id, `${next.title ?? ''} ${next.text}`);
  return { ...row, ...changes };
}

/** Soft delete: marked, title, body and media emptied; replies stay. */
export async function deleteItem(db: Kysely<DB>, engine: 'sqlite' | 'postgres', row: Row): Promise<Row> {
  const changes = { deleted: 1, title: null, body: JSON.stringify(EMPTY_DOC), html: '', text: '', media: '[]', mentions: '[]' };
  await commsDb(db).updateTable('communications').set(changes).where('id', '=', row.id).execute();
  await postIndex(engine).remove(db, row.id);
  return { ...row, ...changes };
}

export async function setHidden(db: Kysely<DB>, row: Row, hidden: boolean, by: string): Promise<Row> {
  const changes = { hidden: hidden ? 1 : 0, hidden_by: hidden ? by : null };
  await commsDb(db).updateTable('communications').set(changes).where('id', '=', row.id).execute();
  return { ...row, ...changes };
}

/**
 * Toggles the member's reaction: the primary key (item, account, reaction) decides, and the row's
 * score moves by one with an atomic increment in the same transaction, so concurrent toggles from
 * many members leave the score equal to the rows.
 */
export async function toggleReaction(db: Kysely<DB>, id: string, accountId: string, reactionId: string): Promise<number> {
  const c = commsDb(db);
  const removed = await c
    .deleteFrom('communication_reactions')
    .where('communication_id', '=', id)
    .where('account_id', '=', accountId)
    .where('reaction_id', '=', reactionId)
    .returning('communication_id')
    .execute();
  let delta = -removed.length;
  if (!removed.length) {
    const added = await c
      .insertInto('communication_reactions')
      .values({ communication_id: id, account_id: accountId, reaction_id: reactionId, created: Date.now() })
      .onConflict((oc) => oc.columns(['communication_id', 'account_id', 'reaction_id']).doNothing())
      .returning('communication_id')
      .execute();
    delta = added.length;
  }
  if (delta)
    await c
      .updateTable('communications')
      .set((eb) => ({ score: eb('score', '+', delta) }))
      .where('id', '=', id)
      .execute();
  return delta;
}

/** Sets every item's score of a target to its reactions' count (admins' repair). */
export async function recalculateScores(db: Kysely<DB>, targetId: string): Promise<number> {
  const c = commsDb(db);
  const result = await c
    .updateTable('communications')
    .set({
      score: sql<number>`(select count(*) from communication_reactions r where r.communication_id = communications.id)`,
    })
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export { reactionScore };
