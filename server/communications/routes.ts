/**
 * The communications calls (contract schemas/model/api/communications.ts). Every call needs a
 * signed-in member; a target (or an item of a target) the viewer may not see is a 404. Input is
 * checked before anything is written; every write sends its events after its commit.
 */
import type { FastifyInstance } from 'fastify';

import { COMMUNICATIONS_MAX_PAGE, COMMUNICATIONS_PAGE_SIZE } from '../../engine/core/communications';
import type {
  Communication,
  CommunicationCreateRequest,
  CommunicationEditRequest,
  CommunicationFollowRequest,
  CommunicationHistoryResponse,
  CommunicationListResponse,
  CommunicationOrder,
  CommunicationSearchResponse,
  MentionCandidatesResponse,
  PostMedia,
  ReactionSummary,
  RichTextDoc,
} from '../../schemas/model/api/communications';
import type { ReactionRequest } from '../../schemas/model/api/structure';
import { requireUser, type AppContext } from '../context';
import { badRequest, forbidden, notFound } from '../errors';

import { setFollowing } from '../notifications/followed-items';
import { memberProfiles, visibleProfile } from '../profiles/profile-data';
import { memberIndexFor } from '../profiles/member-index-sync';
import { MAX_TEXT_QUERY_WORDS, searchWords } from '../search/text-dialect';
import { announceRemoved } from './events';
import { commsDb, decodeCursor, deleteItem, encodeCursor, findRow, listRows, pageOfRow, postIndex, seesRow, viewsOf, type Row } from './posts';

import { readableTarget, viewerOf, type Target } from './targets';
import { sql } from 'kysely';
import { ORDERS, SCOPE_MAX, intParam, requireTarget, requireItem, reactTo, createItem, editCommunication, type Query } from './writes';

