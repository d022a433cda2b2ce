/**
 * What the data layer asks of the server, injected by the shell (web wires it to the API client;
 * tests to a real server or a recorder). Blocks never see it: they read atoms through hooks.
 */
import type { Profile, ProfileMeta } from '../../schemas/model';

/** One entry of `POST profile/collection`: the profile, or why it is not given. */
export type ProfileCollectionEntry = Profile | { accountId: string; error: 'forbidden' | 'notFound' };

export interface MemberSearchQuery {
  text?: string;
  listIds?: string[];
  filters?: { key: string; value: string }[];
  /** `relevance`: best text match first, ties by name. */
  sort?: 'name' | 'newest' | 'relevance';
  /** Sort on a public profile value instead of `sort`. */
  sortBy?: MemberSortBy;
  /** Public number values within min..max. */
  ranges?: { key: string; min?: number; max?: number }[];
  /** Public date values (days, YYYY-MM-DD) within from..to. */
  dateRanges?: { key: string; from?: string; to?: string }[];
  /** Profile field keys whose public values are counted over the matches. */
  facets?: string[];
  near?: { lat: number; lng: number; radiusKm: number };
  page?: number;
  limit?: number;
}

export interface MemberSortBy {
  key: string;
  direction: 'asc' | 'desc';
  blankPosition?: 'first' | 'last';
}

/** Counts of public values per key over a search's matches. */
export type MemberFacets = Record<string, { value: string; count: number }[]>;

export interface MemberSearchAnswer {
  items: { accountId: string; name: string; profile: Profile | null }[];
  total: number;
  facets?: MemberFacets;
}

export interface DataTransport {
  /** `POST profile/collection { accountIds }`. */
  loadProfiles(accountIds: string[]): Promise<ProfileCollectionEntry[]>;
  /** `POST profile/search`: the member directory. */
  searchMembers?(query: MemberSearchQuery): Promise<MemberSearchAnswer>;
  /** `PUT profile/favourites/add { type, value }`: the own profile's meta after the change. */
  addFavourite?(type: string, value: string): Promise<ProfileMeta>;
  /** `DELETE profile/favourites { type, targetId }`: the own profile's meta after the change. */
  removeFavourite?(type: string, targetId: string): Promise<ProfileMeta>;
  /** `GET profile/favourites/count/{type}/{targetId}`: how many members favourite the item. */
  favouriteCount?(type: string, targetId: string): Promise<FavouriteCountEvent>;
}

/** `favourites:count`, and the answer of the count call. */
export interface FavouriteCountEvent {
  type: string;
  targetId: string;
  count: number;
}

/** `profile:update`: a profile changed (a form save, a meta write); `meta` alone for meta writes. */
export interface ProfileUpdateEvent {
  accountId: string;
  profile?: Profile;
  meta?: ProfileMeta;
  keepaliveTimestamp?: number;
  /** The profile was deleted. */
  removed?: boolean;
}
