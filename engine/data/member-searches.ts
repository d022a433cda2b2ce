/**
 * Headless member searches: one state per search id (an atom of the data layer), shared by the
 * input, filters, sort, count, results and pagination blocks that name it. Blocks change the
 * query; the state runs the search itself (one request per change, whatever number of blocks
 * show it) and drops an answer to an older query.
 */
import { atom, useAtomValue, type PrimitiveAtom } from 'jotai';
import { useDataLayer } from './hooks';
import { memberSearchSlice, type MemberFacets, type MemberSearchQuery, type MemberSortBy } from './member-search';
import { defineSlice, type JotaiStore } from './slice';

export type MemberSort = NonNullable<MemberSearchQuery['sort']>;

/** What the visitor chose. */
export interface SearchChoice {
  text: string;
  /** Chosen values per profile field key (any of a key's values matches). */
  filters: Record<string, string[]>;
  sort: MemberSort;
  /** A sort on a public profile value; replaces `sort` when set. */
  sortBy?: MemberSortBy;
  /** Number ranges per profile field key (either end may be open). */
  ranges: Record<string, { min?: number; max?: number }>;
  /** Date ranges (YYYY-MM-DD) per profile field key. */
  dates: Record<string, { from?: string; to?: string }>;
  page: number;
}

/** What the results block sets: where to search and how much per page. */
export interface SearchScope {
  listIds: string[];
  limit: number;
}

export interface SearchState {
  choice: SearchChoice;
  scope?: SearchScope;
  /** Keys the filters block counts values of. */
  facetKeys: string[];
  /** Set by the pagination block: numbered pages replace the results; "load more" appends the next page. */
  append: boolean;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Shown results: the current page, or every page so far when appending. */
  accountIds: string[];
  total: number;
  facets: MemberFacets;
}

export interface MemberSearches {
  atom(searchId: string): PrimitiveAtom<SearchState>;
  /** Changes the choice; a change of anything but the page goes back to page 1. */
  choose(searchId: string, change: Partial<SearchChoice>): void;
  /** Sets the results block's scope (a search runs once there is one). */
  setScope(searchId: string, scope: SearchScope): void;
  /** How the pagination block pages: appending ("load more") or not. */
  setAppend(searchId: string, append: boolean): void;
  /** Adds the keys whose values the filters show; returns the removal. */
  watchFacets(searchId: string, keys: string[]): () => void;
}

export const emptyChoice = (): SearchChoice => ({ text: '', filters: {}, sort: 'name', ranges: {}, dates: {}, page: 1 });

const initialState = (): SearchState => ({ choice: emptyChoice(), facetKeys: [], append: false, status: 'idle', accountIds: [], total: 0, facets: {} });

/** The server query of a state (undefined until a results block gave the scope). */
/**
 * Profile fields an admin made not filterable (search management; `search.notFilterable` of init):
 * the server refuses them as filters, facets or ranges, so a search leaves them out and the filter
 * blocks do not offer them.
 */
export const notFilterableAtom = atom<readonly string[]>([]);

/** The fields the filter blocks may not offer (search management). */
export function useNotFilterable(): readonly string[] {
  return useAtomValue(notFilterableAtom);
}

export function searchQueryOf(state: SearchState, notFilterable: readonly string[] = []): MemberSearchQuery | undefined {
  if (!state.scope) return undefined;
  const { choice, scope } = state;
  const allowed = ([key]: [string, unknown]) => !notFilterable.includes(key);
  const filters = Object.entries(choice.filters)
    .filter(allowed)
    .flatMap(([key, values]) => values.map((value) => ({ key, value })));
  const ranges = Object.entries(choice.ranges)
    .filter(allowed)
    .filter(([, r]) => r.min !== undefined || r.max !== undefined)
    .map(([key, r]) => ({ key, ...r }));
  const dateRanges = Object.entries(choice.dates)
    .filter(allowed)
    .filter(([, r]) => r.from !== undefined || r.to !== undefined)
    .map(([key, r]) => ({ key, ...r }));
  const facets = state.facetKeys.filter((key) => !notFilterable.includes(key));
  return {
    ...(choice.text ? { text: choice.text } : {}),
    ...(scope.listIds.length ? { listIds: scope.listIds } : {}),
    ...(filters.length ? { filters } : {}),
    ...(ranges.length ? { ranges } : {}),
    ...(dateRanges.length ? { dateRanges } : {}),
    ...(choice.sortBy ? { sortBy: choice.sortBy } : {}),
    ...(facets.length ? { facets } : {}),
    sort: choice.sort,
    page: choice.page,
    limit: scope.limit,
  };
}

