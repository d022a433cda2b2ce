/** How often something was viewed, from the members' audit entries (over the log's type-and-subject index). */
import type { Kysely } from 'kysely';
import type { DB } from '../storage/database';

/**
 * Views of `subject` logged as any of `logTypes`: every entry, and the members they came from (the
 * browser reports views, so `viewers` is the figure one member cannot inflate).
 */
export async function countViews(db: Kysely<DB>, logTypes: readonly string[], subject: string): Promise<{ total: number; viewers: number }> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => [eb.fn.countAll<number | string>().as('total'), eb.fn.count<number | string>('account_id').distinct().as('viewers')])
    .where('log_type', 'in', [...logTypes])
    .where('subject', '=', subject)
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), viewers: Number(row?.viewers ?? 0) };
}
