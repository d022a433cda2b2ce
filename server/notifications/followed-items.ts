/**
 * Following and muting items (a post, a list, an entity, a chat) so domains can notify followers
 * (`notify(ctx, event, { followersOf: { kind, id } }, data)`); a muted item notifies nobody who muted it.
 */
import type { Kysely } from 'kysely';
import type { FollowedItem, FollowedKind } from '../../schemas/model/api/notifications';
import type { DB } from '../storage/database';
import type { NotificationsTables } from './notifications-table';

const followedDb = (db: Kysely<DB>) => db.withTables<NotificationsTables>();

export const FOLLOWED_KINDS: readonly FollowedKind[] = ['post', 'list', 'entity', 'chat'];
export const isFollowedKind = (k: unknown): k is FollowedKind => typeof k === 'string' && (FOLLOWED_KINDS as readonly string[]).includes(k);

/** Items a member follows at most (getFollowedItems and the connection's itemsToSubscribeTo answer all of them). */
export const MAX_FOLLOWED_ITEMS = 1000;

export async function followedItemsOf(db: Kysely<DB>, accountId: string, filter: { muted?: boolean; kind?: FollowedKind } = {}): Promise<FollowedItem[]> {
  const rows = await followedDb(db)
    .selectFrom('followed_items')
    .selectAll()
    .where('account_id', '=', accountId)
    .$if(filter.muted !== undefined, (q) => q.where('muted', '=', filter.muted ? 1 : 0))
    .$if(!!filter.kind, (q) => q.where('kind', '=', filter.kind!))
    .orderBy('since', 'desc')
    .limit(MAX_FOLLOWED_ITEMS)
    .execute();
  return rows.flatMap((r) => (isFollowedKind(r.kind) ? [{ kind: r.kind, targetId: r.target_id, muted: Number(r.muted) === 1, since: Number(r.since) }] : []));
}

/** Follows (active) or stops following an item; stopping forgets a mute too. */
export async function setFollowing(db: Kysely<DB>, accountId: string, kind: FollowedKind, targetId: string, active: boolean): Promise<void> {
  const d = followedDb(db);
  if (!active) {
    await d.deleteFrom('followed_items').where('account_id', '=', accountId).where('kind', '=', kind).where('target_id', '=', targetId).execute();
    return;
  }
  await d
    .insertInto('followed_items')
    .values({ account_id: accountId, kind, target_id: targetId, muted: 0, since: Date.now() })
    .onConflict((oc) => oc.columns(['account_id', 'kind', 'target_id']).doNothing())
    .execute();
}

/** Mutes or unmutes an item (muting one not followed records it, muted). */
export async function setMuted(db: Kysely<DB>, accountId: string, kind: FollowedKind, targetId: string, muted: boolean): Promise<void> {
  await followedDb(db)
    .insertInto('followed_items')
    .values({ account_id: accountId, kind, target_id: targetId, muted: muted ? 1 : 0, since: Date.now() })
    .onConflict((oc) => oc.columns(['account_id', 'kind', 'target_id']).doUpdateSet({ muted: muted ? 1 : 0 }))
    .execute();
}

/** The next followers of an item who have not muted it, in account order after `after`. */
export async function followersPage(db: Kysely<DB>, kind: FollowedKind, targetId: string, after: string | null, limit: number): Promise<string[]> {
  const rows = await followedDb(db)
    .selectFrom('followed_items')
    .select('account_id')
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('muted', '=', 0)
    .$if(after !== null, (q) => q.where('account_id', '>', after!))
    .orderBy('account_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.account_id);
}
