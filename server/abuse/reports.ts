/**
 * Reading and writing abuse reports (schemas/model/api/abuse.ts; rules engine/core/abuse.ts): filing
 * one (one waiting report per reporter and item, by `open_key`), the queue (one row per reported
 * item, newest report first, keyset over (newest report date, type, id)), an item's reports and
 * history, and status moves (all or nothing: a refused move changes none).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ABUSE_STATUS_MOVES, ABUSE_WAITING, mayMoveAbuseStatus } from '../../engine/core/abuse';
import type { AbuseCategory, AbuseHistoryEntry, AbuseReport, AbuseReportedType, AbuseStatus } from '../../schemas/model/api/abuse';
import { badRequest, HttpError, notFound } from '../errors';
import type { DB } from '../storage/database';
import { openKeyOf, type AbuseHistoryTable, type AbuseReportsTable, type AbuseTables } from './abuse-tables';

export const abuseDb = (db: Kysely<DB>) => db.withTables<AbuseTables>();
type Row = AbuseReportsTable;

function readData(text: string): { reason?: string } {
  try {
    const v: unknown = JSON.parse(text);
    const reason = v && typeof v === 'object' ? (v as { reason?: unknown }).reason : undefined;
    return typeof reason === 'string' ? { reason } : {};
  } catch {
    return {};
  }
}

export function reportView(row: Row): AbuseReport {
  return {
    id: row.id,
    reportedId: row.reported_id,
    reportedType: row.reported_type as AbuseReportedType,
    category: row.category as AbuseCategory,
    data: readData(row.data),
    status: row.status as AbuseStatus,
    reporterId: row.reporter_id,
    authorId: row.author_id,
    created: Number(row.created),
    updated: Number(row.updated),
  };
}

const historyView = (row: AbuseHistoryTable): AbuseHistoryEntry => ({
  action: row.action as AbuseHistoryEntry['action'],
  by: row.by_account,
  date: Number(row.date),
  ...(row.message !== null ? { message: row.message } : {}),
  ...(row.status !== null ? { status: row.status as AbuseStatus } : {}),
});

export const isWaiting = (status: string) => (ABUSE_WAITING as readonly string[]).includes(status);

let historySequence = 0;

/** A history row; its id sorts in the order rows were made (date, then this process's sequence), so entries of one instant keep their order. */
export function historyRow(
  reportId: string,
  action: AbuseHistoryEntry['action'],
  by: string,
  date: number,
  extra: { message?: string; status?: AbuseStatus } = {},
): AbuseHistoryTable {
  historySequence = (historySequence + 1) % 1_000_000;
  const id = `${String(date).padStart(15, '0')}-${String(historySequence).padStart(6, '0')}-${crypto.randomUUID().slice(0, 8)}`;
  return { id, report_id: reportId, action, by_account: by, date, message: extra.message ?? null, status: extra.status ?? null };
}

export interface NewReport {
  reporterId: string;
  reportedType: AbuseReportedType;
  reportedId: string;
  category: AbuseCategory;
  reason?: string;
  authorId: string | null;
}

