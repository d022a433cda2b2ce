import { useEffect, useId, useState } from 'react';
import { useMemberSearches, useEngine, useMemberSearchState, useNotFilterable, type BlockProps } from '../../engine/block-api';
import type { HeadlessSearchFiltersOptions } from '../options.generated';

export type { HeadlessSearchFiltersOptions };

type Filter = HeadlessSearchFiltersOptions['filters'][number];

/** Controls that take bounds rather than offer the values found (no value counts for them). */
const BOUNDED = new Set(['range', 'date']);
/** How long typing in a bound waits before it searches. */
const BOUND_DEBOUNCE_MS = 400;

/**
 * Filters of a headless member search on public profile values: the values offered are those the
 * current matches hold (counted by the server), checkboxes (any of the chosen values) or a select
 * (one value); `range` takes a minimum and maximum number, `date` a first and last day, both
 * applied in the database over public values. A toggle control is offered as checkboxes of the
 * values found. Fields search management made not filterable are left out.
 */
export default function HeadlessSearchFilters({ options }: BlockProps<HeadlessSearchFiltersOptions>) {
  const { t } = useEngine();
  const searches = useMemberSearches();
  const state = useMemberSearchState(options.searchId);
  // A field an admin made not filterable (search management) is not offered.
  const notFilterable = useNotFilterable();
  const filters = (options.filters ?? []).filter((f) => !notFilterable.includes(f.field));
  const keys = filters
    .filter((f) => !BOUNDED.has(f.control))
    .map((f) => f.field)
    .join('\n');
  useEffect(() => (keys ? searches.watchFacets(options.searchId, keys.split('\n')) : undefined), [searches, options.searchId, keys]);
  if (!filters.length) return null;
  const chosen = state.choice.filters;
  const setValues = (field: string, values: string[]) => {
    const next = { ...chosen };
    if (values.length) next[field] = values;
    else delete next[field];
    searches.choose(options.searchId, { filters: next });
  };
  const { ranges, dates } = state.choice;
  const anyChosen = Object.keys(chosen).length + Object.keys(ranges).length + Object.keys(dates).length > 0;
  const body = (
    <div className="t-headless-filters__body">
      {filters.map((filter, i) =>
        filter.control === 'range' ? (
          <BoundsControl
            key={`${filter.field}-${i}`}
            label={filter.label || filter.field}
            type="number"
            names={[t('userSearch.rangeMin'), t('userSearch.rangeMax')]}
            value={[ranges[filter.field]?.min, ranges[filter.field]?.max].map((n) => (n === undefined ? '' : String(n))) as [string, string]}
            onChange={([min, max]) => {
              const next = { ...ranges };
              const bound = {
                ...(min !== '' && Number.isFinite(Number(min)) ? { min: Number(min) } : {}),
                ...(max !== '' && Number.isFinite(Number(max)) ? { max: Number(max) } : {}),
              };
              if (Object.keys(bound).length) next[filter.field] = bound;
              else delete next[filter.field];
              searches.choose(options.searchId, { ranges: next });
            }}
          />
        ) : filter.control === 'date' ? (
          <BoundsControl
            key={`${filter.field}-${i}`}
            label={filter.label || filter.field}
            type="date"
            names={[t('userSearch.dateFrom'), t('userSearch.dateTo')]}
            value={[dates[filter.field]?.from ?? '', dates[filter.field]?.to ?? '']}
            onChange={([from, to]) => {
              const next = { ...dates };
              const bound = { ...(DAY.test(from) ? { from } : {}), ...(DAY.test(to) ? { to } : {}) };
              if (Object.keys(bound).length) next[filter.field] = bound;
              else delete next[filter.field];
              searches.choose(options.searchId, { dates: next });
            }}
          />
        ) : (
          <FilterControl
            key={`${filter.field}-${i}`}
            filter={filter}
            values={state.facets[filter.field] ?? []}
            chosen={chosen[filter.field] ?? []}
            showCounts={options.showCounts !== false}
            onChange={(values) => setValues(filter.field, values)}
          />
        ),
      )}
      {options.showClearAll !== false && anyChosen && (
        <button type="button" className="t-button" onClick={() => searches.choose(options.searchId, { filters: {}, ranges: {}, dates: {} })}>
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

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Two bounds (number or date inputs) of one field in a fieldset named by the field. Typing waits
 * BOUND_DEBOUNCE_MS before it searches; a bound cleared elsewhere ("Clear all") empties the input.
 */
function BoundsControl({
  label,
  type,
  names,
  value,
  onChange,
}: {
  label: string;
  type: 'number' | 'date';
  names: [string, string];
  value: [string, string];
  onChange(value: [string, string]): void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  // The search's own bounds changed (cleared, another block): show them.
  if (value[0] !== applied[0] || value[1] !== applied[1]) {
    setApplied(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft[0] === value[0] && draft[1] === value[1]) return;
    const timer = setTimeout(() => onChange(draft), BOUND_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onChange]);
  return (
    <fieldset className="t-headless-filters__filter t-headless-filters__bounds">
      <legend>{label}</legend>
      {names.map((name, i) => (
        <span key={name} className="t-headless-filters__bound">
          <label htmlFor={`${id}-${i}`}>{name}</label>
          <input
            id={`${id}-${i}`}
            className="t-input"
            type={type}
            inputMode={type === 'number' ? 'decimal' : undefined}
            value={draft[i]}
            onChange={(e) => setDraft((d) => (i === 0 ? [e.target.value, d[1]] : [d[0], e.target.value]))}
          />
        </span>
      ))}
    </fieldset>
  );
}
