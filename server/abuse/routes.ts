/**
 * The abuse calls (contract schemas/model/api/abuse.ts; rules engine/core/abuse.ts). A member files
 * reports on what she can see; moderators (admin area `reportAbuse`: read on abuseReports for the
 * reads, update on abuseReports for every action) work the queue. Input is checked and the caller's
 * permission settled before anything is written; every moderator action is audited; the queue's
 * realtime and notifications go out after the change is committed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ABUSE_BULK_MAX,
  ABUSE_MESSAGE_MAX,
  ABUSE_QUEUE_MAX_PAGE,
  ABUSE_QUEUE_PAGE_SIZE,
  ABUSE_REASON_MAX,
  ABUSE_STATUSES,
  ABUSE_WAITING,
  isAbuseCategory,
  isAbuseReportedType,
  isAbuseStatus,
} from '../../engine/core/abuse';
import type {
  AbuseCommentRequest,
  AbuseContent,
  AbuseDeleteRequest,
  AbuseIdRequest,
  AbuseQueueResponse,
  AbuseReport,
  AbuseReportDetail,
  AbuseReportRequest,
  AbuseStatus,
  AbuseUpdateRequest,
  AbuseUpdateResponse,
} from '../../schemas/model/api/abuse';
import { requireAdminArea } from '../admin-area';
import { recordAudit } from '../audit';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, notFound } from '../errors';
import { need } from '../permissions';
import type { AbuseReportsTable } from './abuse-tables';
import { deleteReportedCommunication, setReportedCommunicationHidden } from './communications';
import { communicationStateOf, contentFor, itemSummaries, reportableItem } from './content';
import { announceModerated, announceQueueChanged, announceReport } from './notices';
import {
  countWaitingItems,
  decodeQueueCursor,
  encodeQueueCursor,
  fileReport,
  historyOf,
  moveReports,
  queuePage,
  recordAction,
  reportsOnItem,
  reportView,
  requireReport,
  resolveItem,
} from './reports';

type Query = Record<string, string | undefined>;

const own = (o: object, key: string): unknown => (Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined);

/** A string field of the body, trimmed, within `max` characters; 400 naming it otherwise. */
function text(body: object, key: string, max: number, required: boolean): string | undefined {
  const v = own(body, key);
  if (v === undefined || v === null) {
    if (required) throw badRequest(`${key} is required`);
    return undefined;
  }
  if (typeof v !== 'string') throw badRequest(`${key} must be a string`);
  const t = v.trim();
  if (required && !t) throw badRequest(`${key} is empty`);
  if (t.length > max) throw badRequest(`${key} is too long: at most ${max} characters, got ${t.length}`);
  return t || undefined;
}

function objectBody(body: unknown): object {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('request body must be a JSON object');
  return body;
}

/** A report id named by the body. */
function idOf(body: object): string {
  const id = own(body, 'id');
  if (typeof id !== 'string' || !id || id.length > 64) throw badRequest('id must name an abuse report');
  return id;
}

/**
 * Files an abuse report for a signed-in member (the chat domain's report route calls it too):
 * 404 when she may not see the item, 400 on her own content; answers the report and whether it is new.
 */
export async function fileAbuseReport(ctx: AppContext, user: SignedInUser, request: AbuseReportRequest): Promise<{ report: AbuseReport; created: boolean }> {
  const body = objectBody(request);
  const reportedType = own(body, 'reportedType');
  if (!isAbuseReportedType(reportedType))
    throw badRequest(`reportedType must be one of post, comment, profile, chatMessage; got ${JSON.stringify(reportedType)?.slice(0, 60)}`);
  const category = own(body, 'category');
  if (!isAbuseCategory(category))
    throw badRequest(`category must be one of spam, harassment, hate, violence, sexual, misinformation, other; got ${JSON.stringify(category)?.slice(0, 60)}`);
  const reportedId = own(body, 'reportedId');
  if (typeof reportedId !== 'string' || !reportedId || reportedId.length > 200) throw badRequest('reportedId must name the reported item');
  const data = own(body, 'data');
  if (data !== undefined && (data === null || typeof data !== 'object' || Array.isArray(data))) throw badRequest('data must be an object');
  const reason = data ? text(data, 'reason', ABUSE_REASON_MAX, false) : undefined;
  const me = user.account.accountId;
  const item = await reportableItem(ctx, user, reportedType, reportedId);
  if (!item) throw notFound(`there is no ${reportedType} "${reportedId.slice(0, 200)}" you can see`);
  if (item.authorId === me)
    throw badRequest(
      reportedType === 'profile'
        ? 'you cannot report your own profile'
        : `you cannot report your own ${reportedType === 'chatMessage' ? 'message' : reportedType}`,
    );
  const filed = await fileReport(ctx.store.kysely, { reporterId: me, reportedType, reportedId, category, reason, authorId: item.authorId });
  if (filed.created) {
    const excerpt = (await itemSummaries(ctx, [{ type: reportedType, id: reportedId }])).get(`${reportedType}|${reportedId}`)?.excerpt ?? '';
    void announceReport(ctx, filed.report, excerpt);
    void announceQueueChanged(ctx);
  }
  return filed;
}