export function communicationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = () => ctx.store.kysely;
  const v = ctx.validator;

  app.get<{ Querystring: Query }>('/communications/search', async (req): Promise<CommunicationSearchResponse> => {
    const user = await requireUser(ctx, req);
    const viewer = viewerOf(user);
    const limit = intParam(req.query, 'limit', 1, COMMUNICATIONS_MAX_PAGE, COMMUNICATIONS_PAGE_SIZE)!;
    const words = searchWords(req.query.q ?? '').slice(0, MAX_TEXT_QUERY_WORDS);
    if (!words.length) throw badRequest('q must hold a word to search for');
    const cursor = req.query.cursor ? decodeCursor('newest', req.query.cursor) : undefined;
    if (req.query.cursor && !cursor) throw badRequest('cursor is not one this call answered');
    const readable = new Map<string, Target | undefined>();
    const found: Row[] = [];
    let after = cursor;
    let more = false;
    // Matches newest first, kept when the viewer may read their target; read in batches.
    for (let round = 0; round < 20 && found.length <= limit; round++) {
      const { from, where } = postIndex(ctx.engine).match(words, 'communications', 'c');
      const batch = (
        await sql<Row>`select c.* from ${from} where ${where}
          and c.deleted = 0 ${req.query.targetId ? sql`and c.target_id = ${req.query.targetId}` : sql``}
          ${viewer.moderator ? sql`` : sql`and (c.hidden = 0 or c.from_account = ${viewer.accountId})`}
          ${after ? sql`and (c.created, c.id) < (${after.value}, ${after.id})` : sql``}
          order by c.created desc, c.id desc limit ${limit * 2 + 1}`.execute(db())
      ).rows;
      for (const row of batch) {
        if (!readable.has(row.target_id)) readable.set(row.target_id, await readableTarget(ctx, user, row.target_id));
        if (readable.get(row.target_id)) found.push(row);
        if (found.length > limit) break;
      }
      if (batch.length < limit * 2 + 1) break;
      const last = batch[batch.length - 1];
      after = { value: Number(last.created), id: last.id };
    }
    more = found.length > limit;
    const shown = found.slice(0, limit);
    const last = shown[shown.length - 1];
    return {
      items: await viewsOf(db(), shown, viewer),
      more,
      ...(more && last ? { cursor: encodeCursor('newest', Number(last.created), last.id) } : {}),
    };
  });

  app.get<{ Querystring: Query }>('/communications/mentionable', async (req): Promise<MentionCandidatesResponse> => {
    const user = await requireUser(ctx, req);
    const text = (req.query.q ?? '').slice(0, 100);
    if (!searchWords(text).length) return { items: [] };
    const { hits } = await memberIndexFor(ctx.engine).search(db(), { text, page: 1, limit: 8, sort: 'relevance' });
    const profiles = await memberProfiles(
      ctx.store,
      hits.map((h) => h.accountId),
    );
    return {
      items: hits.map((h) => {
        const found = profiles.get(h.accountId);
        const avatar = found ? visibleProfile(found.profile, found.owner, user).data?.profile?.avatar : undefined;
        return { accountId: h.accountId, name: h.name, ...(typeof avatar === 'string' && avatar ? { avatar } : {}) };
      }),
    };
  });

  app.get<{ Params: { id: string } }>('/communications/single/:id', async (req): Promise<Communication> => {
    const user = await requireUser(ctx, req);
    const viewer = viewerOf(user);
    const row = await findRow(db(), req.params.id);
    const target = row && seesRow(row, viewer) ? await readableTarget(ctx, user, row.target_id) : undefined;
    if (!row || !target) throw notFound(`post "${req.params.id.slice(0, 64)}" does not exist`);
    return (await viewsOf(db(), [row], viewer, target.options))[0];
  });

  app.get<{ Params: { targetId: string }; Querystring: Query }>('/communications/:targetId', async (req): Promise<CommunicationListResponse> => {
    const user = await requireUser(ctx, req);
    const viewer = viewerOf(user);
    const target = await requireTarget(ctx, user, req.params.targetId);
    const order = (req.query.order ?? 'newest') as CommunicationOrder;
    if (!ORDERS.includes(order)) throw badRequest(`order must be one of ${ORDERS.join(', ')}`);
    const limit = intParam(req.query, 'limit', 1, COMMUNICATIONS_MAX_PAGE, COMMUNICATIONS_PAGE_SIZE)!;
    let page = intParam(req.query, 'page', 0, 1_000_000);
    const cursor = req.query.cursor ? decodeCursor(order, req.query.cursor) : undefined;
    if (req.query.cursor && !cursor) throw badRequest('cursor is not one this call answered for this order');
    let parentId: string | null = null;
    if (req.query.parentId) parentId = (await requireItem(ctx, viewer, target, req.query.parentId)).id;
    for (const name of ['scope', 'scopeContextData'] as const)
      if ((req.query[name]?.length ?? 0) > (name === 'scope' ? SCOPE_MAX : 2000)) throw badRequest(`${name} is too long`);
    const query = { targetId: target.id, parentId, order, limit, cursor, page, scope: req.query.scope, scopeContextData: req.query.scopeContextData, viewer };
    let reportedId: string | undefined;
    if (req.query.reportedPostId) {
      if (!viewer.moderator) throw forbidden('reportedPostId is for moderators');
      let reported = await findRow(db(), req.query.reportedPostId);
      if (!reported || reported.target_id !== target.id) throw notFound(`post "${req.query.reportedPostId.slice(0, 64)}" does not exist here`);
      reportedId = reported.id;
      // The item at this list's level that holds it (itself, or the ancestor whose parent is the list's).
      while (reported && reported.parent_id !== (parentId ?? '') && reported.parent_id) reported = await findRow(db(), reported.parent_id);
      if (reported) page = await pageOfRow(db(), query, reported);
      query.page = page;
      query.cursor = undefined;
    }
    const result = await listRows(db(), query);
    const items = await viewsOf(db(), result.rows, viewer, target.options);
    return {
      items: reportedId ? items.map((i) => (i.id === reportedId ? { ...i, reported: true } : i)) : items,
      more: result.more,
      total: result.total,
      ...(result.cursor ? { cursor: result.cursor } : {}),
    };
  });

  app.put<{ Params: { targetId: string } }>('/communications/:targetId', async (req, reply): Promise<Communication> => {
    const user = await requireUser(ctx, req);
    const viewer = viewerOf(user);
    const body = v.body<CommunicationCreateRequest>('communication-create-request', req.body);
    const target = await requireTarget(ctx, user, req.params.targetId);
    const { created, row } = await createItem(ctx, viewer, target, body);
    reply.status(created ? 201 : 200);
    return (await viewsOf(db(), [row], viewer, target.options))[0];
  });

  app.patch<{ Params: { targetId: string; id: string } }>('/communications/:targetId/:id', async (req): Promise<Communication> => {
    const user = await requireUser(ctx, req);
    const viewer = viewerOf(user);
    const body = v.body<CommunicationEditRequest>('communication-edit-request', req.body);
    const target = await requireTarget(ctx, user, req.params.targetId);
    const row = await requireItem(ctx, viewer, target, req.params.id);
    const updated = await editCommunication(ctx, viewer, target, row, body);
    return (await viewsOf(db(), [updated], viewer, target.options))[0];
  });

  app.get<{ Params: { targetId: string; id: string } }>('/communications/:targetId/:id/history', async (req): Promise<CommunicationHistoryResponse> => {
    const user = await requireUser(ctx, req);
    const viewer = viewerOf(user);
    const target = await requireTarget(ctx, user, req.params.targetId);
    const row = await requireItem(ctx, viewer, target, req.params.id);
    if (row.from_account !== viewer.accountId && !viewer.moderator) throw forbidden('only the author and moderators read the edit history');
    const rows = await commsDb(db()).selectFrom('communication_history').selectAll().where('communication_id', '=', row.id).orderBy('edited', 'desc').execute();
    return {
      items: rows.map((h) => ({
        title: h.title,
        body: JSON.parse(h.body) as RichTextDoc,
        media: JSON.parse(h.media) as PostMedia[],
        edited: Number(h.edited),
        by: h.by_account,
      })),
    };
  });

  app.delete<{ Params: { targetId: string; id: string } }>('/communications/:targetId/:id', async (req): Promise<Communication> => {
    const user = await requireUser(ctx, req);
    const viewer = viewerOf(user);
    const target = await requireTarget(ctx, user, req.params.targetId);
    const row = await requireItem(ctx, viewer, target, req.params.id);
    if (row.from_account !== viewer.accountId && !viewer.moderator) throw forbidden('only the author or a moderator may delete a post');
    if (Number(row.deleted) === 1) return (await viewsOf(db(), [row], viewer, target.options))[0];
    const deleted = await ctx.store.transaction(async (tx) => {
      const fresh = await findRow(tx.raw, row.id);
      if (!fresh || Number(fresh.deleted) === 1) return fresh ?? row;
      const out = await deleteItem(tx.raw, ctx.engine, fresh);
      tx.afterCommit(() => announceRemoved(ctx, out, 'deleted').catch((error) => ctx.log(error)));
      return out;
    });
    return (await viewsOf(db(), [deleted], viewer, target.options))[0];
  });

  app.post<{ Params: { targetId: string; id: string } }>('/communications/:targetId/:id/reaction', async (req): Promise<ReactionSummary> => {
    const user = await requireUser(ctx, req);
    const viewer = viewerOf(user);
    const { reactionId } = v.body<ReactionRequest>('reaction-request', req.body);
    const target = await requireTarget(ctx, user, req.params.targetId);
    const row = await requireItem(ctx, viewer, target, req.params.id);
    return reactTo(ctx, viewer, target, row, reactionId);
  });

  app.put<{ Params: { targetId: string; id: string } }>('/communications/:targetId/:id/follow', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const viewer = viewerOf(user);
    const { follow } = v.body<CommunicationFollowRequest>('communication-follow-request', req.body);
    const target = await requireTarget(ctx, user, req.params.targetId);
    const row = await requireItem(ctx, viewer, target, req.params.id);
    await setFollowing(db(), viewer.accountId, 'post', row.root_id, follow);
    reply.status(204);
  });
}
