import { useEffect, useId } from 'react';
import { useDataLayer, useEngine, useMemberSearchState, type BlockProps } from '../../engine/block-api';
import type { HeadlessSearchFiltersOptions } from '../options.generated';

export type { HeadlessSearchFiltersOptions };

type Filter = HeadlessSearchFiltersOptions['filters'][number];

/**
 * Filters of a headless member search on public profile values: the values offered are those the
 * current matches hold (counted by the server), checkboxes (any of the chosen values) or a select
 * (one value). Range, date and toggle controls need typed values the member index does not keep
 * yet: they are offered as checkboxes of the values found.
 */
export default function HeadlessSearchFilters({ options }: BlockProps<HeadlessSearchFiltersOptions>) {
  const { t } = useEngine();
  const searches = useDataLayer().memberSearches;
  const state = useMemberSearchState(options.searchId);
  const filters = options.filters ?? [];
  const keys = filters.map((f) => f.field).join('\n');
  useEffect(() => (keys ? searches.watchFacets(options.searchId, keys.split('\n')) : undefined), [searches, options.searchId, keys]);
  if (!filters.length) return null;
  const chosen = state.choice.filters;
  const setValues = (field: string, values: string[]) => {
    const next = { ...chosen };
    if (values.length) next[field] = values;
    else delete next[field];
    searches.choose(options.searchId, { filters: next });
  };
  const body = (
    <div className="t-headless-filters__body">
      {filters.map((filter, i) => (
        <FilterControl
          key={`${filter.field}-${i}`}
          filter={filter}
          values={state.facets[filter.field] ?? []}
          chosen={chosen[filter.field] ?? []}
          showCounts={options.showCounts !== false}
          onChange={(values) => setValues(filter.field, values)}
        />
      ))}
      {options.showClearAll !== false && Object.keys(chosen).length > 0 && (
        <button type="button" className="t-button" onClick={() => searches.choose(options.searchId, { filters: {} })}>
          {t('userSearch.clearAll')}
        </button>
      )}
    </div>
  );
  return (
    <section className="t-headless-filters" aria-label={t('userSearch.filters')}>
      {options.collapsible !== false ? (
        <details open>
          <summary>{t('userSearch.filters')}</summary>
          {body}
        </details>
      ) : (
        body
      )}
    </section>
  );
}

function FilterControl({
  filter,
  values,
  chosen,
  showCounts,
  onChange,
}: {
  filter: Filter;
  values: { value: string; count: number }[];
  chosen: string[];
  showCounts: boolean;
  onChange(values: string[]): void;
}) {
  const { t } = useEngine();
  const id = useId();
  const label = filter.label || filter.field;
  // A chosen value stays offered even when no match holds it any more.
  const offered = [...values, ...chosen.filter((c) => !values.some((v) => v.value === c)).map((value) => ({ value, count: 0 }))];
  const text = (v: { value: string; count: number }) => (showCounts ? `${v.value} (${v.count})` : v.value);
  if (filter.control === 'select') {
    const blank = <option value="">{t('userSearch.anyValue')}</option>;
    return (
      <div className="t-headless-filters__filter">
        <label htmlFor={id}>{label}</label>
        <select id={id} className="t-input" value={chosen[0] ?? ''} onChange={(e) => onChange(e.target.value ? [e.target.value] : [])}>
          {filter.blankPosition === 'first' && blank}
          {offered.map((v) => (
            <option key={v.value} value={v.value}>
              {text(v)}
            </option>
          ))}
          {filter.blankPosition !== 'first' && blank}
        </select>
      </div>
    );
  }
  return (
    <fieldset className="t-headless-filters__filter">
      <legend>{label}</legend>
      {!offered.length && <p className="t-headless-filters__none">{t('userSearch.noValues')}</p>}
      {offered.map((v) => (
        <label key={v.value} className="t-headless-filters__option">
          <input
            type="checkbox"
            checked={chosen.includes(v.value)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, v.value] : chosen.filter((c) => c !== v.value))}
          />
          {text(v)}
        </label>
      ))}
    </fieldset>
  );
}
