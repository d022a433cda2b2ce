/**
 * The demo's chats: the demo accounts in a ring (the order and pairs the notifications seed uses),
 * each with the next one a short conversation whose last message, from the next one, is the
 * member's one unread message (the one her demo newMessage notification names; its chat id is
 * the pair's, `a:b` sorted, as that notification's). Every demo account that signs in therefore has
 * exactly one unread message. Idempotent: a pair that has its chat already is left as it is.
 */
import { chatTextToHtml, chatPairKey } from '../../engine/core/chat';
import type { AppContext } from '../context';
import type { Account } from '../model';
import { chatDb } from './chats';

const MINUTE = 60_000;

/** [from: 0 the member, 1 the next one; text]: the last, from the next one, stays unread. */
const SCRIPT: [0 | 1, string][] = [
  [0, 'Hi! Thanks for the help with the workbench last week.'],
  [1, 'Any time, it was fun. Did the glue hold?'],
  [0, 'It did. I put a photo on https://example.org/bench, have a look.'],
  [1, 'Looks great!'],
  [1, 'Are you coming to the repair café on Saturday?'],
];

export async function seedChats(ctx: AppContext): Promise<void> {
  const accounts = (await ctx.store.list<Account>('account')).map((d) => d.data).filter((a) => a.demo);
  if (accounts.length < 3) return;
  const now = Date.now();
  await ctx.store.transaction(async (tx) => {
    const c = chatDb(tx.raw);
    for (const [i, account] of accounts.entries()) {
      const me = account.accountId;
      const other = accounts[(i + 1) % accounts.length].accountId;
      const pairKey = chatPairKey(me, other);
      if (await c.selectFrom('chats').select('id').where('pair_key', '=', pairKey).executeTakeFirst()) continue;
      const id = [me, other].sort().join(':');
      // The last message two hours ago (as the demo notification), the others before it.
      const end = now - 2 * 60 * MINUTE - i * MINUTE;
      const dates = SCRIPT.map((_, k) => end - (SCRIPT.length - 1 - k) * 37 * MINUTE);
      await c
        .insertInto('chats')
        .values({
          id,
          kind: 'private',
          pair_key: pairKey,
          connection_id: null,
          created_at: dates[0],
          last_sequence: 0,
          last_message_id: null,
          last_message_at: null,
        })
        .execute();
      let lastId = '';
      for (const [k, [who, text]] of SCRIPT.entries()) {
        const row = await c
          .insertInto('chat_messages')
          .values({
            chat_id: id,
            sequence: k + 1,
            from_account_id: who === 0 ? me : other,
            type: 'chat',
            body: chatTextToHtml(text),
            meta: '{}',
            created_at: dates[k],
            edited_at: null,
            deleted_at: null,
            client_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        lastId = String(row.id);
      }
      const last = dates[dates.length - 1];
      await c.updateTable('chats').set({ last_sequence: SCRIPT.length, last_message_id: lastId, last_message_at: last }).where('id', '=', id).execute();
      await c
        .insertInto('chat_participants')
        .values([
          // The member has read all but the last message; the next one wrote it, so has read everything.
          { chat_id: id, account_id: me, read_sequence: SCRIPT.length - 1, hidden_at: null, joined_at: dates[0], last_message_at: last, emailed_at: null },
          { chat_id: id, account_id: other, read_sequence: SCRIPT.length, hidden_at: null, joined_at: dates[0], last_message_at: last, emailed_at: null },
        ])
        .execute();
    }
  });
}
