import { useEffect, useId } from 'react';
import { emptyChoice, useMemberSearches, useMemberSearchState, type BlockProps, type SearchChoice } from '../../engine/block-api';
import type { HeadlessSearchSortOptions } from '../options.generated';

export type { HeadlessSearchSortOptions };

type SortChoice = HeadlessSearchSortOptions['sortOptions'][number];

/** Fields that mean "newest member first" when descending. */
const NEWEST_FIELDS = new Set(['createdAt', 'created', '_created', 'newest', 'joined']);
/** Fields that mean the public name. */
const NAME_FIELDS = new Set(['name', 'title', 'publicName']);
/** What a profile field key may be (the server refuses other keys). */
const FIELD_KEY = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The member sort a configured choice stands for: relevance, by name, newest, or on a public profile value
 * (any scalar field; a value its owner made private sorts with the blanks).
 */
function memberSortOf(choice: SortChoice): Pick<SearchChoice, 'sort' | 'sortBy'> {
  if (NEWEST_FIELDS.has(choice.field) && choice.direction === 'desc') return { sort: 'newest', sortBy: undefined };
  // Best match first (by name while there is no text), whichever direction was configured.
  if (choice.field === '_score') return { sort: 'relevance', sortBy: undefined };
  if (NAME_FIELDS.has(choice.field) || !FIELD_KEY.test(choice.field)) return { sort: 'name', sortBy: undefined };
  return { sort: 'name', sortBy: { key: choice.field, direction: choice.direction, blankPosition: choice.blankPosition ?? 'last' } };
}

const sameSort = (a: Pick<SearchChoice, 'sort' | 'sortBy'>, b: Pick<SearchChoice, 'sort' | 'sortBy'>) =>
  a.sort === b.sort && JSON.stringify(a.sortBy ?? null) === JSON.stringify(b.sortBy ?? null);

/** The sort choice of a headless member search. */
export default function HeadlessSearchSort({ options }: BlockProps<HeadlessSearchSortOptions>) {
  const searches = useMemberSearches();
  const state = useMemberSearchState(options.searchId);
  const id = useId();
  const choices = options.sortOptions ?? [];
  const found = choices.findIndex((c) => sameSort(memberSortOf(c), state.choice));
  const current = Math.max(0, found);
  // The first choice is the default order: applied while nothing is chosen yet (in the same turn
  // as the other blocks' first request, so the search runs once, already sorted).
  const first = choices[0];
  const untouched = JSON.stringify(state.choice) === JSON.stringify(emptyChoice());
  useEffect(() => {
    if (untouched && first) searches.choose(options.searchId, memberSortOf(first));
  }, [untouched, first, searches, options.searchId]);
  return (
    <div className="t-headless-sort">
      <label htmlFor={id}>{options.label || 'Sort by'}</label>
      <select
        id={id}
        className="t-input"
        value={String(current)}
        onChange={(e) => {
          const choice = choices[Number(e.target.value)];
          if (choice) searches.choose(options.searchId, memberSortOf(choice));
        }}
      >
        {choices.map((c, i) => (
          <option key={i} value={String(i)}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
