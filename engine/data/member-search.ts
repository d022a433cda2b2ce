/**
 * The member directory's search (`POST profile/search`) as a slice: the profiles found land in the
 * profile atoms, the result names them. `useMemberSearch` (hooks.tsx) and the headless searches
 * (member-searches.ts) run it.
 */
import type { Profile } from '../../schemas/model';
import { profilesSlice } from './profiles';
import { defineSlice } from './slice';
import { dataCall } from './transport';

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

export interface MemberSearchResult {
  accountIds: string[];
  total: number;
  facets?: MemberFacets;
}

export const memberSearchCalls = {
  search: (query: MemberSearchQuery) => dataCall<MemberSearchAnswer>({ method: 'POST', path: 'profile/search', body: query }),
};

export interface MemberSearch {
  /** Runs a search; the profiles found land in the profile atoms, the result names them. */
  search(query: MemberSearchQuery): Promise<MemberSearchResult>;
}

export const memberSearchSlice = defineSlice<MemberSearch>({
  name: 'memberSearch',
  create({ layer, transport }) {
    const profiles = layer.slice(profilesSlice);
    return {
      async search(query) {
        const answer = await transport.request(memberSearchCalls.search(query));
        const items = Array.isArray(answer?.items) ? answer.items.filter((i) => i && typeof i.accountId === 'string') : [];
        for (const item of items) if (item.profile) profiles.put(item.accountId, item.profile);
        const facets = answer?.facets && typeof answer.facets === 'object' ? answer.facets : undefined;
        return { accountIds: items.map((i) => i.accountId), total: typeof answer?.total === 'number' ? answer.total : items.length, ...(facets ? { facets } : {}) };
      },
    };
  },
});
