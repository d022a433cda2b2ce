import { useId } from 'react';
import { useDataLayer, useMemberSearchState, type BlockProps, type MemberSort } from '../../engine/block-api';
import type { HeadlessSearchSortOptions } from '../options.generated';

export type { HeadlessSearchSortOptions };

/** Fields that mean "newest first" for members; every other choice sorts by public name. */
const NEWEST_FIELDS = new Set(['createdAt', 'created', '_created', 'newest', 'joined']);

/** The member sort a configured choice stands for. */
const memberSortOf = (choice: { field: string; direction: string }): MemberSort =>
  NEWEST_FIELDS.has(choice.field) && choice.direction === 'desc' ? 'newest' : 'name';

/**
 * The sort choice of a headless member search. The member index sorts by public name or by
 * newest member: a choice on another field sorts by name.
 */
export default function HeadlessSearchSort({ options }: BlockProps<HeadlessSearchSortOptions>) {
  const searches = useDataLayer().memberSearches;
  const state = useMemberSearchState(options.searchId);
  const id = useId();
  const choices = options.sortOptions ?? [];
  const current = Math.max(
    0,
    choices.findIndex((c) => memberSortOf(c) === state.choice.sort),
  );
  return (
    <div className="t-headless-sort">
      <label htmlFor={id}>{options.label || 'Sort by'}</label>
      <select
        id={id}
        className="t-input"
        value={String(current)}
        onChange={(e) => {
          const choice = choices[Number(e.target.value)];
          if (choice) searches.choose(options.searchId, { sort: memberSortOf(choice) });
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
