/**
 * The communications domain (community §3 Communication and the posts catalogue, §4, §5, §7 "Chat
 * and communications"; core §3, §7.4, §9): posts and comments of every target (a block, or a
 * page's feed) in their own tables (./tables.ts), the calls of schemas/model/api/communications.ts
 * (./routes.ts), the block comment calls of core §7.4 on the same tables (./block-comments.ts),
 * realtime to the room `communications:<targetId>` (./events.ts), mention, newCommentReply and
 * newDiscussion notifications through notify(), the posts' search index (the shared dialect of
 * server/search/text-dialect.ts), and the moderation functions the abuse domain calls
 * (./moderation.ts).
 */
import { defineDomain } from '../domain';
import { blockCommentRoutes } from './block-comments';
import { mayReadTarget } from './events';
import { communicationsRoutes } from './routes';
import { seedCommunications } from './seed';
import { communicationMigrations } from './tables';

export * from './moderation';
export { communicationsRoom } from './events';

export default defineDomain({
  name: 'communications',
  migrations: communicationMigrations,
  routes(api, ctx) {
    communicationsRoutes(api, ctx);
    blockCommentRoutes(api, ctx);
  },
  rooms: [{ kind: 'communications', mayJoin: (ctx, accountId, id) => (id.length <= 200 ? mayReadTarget(ctx, accountId, id) : Promise.resolve(false)) }],
  seed: { run: seedCommunications },
});
