import { useEffect, useId, useRef, useState } from 'react';
import { useMemberSearches, useEngine, useMemberSearchState, type BlockProps } from '../../engine/block-api';
import type { HeadlessSearchInputOptions } from '../options.generated';

export type { HeadlessSearchInputOptions };

/** The text box of a headless search: what is typed goes to the search state of its search id once typing settles. */
export default function HeadlessSearchInput({ options }: BlockProps<HeadlessSearchInputOptions>) {
  const { t } = useEngine();
  const searches = useMemberSearches();
  const state = useMemberSearchState(options.searchId);
  const inputId = useId();
  const [typed, setTyped] = useState(state.choice.text);
  const min = options.minQueryLength ?? 1;
  const submit = (value: string) => {
    const text = value.trim();
    // Too short a query searches for everyone rather than for a fragment.
    searches.choose(options.searchId, { text: text.length >= min ? text : '' });
  };
  // Nothing typed yet on mount: submitting then would count as a new query and send a reader who
  // already paged on (Load more) back to the first page when the debounce ends.
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    const timer = setTimeout(() => submit(typed), options.debounceMs ?? 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  return (
    <form
      role="search"
      className="t-headless-input"
      onSubmit={(e) => {
        e.preventDefault();
        submit(typed);
      }}
    >
      <label htmlFor={inputId} className="ts-visually-hidden">
        {options.placeholder || t('userSearch.label')}
      </label>
      <input id={inputId} type="search" className="t-input" value={typed} placeholder={options.placeholder} onChange={(e) => setTyped(e.target.value)} />
      {options.showSubmitButton && (
        <button type="submit" className="t-button">
          {t('userSearch.submit')}
        </button>
      )}
    </form>
  );
}
