/**
 * The communications domain's migration on a database made by the code before it: block comments
 * were documents of kind `comment` (blockId, accountId, comment, reactions {reactionId:
 * accountIds}, score, createdAt, updatedAt) and the communications tables did not exist. The
 * database is put back in that state straight in its tables (the domain's tables and migration
 * records gone, comment documents as the structure routes stored them, plus damaged ones); the
 * restart moves every readable comment into the tables with its reactions and an exact score,
 * skips the damaged ones with a warning and leaves them where they were, on both engines.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommunicationListResponse, CommunicationSearchResponse, ReactionSummary } from '../../schemas/model/api/communications';
import { BACKENDS, startApiServer, type ApiServer } from '../helpers/api-server';

const COMMENTS: Record<string, unknown> = {
  'c-old-1': {
    id: 'c-old-1',
    blockId: 'lounge-swap',
    accountId: 'maya',
    comment: 'Took two oak offcuts, thanks!',
    createdAt: 1_700_000_000_000,
    reactions: { like: ['elena', 'victor'], love: ['elena'] },
    score: 99,
  },
  'c-old-2': {
    id: 'c-old-2',
    blockId: 'lounge-swap',
    accountId: 'elena',
    comment: 'Line one\nline two\n\n<script>alert(1)</script>',
    createdAt: 1_700_000_100_000,
    updatedAt: 1_700_000_200_000,
    reactions: { toString: ['maya'], bad: 'not a list' },
    score: 1,
  },
};
/** Damaged documents: not JSON, no block, a comment that is no text. */
const DAMAGED: Record<string, string> = {
  'c-bad-1': '{not json',
  'c-bad-2': JSON.stringify({ accountId: 'maya', comment: 'no block', createdAt: 1 }),
  'c-bad-3': JSON.stringify({ blockId: 'lounge-swap', accountId: 'maya', comment: 42, createdAt: 1 }),
};

describe.each(BACKENDS)('block comment documents moved to the communications tables, on %s', (backend) => {
  let api: ApiServer;
  const warnings: string[] = [];

  beforeAll(async () => {
    api = await startApiServer(backend);
    const db = api.server.ctx.store.kysely;
    // Back to the previous code's database: no communications tables or migration records, comments in documents.
    for (const table of [
      'communication_search_fts',
      'communication_search',
      'communication_history',
      'communication_reactions',
      'communication_targets',
      'communications',
    ])
      await sql`drop table if exists ${sql.id(table)}`.execute(db);
    await sql`delete from kysely_migration where name like '20261201T22%_communications_%'`.execute(db);
    const now = Date.now();
    const docs = [...Object.entries(COMMENTS).map(([id, data]) => [id, JSON.stringify(data)] as const), ...Object.entries(DAMAGED)];
    for (const [id, data] of docs)
      await db.insertInto('documents').values({ kind: 'comment', id, data, revision: 1, schema_version: null, expires_at: null, updated_at: now }).execute();
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
    await api.restart();
    vi.mocked(console.warn).mockRestore();
  });
  afterAll(async () => api?.close());

  it('moves every readable comment with its reactions; the score is their count', async () => {
    const maya = await api.signIn('maya');
    const listed = (await api.call<CommunicationListResponse>('GET', 'communications/lounge-swap?order=oldest', { token: maya })).body;
    expect(listed.items.map((i) => i.id)).toEqual(['c-old-1', 'c-old-2']);
    expect(listed.items[0]).toMatchObject({
      kind: 'comment',
      from: 'maya',
      targetId: 'lounge-swap',
      text: 'Took two oak offcuts, thanks!',
      created: 1_700_000_000_000,
      edited: null,
      meta: { score: 3, individualReactionScores: { like: 2, love: 1 } },
    });
    expect(listed.items[1]).toMatchObject({ from: 'elena', edited: 1_700_000_200_000, meta: { score: 1, userReactions: ['toString'] } });
    expect(listed.items[1].html).toBe('<p>Line one<br />line two</p><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    // The block calls answer from the tables: a reaction toggles the moved ones.
    const undone = await api.call<ReactionSummary>('POST', 'structure/block/lounge-swap/setReaction/c-old-1', {
      token: await api.signIn('elena'),
      body: { reactionId: 'love' },
    });
    expect(undone.body).toEqual({ score: 2, userReactions: ['like'], individualReactionScores: { like: 2 } });
    const found = (await api.call<CommunicationSearchResponse>('GET', 'communications/search?q=offcuts', { token: maya })).body;
    expect(found.items.map((i) => i.id)).toEqual(['c-old-1']);
  });

  it('skips damaged documents with a warning and leaves them; removes the moved ones', async () => {
    const left = await api.server.ctx.store.kysely.selectFrom('documents').select('id').where('kind', '=', 'comment').orderBy('id').execute();
    expect(left.map((d) => d.id)).toEqual(['c-bad-1', 'c-bad-2', 'c-bad-3']);
    expect(warnings.filter((w) => w.includes('block comment document'))).toEqual([
      'communications: block comment document "c-bad-1" skipped (not JSON)',
      'communications: block comment document "c-bad-2" skipped (blockId missing)',
      'communications: block comment document "c-bad-3" skipped (comment is not text)',
    ]);
  });
});
