/**
 * Realtime and notifications of posts (contract schemas/model/api/communications.ts): events to
 * the room `communications:<targetId>` after the commit, each as the room's audience sees it
 * (`own` and `can` false); an item hidden by a moderator only to moderators and its author (the
 * others are told it went: `communications:removed`). Notifications through notify(): mention,
 * newCommentReply, newDiscussion, each linking to the post's page.
 */
import type { Communication, CommunicationEvent, CommunicationRemovedEvent } from '../../schemas/model/api/communications';
import type { AppContext } from '../context';
import { permissionContextOf } from '../context';
import { notify } from '../notifications/notify';
import { setFollowing } from '../notifications/followed-items';
import type { Profile } from '../../schemas/model';
import { profilePublicName } from '../../engine/core/profile-privacy';
import { findRow, viewsOf, type Row } from './posts';
import { readableTarget, targetPagePath, viewerOf, type Viewer } from './targets';

export const communicationsRoom = (targetId: string) => `communications:${targetId}`;

const moderatorCache = new WeakMap<AppContext, Map<string, { at: number; moderator: boolean }>>();

/** Whether an account moderates posts (cached a few seconds per process: realtime fan-outs ask often). */
async function isModerator(ctx: AppContext, accountId: string): Promise<boolean> {
  let cache = moderatorCache.get(ctx);
  if (!cache) moderatorCache.set(ctx, (cache = new Map()));
  const hit = cache.get(accountId);
  if (hit && Date.now() - hit.at < 5000) return hit.moderator;
  const permissions = await permissionContextOf(ctx, accountId);
  const moderator = !!permissions && viewerOf(permissions).moderator;
  if (cache.size > 1000) cache.clear();
  cache.set(accountId, { at: Date.now(), moderator });
  return moderator;
}

/** Sends a created or updated item to the target's room; a hidden one only to moderators and its author. */
export async function announceItem(ctx: AppContext, row: Row, event: 'communications:created' | 'communications:updated'): Promise<void> {
  const realtime = ctx.realtime;
  if (!realtime) return;
  const [item] = await viewsOf(ctx.store.kysely, [row], null);
  const payload: CommunicationEvent = { id: row.id, targetId: row.target_id, item };
  if (Number(row.hidden) !== 1) return realtime.toRooms(communicationsRoom(row.target_id), event, payload);
  return realtime.toRoomsEach(communicationsRoom(row.target_id), event, async (accountId) =>
    accountId === row.from_account || (await isModerator(ctx, accountId)) ? payload : undefined,
  );
}

/** Tells the room an item went (deleted; hidden: to those who no longer see it, moderators get an update instead). */
export async function announceRemoved(ctx: AppContext, row: Row, reason: 'deleted' | 'hidden'): Promise<void> {
  const realtime = ctx.realtime;
  if (!realtime) return;
  const removed: CommunicationRemovedEvent = { id: row.id, targetId: row.target_id, parentId: row.parent_id || null, reason };
  if (reason === 'deleted') {
    await realtime.toRooms(communicationsRoom(row.target_id), 'communications:removed', removed);
    return;
  }
  const [item] = await viewsOf(ctx.store.kysely, [row], null);
  const updated: CommunicationEvent = { id: row.id, targetId: row.target_id, item };
  await realtime.toRoomsEach(communicationsRoom(row.target_id), 'communications:removed', async (accountId) =>
    accountId === row.from_account || (await isModerator(ctx, accountId)) ? undefined : removed,
  );
  await realtime.toRoomsEach(communicationsRoom(row.target_id), 'communications:updated', async (accountId) =>
    accountId === row.from_account || (await isModerator(ctx, accountId)) ? updated : undefined,
  );
}

/** Whether an account may read a target (a room's check, a mention's recipient). */
export async function mayReadTarget(ctx: AppContext, accountId: string, targetId: string): Promise<boolean> {
  const permissions = await permissionContextOf(ctx, accountId);
  return !!permissions && !!(await readableTarget(ctx, permissions, targetId));
}

async function nameOf(ctx: AppContext, accountId: string): Promise<string> {
  const profile = (await ctx.store.get<Profile>('profile', accountId))?.data;
  return profilePublicName(profile?.data?.profile, accountId);
}

const excerpt = (item: Communication) => (item.title || item.text).slice(0, 200);

/**
 * After a create: the author follows her post; mentions, the parent's author, the post's followers
 * (a reply) and a discussion's followers (a thread) are notified, each person once, never the author.
 */
export async function afterCreate(ctx: AppContext, row: Row, viewer: Viewer, targetType: string): Promise<void> {
  const db = ctx.store.kysely;
  const [item] = await viewsOf(db, [row], null);
  if (row.kind === 'post') await setFollowing(db, row.from_account, 'post', row.id, true);
  const url = (await targetPagePath(ctx, row.target_id)) ?? undefined;
  const name = await nameOf(ctx, row.from_account);
  const data = {
    postId: row.root_id,
    ...(row.parent_id ? { parentId: row.parent_id } : {}),
    ...(url ? { url: `${url}?post=${encodeURIComponent(row.root_id)}` } : {}),
  };
  const base = { targetId: row.target_id, fromAccountId: row.from_account, data, params: { name, excerpt: excerpt(item) } };
  const mentioned: string[] = [];
  for (const accountId of item.mentions) if (accountId !== viewer.accountId && (await mayReadTarget(ctx, accountId, row.target_id))) mentioned.push(accountId);
  if (mentioned.length)
    await notify(ctx, 'mention', { accounts: mentioned }, { ...base, message: `${name} mentioned you: ${excerpt(item)}`, key: `mention:${row.id}` });
  if (row.parent_id) {
    // The parent's author, then the post's followers (her own post she follows already), each once.
    const parent = await findRow(db, row.parent_id);
    const told = [row.from_account, ...mentioned];
    const reply = { ...base, message: `${name} replied: ${excerpt(item)}`, key: `reply:${row.id}` };
    if (parent && !told.includes(parent.from_account)) {
      await notify(ctx, 'newCommentReply', { accounts: [parent.from_account] }, reply);
      told.push(parent.from_account);
    }
    await notify(ctx, 'newCommentReply', { followersOf: { kind: 'post', id: row.root_id, except: told } }, { ...reply, key: `reply-followers:${row.id}` });
  } else if (targetType === 'discussionThreads') {
    await notify(
      ctx,
      'newDiscussion',
      { followersOf: { kind: 'post', id: row.target_id, except: [row.from_account, ...mentioned] } },
      { ...base, message: `${name} started a thread: ${excerpt(item)}`, key: `discussion:${row.id}` },
    );
  }
}
