/**
 * The communications writes and checks shared by the calls (routes.ts) and the block comment calls
 * of core §7.4 (block-comments.ts): targets and items read for a viewer, bodies, titles and media
 * checked, create, edit and react.
 */

import { CHAT_CLIENT_ID } from '../../engine/core/chat';
import {
  isCommunicationReaction,
  mayEditCommunication,
  mentionedAccounts,
  POST_DOC_MAX_BYTES,
  POST_MENTIONS_MAX,
  richTextDocProblem,
  richTextToText,
} from '../../engine/core/communications';
import type {
  CommunicationCreateRequest,
  CommunicationEditRequest,
  CommunicationOrder,
  PostMedia,
  ReactionSummary,
  RichTextDoc,
} from '../../schemas/model/api/communications';

import { type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { filesOf } from '../files';

import { afterCreate, announceItem } from './events';
import { attachParent, editItem, findByClientId, findRow, insertItem, reactionsOf, seesRow, summaryOf, toggleReaction, type Row } from './posts';
import { renderRichText, richTextUrlProblem } from './render';
import { contentProblem, readableTarget, writeRefusal, type Target, type Viewer } from './targets';

export type Query = Record<string, string | undefined>;
export const ORDERS: readonly CommunicationOrder[] = ['newest', 'oldest', 'score', 'mostActive'];
/** A medium's title at most (characters). */
export const MEDIA_TITLE_MAX = 300;
export const SCOPE_MAX = 200;

export function intParam(query: Query, name: string, min: number, max: number, fallback?: number): number | undefined {
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

export function checkedTitle(title: unknown): string | null {
  if (title === undefined || title === null) return null;
  if (typeof title !== 'string') throw badRequest('title must be text');
  // eslint-disable-next-line no-control-regex
  const clean = title.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return clean || null;
}

/** Media as stored: only the contract's fields, titles as plain text. Local files must be the author's (403 otherwise). */
export async function checkedMedia(ctx: AppContext, author: string, media: PostMedia[] | undefined, keep: PostMedia[] = []): Promise<PostMedia[]> {
  const list = media ?? [];
  const out: PostMedia[] = list.map((m, i) => {
    if (m.title !== undefined && (typeof m.title !== 'string' || m.title.length > MEDIA_TITLE_MAX))
      throw badRequest(`media ${i + 1}: title is longer than ${MEDIA_TITLE_MAX} characters`);
    const clean: PostMedia = { type: m.type, source: m.source };
    // A local medium is its file; any other its address (never both: a local medium's url would be shown unchecked).
    if (m.source === 'local' && m.fileId !== undefined) clean.fileId = String(m.fileId);
    if (m.source !== 'local' && m.url !== undefined) clean.url = String(m.url);
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

export const newFileIds = (media: PostMedia[]) => [...new Set(media.flatMap((m) => [m.fileId, m.thumbnailFileId].filter((id): id is string => !!id)))];

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
