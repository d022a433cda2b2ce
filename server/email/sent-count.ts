/**
 * How many of a group of emails were sent, for the summary of the domain that sent them (the
 * notification history): the group is a prefix of their sendEmail keys, as that domain chose them.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { emailDb } from './tables';

/** LIKE's wildcards and its escape character, escaped: a prefix matches only itself. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function countSentEmails(ctx: AppContext, keyPrefix: string): Promise<number> {
  const row = await emailDb(ctx.store.kysely)
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('state', '=', 'sent')
    .where(sql<boolean>`idem_key like ${likePrefix(`k:${keyPrefix}`)} escape '\\'`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
