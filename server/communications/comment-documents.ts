/**
 * Moves the block comments of before this domain (documents of kind `comment` in the structure
 * domain: blockId, accountId, comment text, reactions {reactionId: accountIds}, score, createdAt,
 * updatedAt) into the communications tables: each becomes a `comment` item of its block with its
 * text as a document, its reactions as rows and its score their count. A document that cannot be
 * read as a comment is skipped with a warning and left where it is; moved ones are removed.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { richTextToText, textToDoc } from '../../engine/core/communications';
import type { Engine } from '../domain';
import { textIndex } from '../search/text-dialect';
import { renderRichText } from './render';

/** A block comment document as the structure domain stored it. */
export interface StoredComment {
  id: string;
  blockId: string;
  accountId: string;
  comment: string;
  createdAt: number;
  updatedAt?: number;
  /** reaction id -> account ids */
  reactions: { [reactionId: string]: string[] };
  score: number;
}

const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** The comment's fields when the document is one, else the reason it is not. */
export function readStoredComment(id: string, raw: string): StoredComment | string {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return 'not JSON';
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return 'not an object';
  const c = data as Record<string, unknown>;
  if (!isText(id, 64)) return 'id is not 1 to 64 characters';
  if (!isText(c.blockId, 200)) return 'blockId missing';
  if (!isText(c.accountId, 200)) return 'accountId missing';
  if (typeof c.comment !== 'string' || c.comment.length > 20_000) return 'comment is not text';
  const createdAt = typeof c.createdAt === 'number' && Number.isFinite(c.createdAt) ? c.createdAt : NaN;
  if (Number.isNaN(createdAt)) return 'createdAt missing';
  const reactions: Record<string, string[]> = {};
  if (c.reactions && typeof c.reactions === 'object' && !Array.isArray(c.reactions))
    for (const [reaction, accounts] of Object.entries(c.reactions as Record<string, unknown>))
      if (isText(reaction, 40) && Array.isArray(accounts)) reactions[reaction] = [...new Set(accounts.filter((a): a is string => isText(a, 200)))];
  return {
    id,
    blockId: c.blockId,
    accountId: c.accountId,
    comment: c.comment,
    createdAt,
    ...(typeof c.updatedAt === 'number' && Number.isFinite(c.updatedAt) ? { updatedAt: c.updatedAt } : {}),
    reactions,
    score: 0,
  };
}

export const commentDocumentsMigration = (engine: Engine): Migration => ({
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{ id: string; data: string }>`select id, data from documents where kind = 'comment'`.execute(db);
    const index = textIndex(engine, 'communication_search');
    for (const { id, data } of rows) {
      const comment = readStoredComment(id, data);
      if (typeof comment === 'string') {
        console.warn(`communications: block comment document "${String(id).slice(0, 80)}" skipped (${comment})`);
        continue;
      }
      const body = textToDoc(comment.comment);
      const text = richTextToText(body);
      const reactions = Object.entries(comment.reactions).flatMap(([reaction, accounts]) => accounts.map((account) => ({ reaction, account })));
      await sql`insert into communications (id, kind, parent_id, root_id, depth, target_id, owner_kind, scope, scope_context_data, from_account, title, body, html, text,
          media, mentions, score, children_count, created, edited, deleted, hidden, hidden_by, client_id)
        values (${comment.id}, 'comment', '', ${comment.id}, 0, ${comment.blockId}, 'headlessComment', null, null, ${comment.accountId}, null, ${JSON.stringify(body)},
          ${renderRichText(body)}, ${text}, '[]', '[]', ${reactions.length}, 0, ${comment.createdAt}, ${comment.updatedAt ?? null}, 0, 0, null, null)`.execute(
        db,
      );
      for (const r of reactions)
        await sql`insert into communication_reactions (communication_id, account_id, reaction_id, created) values (${comment.id}, ${r.account}, ${r.reaction}, ${comment.createdAt})`.execute(
          db,
        );
      await index.put(db, comment.id, text);
      await sql`delete from documents where kind = 'comment' and id = ${id}`.execute(db);
    }
  },
});
