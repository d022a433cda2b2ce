/**
 * The statistics profile blocks show (GET user/{id}/blockStatistics/{stat}, POST
 * user/{id}/multiBlockStatistics): small counts over one account's own records. The spec names
 * the calls, not the statistics; these are the ones the profile blocks use.
 */
import type { Profile } from '../../schemas/model';
import type { Account } from '../model';

export const PROFILE_STATISTICS = {
  /** Lists the account is accepted in. */
  acceptedLists: (account: Account) => (Array.isArray(account.listMemberships) ? account.listMemberships : []).filter((m) => m?.state === 'accepted').length,
  /** Favourites of every type. */
  favourites: (_account: Account, profile: Profile | undefined) =>
    Object.values(profile?.data?.meta?.favourites ?? {}).reduce((n, list) => n + (Array.isArray(list) ? list.length : 0), 0),
  /** Profiles in the recently viewed list. */
  recentlyViewed: (_account: Account, profile: Profile | undefined) =>
    Array.isArray(profile?.actions?.recentlyViewed) ? profile.actions.recentlyViewed.length : 0,
  /** Profile values filled in. */
  profileValues: (_account: Account, profile: Profile | undefined) =>
    Object.values(profile?.data?.profile ?? {}).filter((v) => v !== null && v !== '' && !(Array.isArray(v) && !v.length)).length,
} satisfies Record<string, (account: Account, profile: Profile | undefined) => number>;

export type ProfileStatistic = keyof typeof PROFILE_STATISTICS;

export const isProfileStatistic = (stat: string): stat is ProfileStatistic => Object.prototype.hasOwnProperty.call(PROFILE_STATISTICS, stat);

export const PROFILE_STATISTIC_NAMES = Object.keys(PROFILE_STATISTICS).join(', ');
