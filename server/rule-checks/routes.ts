/**
 * The feed check of spec core 7.4: GET /external/content/rss/url/{encoded url} answers { items, errno } to signed-in users.
 * The rules editor's subjects and "who sees this" preview (admins only) are in ./rule-preview.
 */
import type { FastifyInstance } from 'fastify';
import { requireUser, type AppContext } from '../context';
import { badRequest } from '../errors';
import { checkFeed, FeedUrlRefused } from './feed-fetch';
import { rulePreviewRoutes } from './rule-preview';

export function ruleCheckRoutes(app: FastifyInstance, ctx: AppContext): void {
  rulePreviewRoutes(app, ctx);
  app.get<{ Params: { url: string } }>('/external/content/rss/url/:url', async (req) => {
    await requireUser(ctx, req);
    try {
      return await checkFeed(req.params.url, { trusted: ctx.config.feedTrustedAddresses });
    } catch (e) {
      if (e instanceof FeedUrlRefused) throw badRequest(`url: ${e.message}`);
      throw e;
    }
  });
}
