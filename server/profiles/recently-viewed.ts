/** Recently viewed profiles (community §7 profile actions), newest first, in `recently_viewed`. */
import type { Kysely } from 'kysely';
import { RECENTLY_VIEWED_MAX } from '../../engine/core/constants';
import type { Id } from '../../schemas/model';
import type { DB } from '../storage/database';
import type { RecentlyViewedTables } from './recently-viewed-table';

export type RecentlyViewed = { accountId: Id; at: number }[];

const viewedDb = (db: Kysely<DB>) => db.withTables<RecentlyViewedTables>();

/** What each of these accounts viewed last, newest first (at most RECENTLY_VIEWED_MAX each; accounts that viewed nothing are absent). */
export async function recentlyViewedBy(db: Kysely<DB>, accountIds: readonly Id[]): Promise<Map<Id, RecentlyViewed>> {
  const out = new Map<Id, RecentlyViewed>();
  const ids = [...new Set(accountIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await viewedDb(db)
      .selectFrom('recently_viewed')
      .selectAll()
      .where('account_id', 'in', ids.slice(i, i + 500))
      .orderBy('viewed_at', 'desc')
      .orderBy('viewed_id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.account_id) ?? [];
      if (list.length < RECENTLY_VIEWED_MAX) list.push({ accountId: r.viewed_id, at: Number(r.viewed_at) });
      out.set(r.account_id, list);
    }
  }
  return out;
}

export async function recentlyViewedOf(db: Kysely<DB>, accountId: Id): Promise<RecentlyViewed> {
  return (await recentlyViewedBy(db, [accountId])).get(accountId) ?? [];
}

/** Records that `accountId` viewed `viewedId` now; only the RECENTLY_VIEWED_MAX newest are kept. */
export async function recordView(db: Kysely<DB>, accountId: Id, viewedId: Id, at: number): Promise<void> {
  const v = viewedDb(db);
  await v
    .insertInto('recently_viewed')
    .values({ account_id: accountId, viewed_id: viewedId, viewed_at: at })
    .onConflict((oc) => oc.columns(['account_id', 'viewed_id']).doUpdateSet({ viewed_at: at }))
    .execute();
  const kept = v
    .selectFrom('recently_viewed')
    .select('viewed_id')
    .where('account_id', '=', accountId)
    .orderBy('viewed_at', 'desc')
    .orderBy('viewed_id')
    .limit(RECENTLY_VIEWED_MAX);
  await v.deleteFrom('recently_viewed').where('account_id', '=', accountId).where('viewed_id', 'not in', kept).execute();
}

/** Forgets what an account viewed (the account is deleted). Others' lists naming it keep the id, as before. */
export async function removeRecentlyViewed(db: Kysely<DB>, accountId: Id): Promise<void> {
  await viewedDb(db).deleteFrom('recently_viewed').where('account_id', '=', accountId).execute();
}
