/**
 * The communications calls (contract schemas/model/api/communications.ts). Every call needs a
 * signed-in member; a target (or an item of a target) the viewer may not see is a 404. Input is
 * checked before anything is written; every write sends its events after its commit.
 */
import type { FastifyInstance } from 'fastify';
import { CHAT_CLIENT_ID } from '../../engine/core/chat';
import {
  COMMUNICATIONS_MAX_PAGE,
  COMMUNICATIONS_PAGE_SIZE,
  isCommunicationReaction,
  mayEditCommunication,
  mentionedAccounts,
  POST_DOC_MAX_BYTES,
  POST_MENTIONS_MAX,
  richTextDocProblem,
  richTextToText,
} from '../../engine/core/communications';
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
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { filesOf } from '../files';
import { setFollowing } from '../notifications/followed-items';
import { memberProfiles, visibleProfile } from '../profiles/profile-data';
import { memberIndexFor } from '../profiles/member-index-sync';
import { MAX_TEXT_QUERY_WORDS, searchWords } from '../search/text-dialect';
import { afterCreate, announceItem, announceRemoved } from './events';
import {
  attachParent,
  commsDb,
  decodeCursor,
  deleteItem,
  editItem,
  encodeCursor,
  findByClientId,
  findRow,
  insertItem,
  listRows,
  pageOfRow,
  postIndex,
  reactionsOf,
  seesRow,
  summaryOf,
  toggleReaction,
  viewsOf,
  type Row,
} from './posts';
import { renderRichText, richTextUrlProblem } from './render';
import { contentProblem, readableTarget, viewerOf, writeRefusal, type Target, type Viewer } from './targets';
import { sql } from 'kysely';

type Query = Record<string, string | undefined>;
const ORDERS: readonly CommunicationOrder[] = ['newest', 'oldest', 'score', 'mostActive'];
/** A medium's title at most (characters). */
const MEDIA_TITLE_MAX = 300;
const SCOPE_MAX = 200;

function intParam(query: Query, name: string, min: number, max: number, fallback?: number): number | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || n < min || n > max) throw badRequest(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** The target as the viewer may see it, else 404. */
export async function requireTarget(ctx: AppContext, user: SignedInUser, targetId: string): Promise<Target> {
  const target = await readableTarget(ctx, user, targetId);
  if (!target) throw notFound(`"${targetId.slice(0, 200)}" does not exist`);
  return target;
}

/** An item of the target the viewer may see, else 404. */
export async function requireItem(ctx: AppContext, viewer: Viewer, target: Target, id: string): Promise<Row> {
  const row = await findRow(ctx.store.kysely, id);
  if (!row || row.target_id !== target.id || !seesRow(row, viewer)) throw notFound(`post "${id.slice(0, 64)}" does not exist`);
  return row;
}

/** The checked body: its document, HTML, text and mentions; 400 naming the problem. */
export function checkedBody(body: unknown): { body: RichTextDoc; html: string; text: string; mentions: string[] } {
  const problem = richTextDocProblem(body);
  if (problem) throw badRequest(problem);
  if (Buffer.byteLength(JSON.stringify(body)) > POST_DOC_MAX_BYTES) throw badRequest(`body is larger than ${POST_DOC_MAX_BYTES} bytes`);
  const doc = body as RichTextDoc;
  const urls = richTextUrlProblem(doc);
  if (urls) throw badRequest(urls);
  const mentions = mentionedAccounts(doc);
  if (mentions.length > POST_MENTIONS_MAX) throw badRequest(`at most ${POST_MENTIONS_MAX} mentions per post`);
  if (mentions.some((m) => m.length > 200)) throw badRequest('body mentions an account id longer than 200 characters');
  return { body: doc, html: renderRichText(doc), text: richTextToText(doc), mentions };
}

function checkedTitle(title: unknown): string | null {
  if (title === undefined || title === null) return null;
  if (typeof title !== 'string') throw badRequest('title must be text');
  // eslint-disable-next-line no-control-regex
  const clean = title.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return clean || null;
}

/** Media as stored: only the contract's fields, titles as plain text. Local files must be the author's (403 otherwise). */
async function checkedMedia(ctx: AppContext, author: string, media: PostMedia[] | undefined, keep: PostMedia[] = []): Promise<PostMedia[]> {
  const list = media ?? [];
  const out: PostMedia[] = list.map((m, i) => {
    if (m.title !== undefined && (typeof m.title !== 'string' || m.title.length > MEDIA_TITLE_MAX))
      throw badRequest(`media ${i + 1}: title is longer than ${MEDIA_TITLE_MAX} characters`);
    const clean: PostMedia = { type: m.type, source: m.source };
    if (m.fileId !== undefined) clean.fileId = String(m.fileId);
    if (m.url !== undefined) clean.url = String(m.url);
    if (m.title !== undefined) clean.title = m.title;
    if (m.size !== undefined) clean.size = m.size;
    if (m.thumbnailFileId !== undefined) clean.thumbnailFileId = String(m.thumbnailFileId);
    return clean;
  });
  const held = new Set(keep.flatMap((m) => [m.fileId, m.thumbnailFileId].filter(Boolean) as string[]));
  const ids = [...new Set(out.flatMap((m) => [m.fileId, m.thumbnailFileId].filter((id): id is string => !!id && !held.has(id))))];
  if (ids.length) {
    const rows = new Map((await filesOf(ctx).files.getMany(ids)).map((r) => [r.id, r]));
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) throw badRequest(`media: file "${id.slice(0, 64)}" does not exist`);
      if (row.owner_id !== author) throw forbidden(`media: file "${id.slice(0, 64)}" is not one you uploaded`);
    }
  }
  return out;
}

