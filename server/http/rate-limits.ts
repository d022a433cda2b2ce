/**
 * Rate limits (issue 36) with @fastify/rate-limit: every route a member can call that writes, does
 * outbound work (the feed check) or heavy work (searches, rule previews), and the sign-in routes.
 * Counted per account (the verified bearer token's) and per IP when signed out; sign-in per IP and
 * stricter. Over the limit: 429 with Retry-After and a message naming the limit. On PostgreSQL the
 * counters live in the `rate_limit_hits` table, so every process of a site shares them; on SQLite
 * (one process) in memory. Limits are RATE_LIMITS in config.env, scaled by RATE_LIMIT_SCALE (the
 * test suites raise it; never a production setting).
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql, type Kysely, type Migration } from 'kysely';
import type { AppContext } from '../context';
import { bearerToken } from '../auth/tokens';
import { HttpError } from '../errors';
import { CHAT_SENDS_PER_MINUTE } from '../../engine/core/chat';
import { ABUSE_REPORTS_PER_HOUR } from '../../engine/core/abuse';
import { POSTS_PER_MINUTE } from '../../engine/core/communications';

export type RateLimitClass = 'signIn' | 'outbound' | 'heavy' | 'write' | 'chatSend' | 'postSend' | 'abuseReport';
export interface RateLimit {
  max: number;
  windowMs: number;
}
export type RateLimits = Record<RateLimitClass, RateLimit>;

/** Real limits: a person at work never meets them; a script does within a minute. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: { max: 20, windowMs: 60_000 },
  outbound: { max: 20, windowMs: 60_000 },
  heavy: { max: 120, windowMs: 60_000 },
  write: { max: 600, windowMs: 60_000 },
  // A chat message is a write of its own: CHAT_SENDS_PER_MINUTE over all of a member's chats.
  chatSend: { max: CHAT_SENDS_PER_MINUTE, windowMs: 60_000 },
  // Posts and comments (and block comments): POSTS_PER_MINUTE per member over every target.
  postSend: { max: POSTS_PER_MINUTE, windowMs: 60_000 },
  // Abuse reports: ABUSE_REPORTS_PER_HOUR per account (engine/core/abuse.ts).
  abuseReport: { max: ABUSE_REPORTS_PER_HOUR, windowMs: 3_600_000 },
};

const WHAT: Record<RateLimitClass, string> = {
  signIn: 'sign-ins from this address',
  outbound: 'feed checks',
  heavy: 'searches and previews',
  write: 'changes',
  chatSend: 'chat messages',
  postSend: 'posts and comments',
  abuseReport: 'abuse reports',
};

/** RATE_LIMITS="signIn=20/60,write=600/60" (max per seconds) over the defaults, each max times RATE_LIMIT_SCALE. */
export function rateLimitsFromEnv(env: Readonly<Record<string, string | undefined>>): RateLimits {
  const limits: RateLimits = structuredClone(DEFAULT_RATE_LIMITS);
  for (const part of (env.RATE_LIMITS ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(signIn|outbound|heavy|write|chatSend|postSend|abuseReport)=(\d{1,7})\/(\d{1,6})$/.exec(part);
    if (!m) throw new Error(`RATE_LIMITS: "${part}" must read <signIn|outbound|heavy|write|chatSend|postSend|abuseReport>=<max>/<seconds>`);
    limits[m[1] as RateLimitClass] = { max: Number(m[2]), windowMs: Number(m[3]) * 1000 };
  }
  const scale = env.RATE_LIMIT_SCALE ? Number(env.RATE_LIMIT_SCALE) : 1;
  if (!Number.isInteger(scale) || scale < 1 || scale > 1_000_000)
    throw new Error(`RATE_LIMIT_SCALE must be a whole number from 1 up, got "${env.RATE_LIMIT_SCALE}"`);
  for (const limit of Object.values(limits)) limit.max *= scale;
  return limits;
}

const SIGN_IN = new Set(['POST /login', 'POST /api/v1/auth/tradeSecret', 'POST /api/v1/auth/refresh']);
const OUTBOUND = new Set(['GET /api/v1/external/content/rss/url/:url']);
const CHAT_SEND = 'PUT /api/v1/chat/private/:id';
const POST_SEND = new Set(['PUT /api/v1/communications/:targetId', 'PUT /api/v1/structure/block/:id/comment']);
const ABUSE_REPORT = new Set(['POST /api/v1/reportAbuse', 'POST /api/v1/chat/private/:id/:messageId/report']);
const HEAVY = /\/search$|^\/api\/v1\/admin\/rules\/preview$|[bB]lockStatistics|recalculatePostScores/;

/** The limit a route falls under, or undefined (reads and the media routes are not limited). */
export function rateLimitClassOf(method: string, url: string): RateLimitClass | undefined {
  const key = `${method} ${url}`;
  if (SIGN_IN.has(key)) return 'signIn';
  if (OUTBOUND.has(key)) return 'outbound';
  if (HEAVY.test(url)) return 'heavy';
  if (key === CHAT_SEND) return 'chatSend';
  if (POST_SEND.has(key)) return 'postSend';
  if (ABUSE_REPORT.has(key)) return 'abuseReport';
  if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') return 'write';
  return undefined;
}

interface Hits {
  current: number;
  ttl: number;
}

/** Counters in memory (one process: SQLite). One store for every route, keys carry the class. */
class MemoryHits {
  private readonly hits = new Map<string, { count: number; endsAt: number }>();
  private lastPrune = 0;

  incr(key: string, windowMs: number, now = Date.now()): Hits {
    if (now - this.lastPrune > 60_000) {
      this.lastPrune = now;
      for (const [k, v] of this.hits) if (v.endsAt <= now) this.hits.delete(k);
    }
    let entry = this.hits.get(key);
    if (!entry || entry.endsAt <= now) this.hits.set(key, (entry = { count: 0, endsAt: now + windowMs }));
    entry.count++;
    return { current: entry.count, ttl: entry.endsAt - now };
  }
}

/** Counters in a table (PostgreSQL): one upsert per limited request, shared by every process. */
class TableHits {
  private lastPrune = 0;
  constructor(private readonly db: Kysely<unknown>) {}

  async incr(key: string, windowMs: number, now = Date.now()): Promise<Hits> {
    if (now - this.lastPrune > 60_000) {
      this.lastPrune = now;
      void sql`delete from rate_limit_hits where ends_at <= ${now}`.execute(this.db).catch(() => undefined);
    }
    const { rows } = await sql<{ count: number; ends_at: string }>`
      insert into rate_limit_hits (key, count, ends_at) values (${key}, 1, ${now + windowMs})
      on conflict (key) do update set
        count = case when rate_limit_hits.ends_at <= ${now} then 1 else rate_limit_hits.count + 1 end,
        ends_at = case when rate_limit_hits.ends_at <= ${now} then ${now + windowMs} else rate_limit_hits.ends_at end
      returning count, ends_at`.execute(this.db);
    return { current: Number(rows[0].count), ttl: Number(rows[0].ends_at) - now };
  }
}

/** The rate_limit_hits table (used on PostgreSQL; created on both so the schema is the same). */
export const rateLimitMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limit_hits')
      .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('ends_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};

/** Registers the limits on every route added after it (call before the routes). */
export async function registerRateLimits(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limits = rateLimitsFromEnv(ctx.config.env);
  const hits = ctx.engine === 'postgres' ? new TableHits(ctx.store.kysely as Kysely<unknown>) : new MemoryHits();
  const store: FastifyRateLimitStore = {
    incr: (key, callback, windowMs) =>
      void Promise.resolve(hits.incr(key, windowMs)).then(
        (h) => callback(null, h),
        (e: Error) => callback(e),
      ),
    child: () => store,
  };
  const accountOf = async (req: FastifyRequest) => {
    const token = bearerToken(req.headers.authorization);
    return token ? (await ctx.tokens.verify(token))?.accountId : undefined;
  };
  // Runs before the plugin's own onRoute hook (registered next): it reads config.rateLimit.
  app.addHook('onRoute', (route: RouteOptions) => {
    const method = [route.method].flat()[0];
    const kind = rateLimitClassOf(method, route.url ?? '');
    if (!kind) return;
    const { max, windowMs } = limits[kind];
    route.config = {
      ...(route.config as object),
      rateLimit: {
        max,
        timeWindow: windowMs,
        groupId: kind,
        keyGenerator: async (req: FastifyRequest) => {
          const account = kind === 'signIn' ? undefined : await accountOf(req);
          return `${kind}:${account ? `account:${account}` : `ip:${req.ip}`}:`;
        },
        errorResponseBuilder: (_req: FastifyRequest, c: { after: string; max: number }) =>
          new HttpError(
            429,
            'tooManyRequests',
            `too many ${WHAT[kind]}: at most ${c.max} per ${Math.round(windowMs / 1000)} s ${kind === 'signIn' ? 'from one address' : 'per account'}; try again in ${c.after}`,
          ),
      },
    };
  });
  await app.register(rateLimit, {
    global: false,
    store: function () {
      return store;
    } as never,
  });
}
