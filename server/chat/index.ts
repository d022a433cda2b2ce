/**
 * The chat domain (community §3 Chat and Message, §4, §7 "Chat and communications"; core §7.6,
 * §9): private chats between two members in their own tables (./chat-tables.ts), the calls of
 * schemas/model/api/chat.ts, realtime to the participants' account rooms, the room kind `chat`
 * (a participant only: while she is in it a new message does not notify her), `chat:typing`
 * relayed to the other participant, newMessage notifications through notify(), a message's
 * report filed in the abuse queue (server/abuse; the old `chat_reports` table is left unused), and
 * the hooks other domains use:
 * `registerChatConnections` (the connections domain) and the hidden timestamps it hands to the
 * notifications domain. No video chat exists: `_canStartVideoChat` is always false.
 */
import { CHAT_TYPING_INTERVAL_MS } from '../../engine/core/chat';
import { defineDomain } from '../domain';
import { registerChatHiddenTimestamps, MAX_HIDDEN_CHATS_FILTERED } from '../notifications/chat-hidden';
import type { ProfileChatFlags } from '../../schemas/model/api/chat';
import { registerProfileExtras } from '../profiles';
import { chatRefusalFor } from './can-start';
import { relayTyping } from './chat-events';
import { chatMigrations } from './chat-tables';
import { chatDb, findParticipation, isParticipant } from './chats';
import { chatRoutes } from './routes';
import { seedChats } from './seed';

export { registerChatConnections, type ChatConnections } from './can-start';
export { chatRefusalFor };
/** What the abuse domain reads of a reported message: the message by id, and whether the reporter takes part in its chat. */
export { chatMessageById, chatMessagesById, isParticipant as isChatParticipant } from './chats';

export default defineDomain({
  name: 'chat',
  migrations: chatMigrations,
  open(ctx) {
    // Another member's profile says whether the viewer may chat with her (no video chat exists).
    registerProfileExtras(ctx, async (viewer, accountId) => {
      const refusal = await chatRefusalFor(ctx, viewer.account.accountId, viewer.account.isAdmin, accountId);
      return { _canStartChat: !refusal, _canStartVideoChat: false } satisfies ProfileChatFlags;
    });
    registerChatHiddenTimestamps(ctx, async (accountId) => {
      const rows = await chatDb(ctx.store.kysely)
        .selectFrom('chat_participants')
        .select(['chat_id', 'hidden_at'])
        .where('account_id', '=', accountId)
        .where('hidden_at', 'is not', null)
        .orderBy('hidden_at', 'desc')
        .limit(MAX_HIDDEN_CHATS_FILTERED)
        .execute();
      return new Map(rows.map((r) => [r.chat_id, Number(r.hidden_at)]));
    });
  },
  routes: chatRoutes,
  rooms: [{ kind: 'chat', mayJoin: (ctx, accountId, id) => (id.length <= 64 ? isParticipant(ctx.store.kysely, id, accountId) : Promise.resolve(false)) }],
  onConnection(ctx, socket) {
    const accountId = socket.data.accountId as string;
    // One "typing" per chat per half interval from a socket: the composer sends one per interval.
    const last = new Map<string, number>();
    socket.on('chat:typing', (payload: unknown) => {
      const chatId = (payload as { chatId?: unknown } | null)?.chatId;
      if (typeof chatId !== 'string' || !chatId || chatId.length > 64) return;
      const now = Date.now();
      if (now - (last.get(chatId) ?? 0) < CHAT_TYPING_INTERVAL_MS / 2) return;
      if (last.size > 100) last.clear();
      last.set(chatId, now);
      void findParticipation(ctx.store.kysely, chatId, accountId)
        .then((found) => {
          if (found && found.other.account_id !== accountId) relayTyping(ctx, chatId, accountId, found.other.account_id);
        })
        .catch((error) => ctx.log(error));
    });
  },
  seed: { run: seedChats },
});
