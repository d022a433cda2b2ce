/**
 * The member directory's calls: POST profile/collection (the data layer's batch) and POST
 * profile/search (full text, filters, radius, value counts and pages over the member index). Every profile goes
 * out as its viewer may see it.
 */
import type { FastifyInstance } from 'fastify';
import type { Profile } from '../../schemas/model';
import type { MemberSearchRequest, ProfileCollectionRequest } from '../../schemas/model/api/profiles';
import { MEMBER_SEARCH_PAGE_SIZE } from '../../engine/core/constants';
import { requireUser, type AppContext, type SignedInUser } from '../context';
import { badRequest } from '../errors';
import { isProfileFieldFilterable } from '../../engine/core/search-settings';
import { FILTER_KEY_PATTERN } from '../search/member-index';
import { memberSearchSettings } from '../search/search-settings';
import { memberProfiles, visibleProfile } from './profile-data';
import { memberIndexFor, searchTolerantly } from './member-index-sync';

export function memberDirectoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const v = ctx.validator;
  const index = memberIndexFor(ctx.config.databaseUrl ? 'postgres' : 'sqlite');

  /** The profiles of some accounts as `user` may see them, in the order asked, absent ones left out. */
  async function visibleProfiles(user: SignedInUser, accountIds: string[]): Promise<Map<string, Profile>> {
    const members = await memberProfiles(ctx.store, accountIds);
    return new Map([...members].map(([id, { profile, owner }]) => [id, visibleProfile(profile, owner, user)]));
  }

  app.post('/profile/collection', async (req) => {
    const user = await requireUser(ctx, req);
    const { accountIds } = v.body<ProfileCollectionRequest>('profile-collection-request', req.body);
    const found = await visibleProfiles(user, accountIds);
    return [...new Set(accountIds)].map((accountId) => found.get(accountId) ?? { accountId, error: 'notFound' as const });
  });

  app.post('/profile/search', async (req) => {
    const user = await requireUser(ctx, req);
    const body = v.body<MemberSearchRequest>('member-search-request', req.body);
    const query = { ...body, page: body.page ?? 1, limit: body.limit ?? MEMBER_SEARCH_PAGE_SIZE };
    const badFacet = query.facets?.find((key) => !FILTER_KEY_PATTERN.test(key));
    if (badFacet !== undefined) throw badRequest(`facets: "${badFacet}" is not a profile field key (letters, digits, _ and - only)`);
    // Search management: a field an admin made not filterable is no filter, facet or range here.
    const settings = await memberSearchSettings(ctx.store);
    const notFilterable = [
      ...(query.filters ?? []).map((f) => ['filters', f.key] as const),
      ...(query.facets ?? []).map((key) => ['facets', key] as const),
      ...(query.ranges ?? []).map((r) => ['ranges', r.key] as const),
      ...(query.dateRanges ?? []).map((r) => ['dateRanges', r.key] as const),
    ].find(([, key]) => !isProfileFieldFilterable(settings, key));
    if (notFilterable) throw badRequest(`${notFilterable[0]}: "${notFilterable[1]}" is not a filterable profile field (search management)`);
    const [{ hits, total }, facets] = await searchTolerantly(ctx.store, index, () =>
      Promise.all([index.search(ctx.store.kysely, query), query.facets?.length ? index.facets(ctx.store.kysely, query, query.facets) : undefined]),
    );
    const found = await visibleProfiles(
      user,
      hits.map((h) => h.accountId),
    );
    return {
      items: hits.map((h) => ({ accountId: h.accountId, name: h.name, profile: found.get(h.accountId) ?? null })),
      total,
      ...(facets ? { facets } : {}),
      page: query.page,
      limit: query.limit,
    };
  });
}