/** Waiting reports on the item, for the count shown on the admin dashboard and menu. */
export const countOpenAbuseReports = (ctx: AppContext) => countWaitingItems(ctx.store.kysely);

export function abuseRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = () => ctx.store.kysely;

  const reader = (req: FastifyRequest) => requireAdminArea(ctx, req, 'reportAbuse');
  async function moderator(req: FastifyRequest): Promise<SignedInUser> {
    const user = await requireAdminArea(ctx, req, 'reportAbuse');
    need(user, 'update', 'abuseReports');
    return user;
  }

  async function detail(user: SignedInUser, row: AbuseReportsTable, bulk: boolean): Promise<AbuseReportDetail> {
    const all = await reportsOnItem(db(), row.reported_type, row.reported_id);
    const [content, history] = await Promise.all([
      contentFor(ctx, user, row.reported_type as AbuseReport['reportedType'], row.reported_id),
      historyOf(
        db(),
        all.map((r) => r.id),
      ),
    ]);
    return { report: reportView(row), content, history, ...(bulk ? { reports: all.map(reportView) } : {}) };
  }

  async function audit(user: SignedInUser, action: string, subject: string, extra: Record<string, unknown>) {
    await recordAudit(ctx, { accountId: user.account.accountId, logType: `abuse.${action}`, subject, extra });
  }

  api.post('/reportAbuse', async (req, reply: FastifyReply): Promise<AbuseReport> => {
    const user = await requireUser(ctx, req);
    const filed = await fileAbuseReport(ctx, user, ctx.validator.body<AbuseReportRequest>('abuse-report-request', req.body));
    reply.status(filed.created ? 201 : 200);
    return filed.report;
  });

  api.get<{ Querystring: Query }>('/reportAbuse/search', async (req): Promise<AbuseQueueResponse> => {
    await reader(req);
    const q = req.query;
    const statuses = (q.status ? q.status.split(',') : [...ABUSE_WAITING]).map((s) => {
      if (!isAbuseStatus(s)) throw badRequest(`status must be one or more of ${ABUSE_STATUSES.join(', ')} (comma separated); got "${s.slice(0, 40)}"`);
      return s;
    });
    if (q.reportedType !== undefined && q.reportedType !== '' && !isAbuseReportedType(q.reportedType))
      throw badRequest(`reportedType must be one of post, comment, profile, chatMessage; got "${q.reportedType.slice(0, 40)}"`);
    if (q.category !== undefined && q.category !== '' && !isAbuseCategory(q.category))
      throw badRequest(`category is not a report category: "${q.category.slice(0, 40)}"`);
    if (q.q !== undefined && q.q.length > 200) throw badRequest('q is too long: at most 200 characters');
    let limit = ABUSE_QUEUE_PAGE_SIZE;
    if (q.limit !== undefined && q.limit !== '') {
      limit = Number(q.limit);
      if (!/^\d{1,4}$/.test(q.limit) || limit < 1 || limit > ABUSE_QUEUE_MAX_PAGE)
        throw badRequest(`limit must be a whole number from 1 to ${ABUSE_QUEUE_MAX_PAGE}`);
    }
    const cursor = q.cursor ? decodeQueueCursor(q.cursor) : undefined;
    const page = await queuePage(
      db(),
      {
        statuses,
        ...(q.reportedType && isAbuseReportedType(q.reportedType) ? { type: q.reportedType } : {}),
        ...(q.category && isAbuseCategory(q.category) ? { category: q.category } : {}),
        ...(q.q?.trim() ? { q: q.q.trim() } : {}),
      },
      limit,
      cursor,
    );
    const [summaries, openCount] = await Promise.all([itemSummaries(ctx, page.items), countWaitingItems(db())]);
    return {
      items: page.items.map((item) => {
        const summary = summaries.get(`${item.type}|${item.id}`) ?? { excerpt: '', contentState: 'missing' as const };
        return {
          report: reportView(item.reports[0]),
          reportCount: item.reports.length,
          categories: [...new Set(item.reports.map((r) => reportView(r).category))],
          excerpt: summary.excerpt,
          contentState: summary.contentState,
        };
      }),
      more: page.more,
      ...(page.cursor ? { cursor: encodeQueueCursor(page.cursor) } : {}),
      openCount,
    };
  });

  api.get<{ Params: { id: string } }>('/reportAbuse/communication/:id', async (req): Promise<AbuseContent> => {
    const user = await reader(req);
    const id = req.params.id.slice(0, 200);
    const { state, communication } = await communicationStateOf(ctx, id);
    if (state === 'missing' || !communication) throw notFound(`there is no post or comment "${id}"`);
    return contentFor(ctx, user, communication.kind, id);
  });

  api.get<{ Params: { id: string }; Querystring: Query }>('/reportAbuse/:id', async (req): Promise<AbuseReportDetail> => {
    const user = await reader(req);
    const bulk = req.query.bulkReports;
    if (bulk !== undefined && bulk !== 'true' && bulk !== 'false') throw badRequest('bulkReports must be true or false');
    return detail(user, await requireReport(db(), req.params.id), bulk === 'true');
  });

  /** Hides or deletes the reported post or comment: its waiting reports become resolved, its author is told. */
  async function moderate(req: FastifyRequest, action: 'hidden' | 'deleted' | 'enabled'): Promise<AbuseReportDetail> {
    const user = await moderator(req);
    const body = objectBody(req.body);
    const id = idOf(body);
    const reason = action === 'deleted' ? text(body, 'reason', ABUSE_MESSAGE_MAX, true) : undefined;
    const row = await requireReport(db(), id);
    if (row.reported_type !== 'post' && row.reported_type !== 'comment')
      throw badRequest(`only a post or a comment can be ${action === 'enabled' ? 're-enabled' : action}; this report names a ${row.reported_type}`);
    const { state, communication } = await communicationStateOf(ctx, row.reported_id);
    if (state === 'missing' || !communication) throw notFound(`the reported ${row.reported_type} no longer exists`);
    if (state === 'deleted') throw badRequest(`the reported ${row.reported_type} is deleted already`);
    const me = user.account.accountId;
    const now = Date.now();
    if (action === 'hidden' && state !== 'hidden') await setReportedCommunicationHidden(ctx, user, row.reported_id, true);
    if (action === 'enabled' && state === 'hidden') await setReportedCommunicationHidden(ctx, user, row.reported_id, false);
    if (action === 'deleted') await deleteReportedCommunication(ctx, user, row.reported_id, reason!);
    await recordAction(db(), row.id, action, me, now, reason);
    const resolved = action === 'enabled' ? [] : await resolveItem(db(), row.reported_type, row.reported_id, me, now);
    await audit(user, action === 'hidden' ? 'hide' : action === 'deleted' ? 'delete' : 'enable', `${row.reported_type}:${row.reported_id}`, {
      reportId: row.id,
      resolved,
      ...(reason ? { reason } : {}),
    });
    if (action !== 'enabled' && (action === 'deleted' || state !== 'hidden'))
      void announceModerated(ctx, { authorId: communication.from, type: communication.kind, action, reason, by: me, key: `${row.id}:${action}:${now}` });
    void announceQueueChanged(ctx);
    return detail(user, await requireReport(db(), id), true);
  }

  api.post('/reportAbuse/hideCommunicationAdmin', (req) => moderate(req, 'hidden'));
  api.post('/reportAbuse/deleteCommunicationAdmin', (req) => moderate(req, 'deleted'));
  api.post('/reportAbuse/enableCommunicationAdmin', (req) => moderate(req, 'enabled'));

  api.post('/reportAbuse/commentCommunicationAdmin', async (req): Promise<AbuseReportDetail> => {
    const user = await moderator(req);
    const body = objectBody(ctx.validator.body<AbuseCommentRequest>('abuse-comment-request', req.body));
    const id = idOf(body);
    const message = text(body, 'message', ABUSE_MESSAGE_MAX, true)!;
    const row = await requireReport(db(), id);
    await recordAction(db(), row.id, 'comment', user.account.accountId, Date.now(), message);
    await audit(user, 'comment', row.id, { message });
    return detail(user, row, true);
  });

  api.post('/reportAbuse/update', async (req): Promise<AbuseUpdateResponse> => {
    const user = await moderator(req);
    const body = objectBody(req.body);
    const status = own(body, 'status');
    if (!isAbuseStatus(status)) throw badRequest(`status must be one of ${ABUSE_STATUSES.join(', ')}; got ${JSON.stringify(status)?.slice(0, 60)}`);
    const one = own(body, 'id');
    const many = own(body, 'ids');
    if (one !== undefined && many !== undefined) throw badRequest('send id or ids, not both');
    const ids = many !== undefined ? many : one !== undefined ? [one] : undefined;
    if (!Array.isArray(ids) || !ids.length) throw badRequest('id or ids must name the reports to change');
    if (ids.length > ABUSE_BULK_MAX) throw badRequest(`ids: at most ${ABUSE_BULK_MAX} reports at once, got ${ids.length}`);
    for (const id of ids) if (typeof id !== 'string' || !id || id.length > 64) throw badRequest('ids must be report ids (strings)');
    const unique = [...new Set(ids as string[])];
    const rows = await moveReports(db(), unique, status as AbuseStatus, user.account.accountId);
    await audit(user, 'status', unique.join(',').slice(0, 500), { ids: unique, status });
    void announceQueueChanged(ctx);
    return { updated: rows.map(reportView) };
  });
}

export type { AbuseCommentRequest, AbuseDeleteRequest, AbuseIdRequest, AbuseUpdateRequest };
