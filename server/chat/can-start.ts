/**
 * `_canStartChat` (community §3 Profile): the facts the server knows about two members, handed to
 * the one rule (engine/core/chat.ts `chatRefusal`). Connections do not exist yet: the connections
 * domain hands in how to tell two connected members with `registerChatConnections` when it opens;
 * until then nobody is connected (so "chat between connections only" and a private connectivity
 * leave members only the chats they already have, and admins).
 */
import type { ChatStartFacts } from '../../engine/core/chat';
import { chatRefusal } from '../../engine/core/chat';
import { isConnectivityPrivate } from '../../engine/core/profile-privacy';
import type { Profile, Settings } from '../../schemas/model';
import type { ChatRefusal } from '../../schemas/model/api/chat';
import type { AppContext } from '../context';
import { blocksBetween, chatOfPair } from './chats';

/** Whether two members are connected (a leader and a follower). */
export type ChatConnections = (a: string, b: string) => Promise<boolean>;

const connections = new WeakMap<AppContext, ChatConnections>();

/** The connections domain's hook. */
export function registerChatConnections(ctx: AppContext, connected: ChatConnections): void {
  connections.set(ctx, connected);
}

/** The admin setting (settings section `chat`, `chatConnectionsOnly`), off when absent. */
export async function chatConnectionsOnly(ctx: AppContext): Promise<boolean> {
  const settings = (await ctx.store.get<Settings>('settings', 'app'))?.data;
  return settings?.chat?.chatConnectionsOnly === true;
}

export async function chatStartFacts(ctx: AppContext, me: string, isAdmin: boolean, other: string): Promise<ChatStartFacts> {
  const self = me === other;
  // A member exists with her account: a missing or damaged profile reads as an empty one (as the profile calls answer it).
  const valid = !self && typeof other === 'string' && other.length > 0 && other.length <= 200;
  const [account, profile] = valid ? await Promise.all([ctx.store.get('account', other), ctx.store.get<Profile>('profile', other)]) : [undefined, undefined];
  const exists = !!account;
  if (!exists || self)
    return {
      self,
      exists,
      blockedByOther: false,
      blockedByMe: false,
      connectivityPrivate: false,
      connectionsOnly: false,
      connected: false,
      chatExists: false,
      isAdmin,
    };
  const db = ctx.store.kysely;
  const [blocks, chat, connectionsOnly] = await Promise.all([blocksBetween(db, me, other), chatOfPair(db, me, other), chatConnectionsOnly(ctx)]);
  const connectivityPrivate = isConnectivityPrivate(profile?.data?.data?.meta);
  const lookup = connections.get(ctx);
  const connected = lookup && (connectivityPrivate || connectionsOnly) ? await lookup(me, other) : false;
  return { self, exists, ...blocks, connectivityPrivate, connectionsOnly, connected, chatExists: !!chat, isAdmin };
}

/** Why the member may not chat with the other, or null. */
export async function chatRefusalFor(ctx: AppContext, me: string, isAdmin: boolean, other: string): Promise<ChatRefusal | null> {
  return chatRefusal(await chatStartFacts(ctx, me, isAdmin, other));
}
