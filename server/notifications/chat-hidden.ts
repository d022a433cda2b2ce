/**
 * Community §4: chat notifications dated before the chat's hidden timestamp are hidden. The chat
 * domain owns hidden timestamps; it hands them in with `registerChatHiddenTimestamps` when it opens
 * (until then no chat is hidden). Counts and lists filter by the `chat_id` column with the same
 * rule `isHiddenChatNotification` states, so the badge never counts what the list leaves out.
 */
import type { AppContext } from '../context';

/** An account's hidden chats: chat id -> epoch ms before which its notifications are hidden. */
export type ChatHiddenTimestamps = (accountId: string) => Promise<ReadonlyMap<string, number>>;

/** Hidden chats a query filters at most (the oldest beyond it simply show; a member hides few chats). */
export const MAX_HIDDEN_CHATS_FILTERED = 200;

const lookups = new WeakMap<AppContext, ChatHiddenTimestamps>();

/** The chat domain's hook: how to read an account's hidden timestamps. */
export function registerChatHiddenTimestamps(ctx: AppContext, lookup: ChatHiddenTimestamps): void {
  lookups.set(ctx, lookup);
}

/** The account's hidden chats (none until the chat domain registered its lookup). */
export async function hiddenChatsOf(ctx: AppContext, accountId: string): Promise<ReadonlyMap<string, number>> {
  const lookup = lookups.get(ctx);
  if (!lookup) return new Map();
  const hidden = await lookup(accountId);
  return hidden.size > MAX_HIDDEN_CHATS_FILTERED ? new Map([...hidden].slice(0, MAX_HIDDEN_CHATS_FILTERED)) : hidden;
}

/** The rule itself: a chat notification whose chat was hidden after it was sent. */
export function isHiddenChatNotification(n: { type: string; chatId: string | null; date: number }, hidden: ReadonlyMap<string, number>): boolean {
  if (n.type !== 'chat' || !n.chatId) return false;
  const hiddenAt = hidden.get(n.chatId);
  return hiddenAt !== undefined && n.date < hiddenAt;
}