export function createMemberSearches(
  store: JotaiStore,
  search: (query: MemberSearchQuery) => Promise<{ accountIds: string[]; total: number; facets?: MemberFacets }>,
): MemberSearches {
  const atoms = new Map<string, PrimitiveAtom<SearchState>>();
  const facetWatchers = new Map<string, Map<string, number>>();
  const latest = new Map<string, string>();

  function stateAtom(id: string): PrimitiveAtom<SearchState> {
    let a = atoms.get(id);
    if (!a) atoms.set(id, (a = atom<SearchState>(initialState())));
    return a;
  }

  const pending = new Set<string>();
  /** Changes made in one turn (blocks mounting together, a click that sets two things) make one request. */
  function run(id: string): void {
    if (pending.has(id)) return;
    pending.add(id);
    setTimeout(() => {
      pending.delete(id);
      runNow(id);
    }, 0);
  }

  function runNow(id: string): void {
    const a = stateAtom(id);
    const state = store.get(a);
    const query = searchQueryOf(state, store.get(notFilterableAtom));
    if (!query) return;
    const key = JSON.stringify(query);
    if (latest.get(id) === key) return;
    latest.set(id, key);
    store.set(a, { ...state, status: 'loading' });
    search(query).then(
      (answer) => {
        if (latest.get(id) !== key) return;
        const now = store.get(a);
        const appended = now.append && now.choice.page > 1;
        const accountIds = appended ? [...now.accountIds, ...answer.accountIds.filter((x) => !now.accountIds.includes(x))] : answer.accountIds;
        store.set(a, { ...now, status: 'ready', accountIds, total: answer.total, facets: answer.facets ?? now.facets });
      },
      () => {
        if (latest.get(id) !== key) return;
        // A later identical query may try again.
        latest.delete(id);
        store.set(a, { ...store.get(a), status: 'error' });
      },
    );
  }

  function setFacetKeys(id: string): void {
    const a = stateAtom(id);
    const keys = [...(facetWatchers.get(id)?.keys() ?? [])].sort();
    const state = store.get(a);
    if (JSON.stringify(keys) === JSON.stringify(state.facetKeys)) return;
    store.set(a, { ...state, facetKeys: keys });
    run(id);
  }

  return {
    atom: stateAtom,
    choose(id, change) {
      const a = stateAtom(id);
      const state = store.get(a);
      const choice = { ...state.choice, ...change };
      const onlyPage = Object.keys(change).every((k) => k === 'page');
      if (!onlyPage) choice.page = 1;
      if (JSON.stringify(choice) === JSON.stringify(state.choice)) return;
      store.set(a, { ...state, choice });
      run(id);
    },
    setScope(id, scope) {
      const a = stateAtom(id);
      const state = store.get(a);
      if (JSON.stringify(scope) === JSON.stringify(state.scope)) return;
      store.set(a, { ...state, scope });
      run(id);
    },
    setAppend(id, append) {
      const a = stateAtom(id);
      if (store.get(a).append !== append) store.set(a, { ...store.get(a), append });
    },
    watchFacets(id, keys) {
      const counts = facetWatchers.get(id) ?? new Map<string, number>();
      facetWatchers.set(id, counts);
      for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
      setFacetKeys(id);
      return () => {
        for (const k of keys) {
          const left = (counts.get(k) ?? 1) - 1;
          if (left > 0) counts.set(k, left);
          else counts.delete(k);
        }
        setFacetKeys(id);
      };
    },
  };
}

/** The headless searches of the page, one state per search id: made by the first search block, so their code loads with those blocks. */
export const memberSearchesSlice = defineSlice<MemberSearches>({
  name: 'memberSearches',
  create: ({ store, layer }) => createMemberSearches(store, layer.slice(memberSearchSlice).search),
});


/** The page's headless searches, for a search block. */
export function useMemberSearches(): MemberSearches {
  return useDataLayer().slice(memberSearchesSlice);
}

/** One headless search's shared state. */
export function useMemberSearchState(searchId: string): SearchState {
  return useAtomValue(useMemberSearches().atom(searchId));
}
