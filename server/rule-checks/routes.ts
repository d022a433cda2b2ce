/** The feed check of spec core 7.4: GET /external/content/rss/url/{encoded url} answers { items, errno } to signed-in users. */
import type { FastifyInstance } from 'fastify';
import { requireUser, type AppContext } from '../context';
import { badRequest } from '../errors';
import { checkFeed, FeedUrlRefused } from './feed-fetch';

export function ruleCheckRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { url: string } }>('/external/content/rss/url/:url', async (req) => {
    await requireUser(ctx, req);
    try {
      return await checkFeed(req.params.url);
    } catch (e) {
      if (e instanceof FeedUrlRefused) throw badRequest(`url: ${e.message}`);
      throw e;
    }
  });
}
