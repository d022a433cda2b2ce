/**
 * The block comment calls of core §7.4, served by the communications tables (one model): a
 * comment is an item of kind `comment` with no parent whose target is the block, its text turned
 * into a document (textToDoc). Answers keep the shape the calls always had (the stored comment:
 * id, blockId, accountId, comment, createdAt, updatedAt, reactions {reactionId: accountIds}, score).
 */
import type { FastifyInstance } from 'fastify';
import { textToDoc } from '../../engine/core/communications';
import type { CommentRequest, ReactionRequest } from '../../schemas/model/api/structure';
import type { RichTextDoc, RichTextNode } from '../../schemas/model/api/communications';
import { requireUser, type AppContext } from '../context';
import { forbidden } from '../errors';
import { need } from '../permissions';
import { needEditMode } from '../structure/item-rights';
import { commsDb, recalculateScores, type Row } from './posts';
import { createItem, editCommunication, reactTo, requireItem, requireTarget } from './writes';
import { viewerOf } from './targets';

export interface BlockComment {
  id: string;
  blockId: string;
  accountId: string;
  comment: string;
  createdAt: number;
  updatedAt?: number;
  reactions: Record<string, string[]>;
  score: number;
}

/** The comment's text as it was written: paragraphs apart by a blank line, line breaks kept (textToDoc's inverse). */
function commentText(body: string): string {
  const doc = JSON.parse(body) as RichTextDoc;
  const inline = (nodes: RichTextNode[] = []): string =>
    nodes
      .map((n) =>
        n.type === 'text' ? (n.text ?? '') : n.type === 'hardBreak' ? '\n' : n.type === 'mention' ? `@${String(n.attrs?.label ?? '')}` : inline(n.content),
      )
      .join('');
  return doc.content.map((p) => inline(p.content)).join('\n\n');
}

async function blockComment(ctx: AppContext, row: Row): Promise<BlockComment> {
  const reactions: Record<string, string[]> = {};
  const rows = await commsDb(ctx.store.kysely)
    .selectFrom('communication_reactions')
    .select(['account_id', 'reaction_id'])
    .where('communication_id', '=', row.id)
    .orderBy('created')
    .execute();
  for (const r of rows) (reactions[r.reaction_id] ??= []).push(r.account_id);
  return {
    id: row.id,
    blockId: row.target_id,
    accountId: row.from_account,
    comment: Number(row.deleted) === 1 ? '' : commentText(row.body),
    createdAt: Number(row.created),
    ...(row.edited !== null ? { updatedAt: Number(row.edited) } : {}),
    reactions,
    score: Number(row.score),
  };
}

export function blockCommentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;

  app.put<{ Params: { id: string } }>('/structure/block/:id/comment', async (req) => {
    const user = await requireUser(ctx, req);
    const { comment } = v.body<CommentRequest>('comment-request', req.body);
    const target = await requireTarget(ctx, user, req.params.id);
    const { row } = await createItem(ctx, viewerOf(user), target, { kind: 'comment', body: textToDoc(comment) });
    return blockComment(ctx, row);
  });

  app.post<{ Params: { id: string; commentId: string } }>('/structure/block/:id/comment/:commentId', async (req) => {
    const user = await requireUser(ctx, req);
    const viewer = viewerOf(user);
    const { comment } = v.body<CommentRequest>('comment-request', req.body);
    const target = await requireTarget(ctx, user, req.params.id);
    const row = await requireItem(ctx, viewer, target, req.params.commentId);
    if (row.from_account !== viewer.accountId) throw forbidden('only the author may edit a comment');
    return blockComment(ctx, await editCommunication(ctx, viewer, target, row, { body: textToDoc(comment) }));
  });

  app.post<{ Params: { id: string; commentId: string } }>('/structure/block/:id/setReaction/:commentId', async (req) => {
    const user = await requireUser(ctx, req);
    const viewer = viewerOf(user);
    const { reactionId } = v.body<ReactionRequest>('reaction-request', req.body);
    const target = await requireTarget(ctx, user, req.params.id);
    const row = await requireItem(ctx, viewer, target, req.params.commentId);
    return reactTo(ctx, viewer, target, row, reactionId);
  });

  // A write, so not a GET (it was one): the block's settings right, as before.
  app.post<{ Params: { id: string } }>('/structure/block/:id/recalculatePostScores', async (req) => {
    const user = await requireUser(ctx, req);
    needEditMode(user);
    const target = await requireTarget(ctx, user, req.params.id);
    if (target.kind !== 'block') throw forbidden('recalculatePostScores works on a block');
    need(user, 'manageSettings', 'items.blocks', target.id);
    const recalculated = await ctx.store.transaction((tx) => recalculateScores(tx.raw, target.id));
    return { recalculated };
  });
}
