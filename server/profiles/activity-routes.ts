/**
 * A member's own activity and account data (community §7 Profiles, core §7.1): recently viewed
 * profiles (PUT profile/user/actions/viewedProfile, GET profile/user/actions/{action}), framework
 * data by key (GET user/frameworkData/{key}) and the profile blocks' statistics (GET
 * user/{id}/blockStatistics/{stat}, POST user/{id}/multiBlockStatistics).
 */
import type { FastifyInstance } from 'fastify';
import type { Profile } from '../../schemas/model';
import type { MultiBlockStatisticsRequest, ViewedProfileRequest } from '../../schemas/model/api/profiles';
import { ownValue } from '../../engine/core/own';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import type { Account } from '../model';
import { can } from '../permissions';
import { membershipsOf } from '../lists/memberships';
import { recentlyViewedOf, recordView } from './recently-viewed';
import { isProfileStatistic, PROFILE_STATISTIC_NAMES, PROFILE_STATISTICS } from './profile-statistics';

/** The actions GET profile/user/actions/{action} answers. */
const ACTIONS = ['recentlyViewed'] as const;

export function profileActivityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;

  app.put('/profile/user/actions/viewedProfile', async (req) => {
    const user = await requireUser(ctx, req);
    const { accountId } = v.body<ViewedProfileRequest>('viewed-profile-request', req.body);
    const own = user.account.accountId;
    if (!(await ctx.store.get<Account>('account', accountId))) throw notFound(`profile "${accountId}" does not exist`);
    // One's own profile is not a profile one has viewed. A view writes a row, never the viewer's profile document.
    if (accountId !== own) await recordView(ctx.store.kysely, own, accountId, Date.now());
    return { recentlyViewed: await recentlyViewedOf(ctx.store.kysely, own) };
  });

  app.get<{ Params: { action: string } }>('/profile/user/actions/:action', async (req) => {
    const user = await requireUser(ctx, req);
    const { action } = req.params;
    if (!(ACTIONS as readonly string[]).includes(action)) throw badRequest(`action must be one of ${ACTIONS.join(', ')}, not "${action}"`);
    // Profiles deleted since they were viewed are left out.
    const entries = await recentlyViewedOf(ctx.store.kysely, user.account.accountId);
    const existing = new Set(
      (
        await ctx.store.getMany<Account>(
          'account',
          entries.map((e) => e.accountId),
        )
      ).map((d) => d.id),
    );
    return { [action]: entries.filter((e) => existing.has(e.accountId)) };
  });

  app.get<{ Params: { key: string } }>('/user/frameworkData/:key', async (req) => {
    const user = await requireUser(ctx, req);
    const value = ownValue(user.account.frameworkData, req.params.key);
    return { key: req.params.key, value: value ?? null };
  });

  /** The account and profile whose statistics `user` asks for: the own, or any with profiles read. */
  async function statisticsSubject(user: SignedInUser, accountId: string) {
    if (accountId !== user.account.accountId && !can(user, 'read', 'profiles', accountId))
      throw forbidden(`You may not read the statistics of "${accountId}" (profiles read)`);
    if (!(await ctx.store.get<Account>('account', accountId))) throw notFound(`profile "${accountId}" does not exist`);
    return {
      profile: (await ctx.store.get<Profile>('profile', accountId))?.data,
      memberships: await membershipsOf(ctx.store.kysely, accountId),
      recentlyViewed: await recentlyViewedOf(ctx.store.kysely, accountId),
    };
  }

  app.get<{ Params: { id: string; stat: string } }>('/user/:id/blockStatistics/:stat', async (req) => {
    const user = await requireUser(ctx, req);
    const { stat } = req.params;
    if (!isProfileStatistic(stat)) throw badRequest(`stat must be one of ${PROFILE_STATISTIC_NAMES}, not "${stat}"`);
    return { stat, value: PROFILE_STATISTICS[stat](await statisticsSubject(user, req.params.id)) };
  });

  app.post<{ Params: { id: string } }>('/user/:id/multiBlockStatistics', async (req) => {
    const user = await requireUser(ctx, req);
    const { stats } = v.body<MultiBlockStatisticsRequest>('multi-block-statistics-request', req.body);
    const unknown = stats.filter((s) => !isProfileStatistic(s));
    if (unknown.length) throw badRequest(`stats: ${unknown.map((s) => JSON.stringify(s)).join(', ')} unknown; known are ${PROFILE_STATISTIC_NAMES}`);
    const subject = await statisticsSubject(user, req.params.id);
    return { stats: Object.fromEntries(stats.filter(isProfileStatistic).map((s) => [s, PROFILE_STATISTICS[s](subject)])) };
  });
}