const newFileIds = (media: PostMedia[]) => [...new Set(media.flatMap((m) => [m.fileId, m.thumbnailFileId].filter((id): id is string => !!id)))];

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

/** Toggles a reaction (the contract's and the block calls'); 400 for an unknown reaction, 403 where reactions are off. */
export async function reactTo(ctx: AppContext, viewer: Viewer, target: Target, row: Row, reactionId: string): Promise<ReactionSummary> {
  if (!isCommunicationReaction(reactionId)) throw badRequest(`reactionId must be one of like, love, celebrate, insightful, curious`);
  if (Number(row.deleted) === 1 || Number(row.hidden) === 1) throw badRequest('a deleted or hidden post takes no reactions');
  if (target.options.allowReactions === false) throw forbidden('reactions are turned off here');
  const fresh = await ctx.store.transaction(async (tx) => {
    await toggleReaction(tx.raw, row.id, viewer.accountId, reactionId);
    const updated = (await findRow(tx.raw, row.id))!;
    tx.afterCommit(() => announceItem(ctx, updated, 'communications:updated').catch((error) => ctx.log(error)));
    return updated;
  });
  const reactions = (await reactionsOf(ctx.store.kysely, [row.id], viewer.accountId)).get(row.id)!;
  return summaryOf(Number(fresh.score), reactions);
}

