/**
 * The demo's moderation queue: an open report for Ada (admin) to process, and a resolved one with
 * its history. The open report names Victor's comment on the demo feed (`DEMO_REPORTED_COMMENT`,
 * reported by Chloé; a database without the posts demo gets a message of a demo chat instead);
 * the resolved one Owen's profile, reported by Bruno, looked at and closed. Idempotent: fixed ids,
 * inserted only when absent.
 */
import type { AppContext } from '../context';
import { chatDb } from '../chat/chats';
import { openKeyOf } from './abuse-tables';
import { findReportedCommunication } from './communications';
import { abuseDb, historyRow } from './reports';

export const DEMO_OPEN_REPORT = 'demo-abuse-open';
/** The demo comment the open report names (server/communications/seed.ts). */
export const DEMO_REPORTED_COMMENT = 'demo-comment-woodwork';
export const DEMO_RESOLVED_REPORT = 'demo-abuse-resolved';
const HOUR = 3_600_000;

export async function seedAbuse(ctx: AppContext): Promise<void> {
  const db = ctx.store.kysely;
  const a = abuseDb(db);
  const now = Date.now();
  const [victor, bruno, owen] = await ctx.store
    .getMany('account', ['victor', 'bruno', 'owen'])
    .then((docs) => ['victor', 'bruno', 'owen'].map((id) => docs.some((d) => d.id === id)));
  const openExists = !!(await a.selectFrom('abuse_reports').select('id').where('id', '=', DEMO_OPEN_REPORT).executeTakeFirst());
  const comment = openExists ? undefined : await findReportedCommunication(ctx, DEMO_REPORTED_COMMENT);
  if (comment && !comment.deleted && comment.from !== 'chloe') {
    const created = now - HOUR;
    const reason = 'The same question is pasted under every post, with a link to a shop.';
    await a
      .insertInto('abuse_reports')
      .values({
        id: DEMO_OPEN_REPORT,
        reported_type: 'comment',
        reported_id: comment.id,
        category: 'spam',
        data: JSON.stringify({ reason }),
        status: 'open',
        reporter_id: 'chloe',
        author_id: comment.from,
        open_key: openKeyOf('chloe', 'comment', comment.id),
        created,
        updated: created,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await a
      .insertInto('abuse_history')
      .values(historyRow(DEMO_OPEN_REPORT, 'reported', 'chloe', created, { status: 'open', message: reason }))
      .execute();
  } else if (victor && !openExists) {
    // No posts demo: a message sent to Victor by someone else, in one of his demo chats.
    const message = await chatDb(db)
      .selectFrom('chat_messages as m')
      .innerJoin('chat_participants as p', (j) => j.onRef('p.chat_id', '=', 'm.chat_id').on('p.account_id', '=', 'victor'))
      .select(['m.id', 'm.from_account_id'])
      .where('m.from_account_id', '!=', 'victor')
      .where('m.deleted_at', 'is', null)
      .orderBy('m.id')
      .executeTakeFirst();
    if (message) {
      const created = now - HOUR;
      const reason = 'This link looks like an advert, not a photo of the bench.';
      await a
        .insertInto('abuse_reports')
        .values({
          id: DEMO_OPEN_REPORT,
          reported_type: 'chatMessage',
          reported_id: String(message.id),
          category: 'spam',
          data: JSON.stringify({ reason }),
          status: 'open',
          reporter_id: 'victor',
          author_id: message.from_account_id,
          open_key: openKeyOf('victor', 'chatMessage', String(message.id)),
          created,
          updated: created,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await a
        .insertInto('abuse_history')
        .values(historyRow(DEMO_OPEN_REPORT, 'reported', 'victor', created, { status: 'open', message: reason }))
        .execute();
    }
  }
  if (bruno && owen && !(await a.selectFrom('abuse_reports').select('id').where('id', '=', DEMO_RESOLVED_REPORT).executeTakeFirst())) {
    const created = now - 30 * HOUR;
    await a
      .insertInto('abuse_reports')
      .values({
        id: DEMO_RESOLVED_REPORT,
        reported_type: 'profile',
        reported_id: 'owen',
        category: 'other',
        data: JSON.stringify({ reason: 'The profile photo is of someone else.' }),
        status: 'resolved',
        reporter_id: 'bruno',
        author_id: 'owen',
        open_key: null,
        created,
        updated: created + 3 * HOUR,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await a
      .insertInto('abuse_history')
      .values([
        historyRow(DEMO_RESOLVED_REPORT, 'reported', 'bruno', created, { status: 'open', message: 'The profile photo is of someone else.' }),
        historyRow(DEMO_RESOLVED_REPORT, 'status', 'admin', created + HOUR, { status: 'inReview' }),
        historyRow(DEMO_RESOLVED_REPORT, 'comment', 'admin', created + 2 * HOUR, { message: 'Asked Owen: it is his own photo, taken years ago.' }),
        historyRow(DEMO_RESOLVED_REPORT, 'status', 'admin', created + 3 * HOUR, { status: 'resolved' }),
      ])
      .execute();
  }
}
