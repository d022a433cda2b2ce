/**
 * The statistics profile blocks show (GET user/{id}/blockStatistics/{stat}, POST
 * user/{id}/multiBlockStatistics): small counts over one account's own records. The spec names
 * the calls, not the statistics; these are the ones the profile blocks use.
 */
import type { ListMembership, Profile } from '../../schemas/model';

/** What the statistics count over: one member's records. */
export interface StatisticsSubject {
  profile: Profile | undefined;
  memberships: ListMembership[];
  recentlyViewed: unknown[];
}

export const PROFILE_STATISTICS = {
  /** Lists the account is accepted in. */
  acceptedLists: ({ memberships }: StatisticsSubject) => memberships.filter((m) => m.state === 'accepted').length,
  /** Favourites of every type. */
  favourites: ({ profile }: StatisticsSubject) =>
    Object.values(profile?.data?.meta?.favourites ?? {}).reduce((n, list) => n + (Array.isArray(list) ? list.length : 0), 0),
  /** Profiles in the recently viewed list. */
  recentlyViewed: ({ recentlyViewed }: StatisticsSubject) => recentlyViewed.length,
  /** Profile values filled in. */
  profileValues: ({ profile }: StatisticsSubject) =>
    Object.values(profile?.data?.profile ?? {}).filter((v) => v !== null && v !== '' && !(Array.isArray(v) && !v.length)).length,
} satisfies Record<string, (subject: StatisticsSubject) => number>;

export type ProfileStatistic = keyof typeof PROFILE_STATISTICS;

export const isProfileStatistic = (stat: string): stat is ProfileStatistic => Object.prototype.hasOwnProperty.call(PROFILE_STATISTICS, stat);

export const PROFILE_STATISTIC_NAMES = Object.keys(PROFILE_STATISTICS).join(', ');