/** Creates a post or comment after every check; a repeated clientId answers what it stored. */
export async function createItem(ctx: AppContext, viewer: Viewer, target: Target, input: CommunicationCreateRequest): Promise<{ created: boolean; row: Row }> {
  const db = ctx.store.kysely;
  if (input.clientId !== undefined && !CHAT_CLIENT_ID.test(input.clientId)) throw badRequest('clientId must be 8 to 64 letters, digits, "-" or "_"');
  if (input.clientId) {
    const again = await findByClientId(db, viewer.accountId, input.clientId);
    if (again) {
      if (again.target_id !== target.id) throw badRequest('clientId was already used for another target');
      return { created: false, row: again };
    }
  }
  let parent: Row | null = null;
  if (input.parentId) {
    parent = await requireItem(ctx, viewer, target, input.parentId);
    if (Number(parent.deleted) === 1 || Number(parent.hidden) === 1) throw badRequest('a deleted or hidden post takes no replies');
    parent = await attachParent(db, parent);
  }
  const kind = parent ? 'comment' : (input.kind ?? 'post');
  if (input.kind === 'post' && parent) throw badRequest('a post has no parentId (a reply is a comment)');
  const refusal = writeRefusal(target, viewer, parent ? 'comment' : 'post');
  if (refusal) throw forbidden(refusal);
  const content = checkedBody(input.body);
  const title = checkedTitle(input.title);
  if (title !== null && title.length > 400) throw badRequest('title is longer than 400 characters');
  for (const name of ['scope', 'scopeContextData'] as const)
    if ((input[name]?.length ?? 0) > (name === 'scope' ? SCOPE_MAX : 2000)) throw badRequest(`${name} is too long`);
  const problem = contentProblem(target, { kind, title, text: content.text, media: input.media ?? [] });
  if (problem) throw badRequest(problem);
  const media = await checkedMedia(ctx, viewer.accountId, input.media);
  try {
    return await ctx.store.transaction(async (tx) => {
      const row = await insertItem(tx.raw, ctx.engine, {
        kind,
        parent,
        targetId: target.id,
        ownerKind: input.ownerKind ?? target.ownerKind,
        scope: input.scope ?? parent?.scope ?? null,
        scopeContextData: input.scopeContextData ?? parent?.scope_context_data ?? null,
        from: viewer.accountId,
        title,
        ...content,
        media,
        clientId: input.clientId ?? null,
      });
      const files = newFileIds(media);
      tx.afterCommit(async () => {
        try {
          if (files.length) await filesOf(ctx).files.claim(viewer.accountId, files, row.id);
          await announceItem(ctx, row, 'communications:created');
          if (parent) {
            const updatedParent = await findRow(ctx.store.kysely, parent.id);
            if (updatedParent) await announceItem(ctx, updatedParent, 'communications:updated');
          }
          await afterCreate(ctx, row, viewer, target.type);
        } catch (error) {
          ctx.log(error);
        }
      });
      return { created: true, row };
    });
  } catch (error) {
    // Two sends with one clientId at once: the unique index let one through; answer it.
    if (input.clientId) {
      const again = await findByClientId(db, viewer.accountId, input.clientId);
      if (again) return { created: false, row: again };
    }
    throw error;
  }
}

/** Edits an item (the author; a cardWall whose whoCanEdit is ownerAndAdmins: an admin too). */
export async function editCommunication(ctx: AppContext, viewer: Viewer, target: Target, row: Row, input: CommunicationEditRequest): Promise<Row> {
  if (Number(row.deleted) === 1) throw badRequest('a deleted post cannot be edited');
  if (!mayEditCommunication({ from: row.from_account, deleted: false }, { accountId: viewer.accountId, isAdmin: viewer.isAdmin }, target.options))
    throw forbidden('only the author may edit this post');
  const current = { body: JSON.parse(row.body) as RichTextDoc, media: JSON.parse(row.media) as PostMedia[] };
  const content = checkedBody(input.body ?? current.body);
  const title = input.title !== undefined ? checkedTitle(input.title) : row.title;
  const mediaInput = input.media ?? current.media;
  const problem = contentProblem(target, { kind: row.kind as 'post' | 'comment', title, text: content.text, media: mediaInput });
  if (problem) throw badRequest(problem);
  const media = input.media ? await checkedMedia(ctx, row.from_account, input.media, current.media) : current.media;
  return ctx.store.transaction(async (tx) => {
    const updated = await editItem(tx.raw, ctx.engine, row, viewer.accountId, { title, ...content, media });
    const files = newFileIds(media);
    tx.afterCommit(async () => {
      try {
        if (files.length) await filesOf(ctx).files.claim(row.from_account, files, row.id);
        await announceItem(ctx, updated, 'communications:updated');
      } catch (error) {
        ctx.log(error);
      }
    });
    return updated;
  });
}