/** Files a report, or answers the reporter's waiting report on the same item (`created` false). */
export async function fileReport(db: Kysely<DB>, input: NewReport, now = Date.now()): Promise<{ report: AbuseReport; created: boolean }> {
  const a = abuseDb(db);
  const openKey = openKeyOf(input.reporterId, input.reportedType, input.reportedId);
  const existing = async () => a.selectFrom('abuse_reports').selectAll().where('open_key', '=', openKey).executeTakeFirst();
  const before = await existing();
  if (before) return { report: reportView(before), created: false };
  const row: Row = {
    id: crypto.randomUUID(),
    reported_type: input.reportedType,
    reported_id: input.reportedId,
    category: input.category,
    data: JSON.stringify(input.reason ? { reason: input.reason } : {}),
    status: 'open',
    reporter_id: input.reporterId,
    author_id: input.authorId,
    open_key: openKey,
    created: now,
    updated: now,
  };
  const inserted = await db.transaction().execute(async (tx) => {
    const t = abuseDb(tx as unknown as Kysely<DB>);
    const done = await t
      .insertInto('abuse_reports')
      .values(row)
      .onConflict((oc) => oc.column('open_key').doNothing())
      .executeTakeFirst();
    if (Number(done.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await t
      .insertInto('abuse_history')
      .values(historyRow(row.id, 'reported', input.reporterId, now, { status: 'open', ...(input.reason ? { message: input.reason } : {}) }))
      .execute();
    return true;
  });
  if (inserted) return { report: reportView(row), created: true };
  const raced = await existing();
  if (!raced) throw new HttpError(409, 'conflict', 'the report could not be filed: try again');
  return { report: reportView(raced), created: false };
}

export async function reportById(db: Kysely<DB>, id: string): Promise<Row | undefined> {
  if (typeof id !== 'string' || !id || id.length > 64) return undefined;
  return abuseDb(db).selectFrom('abuse_reports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function requireReport(db: Kysely<DB>, id: string): Promise<Row> {
  const row = await reportById(db, id);
  if (!row) throw notFound(`abuse report "${String(id).slice(0, 64)}" does not exist`);
  return row;
}

/** Every report on one item, newest first. */
export async function reportsOnItem(db: Kysely<DB>, type: string, id: string): Promise<Row[]> {
  return abuseDb(db)
    .selectFrom('abuse_reports')
    .selectAll()
    .where('reported_type', '=', type)
    .where('reported_id', '=', id)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The history of every report on the item, oldest first. */
export async function historyOf(db: Kysely<DB>, reportIds: readonly string[]): Promise<AbuseHistoryEntry[]> {
  if (!reportIds.length) return [];
  const rows = await abuseDb(db).selectFrom('abuse_history').selectAll().where('report_id', 'in', reportIds).orderBy('date').orderBy('id').execute();
  return rows.map(historyView);
}

/** Open and in-review items (distinct reported items). */
export async function countWaitingItems(db: Kysely<DB>): Promise<number> {
  const row = await abuseDb(db)
    .selectFrom((eb) =>
      eb
        .selectFrom('abuse_reports')
        .select(['reported_type', 'reported_id'])
        .where('status', 'in', [...ABUSE_WAITING])
        .groupBy(['reported_type', 'reported_id'])
        .as('items'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface QueueFilter {
  statuses: AbuseStatus[];
  type?: AbuseReportedType;
  category?: AbuseCategory;
  q?: string;
}

export interface QueueCursor {
  last: number;
  type: string;
  id: string;
}

export const encodeQueueCursor = (c: QueueCursor) => Buffer.from(JSON.stringify([c.last, c.type, c.id])).toString('base64url');
export function decodeQueueCursor(text: string): QueueCursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 3 && Number.isSafeInteger(v[0]) && typeof v[1] === 'string' && typeof v[2] === 'string' && v[2].length <= 200)
      return { last: v[0] as number, type: v[1], id: v[2] };
  } catch {
    // answered below
  }
  throw badRequest('cursor is not one this call answered');
}

/** One page of reported items (newest report first) and, for each, its reports matching the filter. */
export async function queuePage(
  db: Kysely<DB>,
  filter: QueueFilter,
  limit: number,
  cursor?: QueueCursor,
): Promise<{ items: { type: AbuseReportedType; id: string; reports: Row[] }[]; more: boolean; cursor?: QueueCursor }> {
  const a = abuseDb(db);
  let base = a.selectFrom('abuse_reports').where('status', 'in', filter.statuses);
  if (filter.type) base = base.where('reported_type', '=', filter.type);
  if (filter.category) base = base.where('category', '=', filter.category);
  if (filter.q) {
    const q = filter.q;
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb('reported_id', '=', q), eb('reporter_id', '=', q), eb('author_id', '=', q), eb('data', 'like', eb.val(like)), eb('id', '=', q)]),
    );
  }
  let grouped = base
    .select(['reported_type', 'reported_id', (eb) => eb.fn.max('created').as('last')])
    .groupBy(['reported_type', 'reported_id'])
    .orderBy('last', 'desc')
    .orderBy('reported_type', 'desc')
    .orderBy('reported_id', 'desc')
    .limit(limit + 1);
  if (cursor)
    grouped = grouped.having((eb) =>
      eb.or([
        eb(eb.fn.max('created'), '<', cursor.last),
        eb.and([eb(eb.fn.max('created'), '=', cursor.last), eb('reported_type', '<', cursor.type)]),
        eb.and([eb(eb.fn.max('created'), '=', cursor.last), eb('reported_type', '=', cursor.type), eb('reported_id', '<', cursor.id)]),
      ]),
    );
  const keys = await grouped.execute();
  const shown = keys.slice(0, limit);
  const more = keys.length > limit;
  const items = await Promise.all(
    shown.map(async (k) => {
      const all = await reportsOnItem(db, k.reported_type, k.reported_id);
      const reports = all.filter((r) => filter.statuses.includes(r.status as AbuseStatus) && (!filter.category || r.category === filter.category));
      return { type: k.reported_type as AbuseReportedType, id: k.reported_id, reports: reports.length ? reports : all };
    }),
  );
  const last = shown[shown.length - 1];
  return { items, more, ...(more && last ? { cursor: { last: Number(last.last), type: last.reported_type, id: last.reported_id } } : {}) };
}

/**
 * Moves reports to `to` (a moderator's status change), all or nothing: a move ABUSE_STATUS_MOVES
 * refuses is a 409 naming both states; reopening a report whose reporter has another waiting on
 * the item is a 409 too. Reports already in `to` stay as they are.
 */
export async function moveReports(db: Kysely<DB>, ids: readonly string[], to: AbuseStatus, by: string, now = Date.now(), message?: string): Promise<Row[]> {
  return db.transaction().execute(async (tx) => {
    const t = abuseDb(tx as unknown as Kysely<DB>);
    const rows = await t
      .selectFrom('abuse_reports')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) if (!byId.has(id)) throw notFound(`abuse report "${id.slice(0, 64)}" does not exist`);
    for (const r of rows)
      if (r.status !== to && !mayMoveAbuseStatus(r.status as AbuseStatus, to))
        throw new HttpError(409, 'conflict', `report "${r.id}" cannot move from ${r.status} to ${to} (allowed from ${r.status}: ${allowed(r.status)})`);
    for (const r of rows) {
      if (r.status === to) continue;
      const openKey = isWaiting(to) ? openKeyOf(r.reporter_id, r.reported_type, r.reported_id) : null;
      if (openKey && !r.open_key) {
        const other = await t.selectFrom('abuse_reports').select('id').where('open_key', '=', openKey).executeTakeFirst();
        if (other)
          throw new HttpError(
            409,
            'conflict',
            `report "${r.id}" cannot move from ${r.status} to ${to}: its reporter has report "${other.id}" waiting on the same item`,
          );
      }
      await t.updateTable('abuse_reports').set({ status: to, open_key: openKey, updated: now }).where('id', '=', r.id).execute();
      await t
        .insertInto('abuse_history')
        .values(historyRow(r.id, 'status', by, now, { status: to, ...(message ? { message } : {}) }))
        .execute();
    }
    return t
      .selectFrom('abuse_reports')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  });
}

function allowed(from: string): string {
  return (Object.hasOwn(ABUSE_STATUS_MOVES, from) ? ABUSE_STATUS_MOVES[from as AbuseStatus] : []).join(', ') || 'none';
}

/** Records an action on the item in the report's history (hide, enable, delete, a note). */
export async function recordAction(
  db: Kysely<DB>,
  reportId: string,
  action: AbuseHistoryEntry['action'],
  by: string,
  now: number,
  message?: string,
): Promise<void> {
  await abuseDb(db)
    .insertInto('abuse_history')
    .values(historyRow(reportId, action, by, now, message ? { message } : {}))
    .execute();
}

/** Resolves every waiting report on the item (hidden or deleted content). Answers the ids changed. */
export async function resolveItem(db: Kysely<DB>, type: string, id: string, by: string, now: number): Promise<string[]> {
  const waiting = (await reportsOnItem(db, type, id)).filter((r) => isWaiting(r.status)).map((r) => r.id);
  if (waiting.length) await moveReports(db, waiting, 'resolved', by, now);
  return waiting;
}
