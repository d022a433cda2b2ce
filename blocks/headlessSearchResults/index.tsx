import { useEffect } from 'react';
import { MemberListItem, useDataLayer, useEngine, useMemberSearchState, type BlockProps } from '../../engine/block-api';
import type { HeadlessSearchResultsOptions } from '../options.generated';

export type { HeadlessSearchResultsOptions };

/**
 * The results of a headless search as member cards. It sets where the search looks (the lists
 * chosen, every member otherwise) and the page size; the search runs once it is on the page.
 * Searching entities comes with the entities issue; a result template is not applied yet.
 */
export default function HeadlessSearchResults({ options }: BlockProps<HeadlessSearchResultsOptions>) {
  const { t } = useEngine();
  const searches = useDataLayer().memberSearches;
  const state = useMemberSearchState(options.searchId);
  const users = options.index === 'users';
  const lists = (options.userListIds ?? []).join('\n');
  useEffect(() => {
    if (users) searches.setScope(options.searchId, { listIds: lists ? lists.split('\n') : [], limit: options.pageSize ?? 10 });
  }, [searches, users, options.searchId, lists, options.pageSize]);
  if (!users) return <p className="t-headless-results__note">{t('userSearch.entitiesNotYet')}</p>;
  const columns = options.layout === 'grid' ? { gridTemplateColumns: `repeat(${options.columns ?? 3}, minmax(0, 1fr))` } : undefined;
  return (
    <div className="t-headless-results">
      {state.status === 'error' && <p role="alert">{t('userSearch.failed')}</p>}
      {state.status === 'ready' && !state.accountIds.length && <p className="t-headless-results__empty">{options.emptyText}</p>}
      <ul
        id={`headless-results-${options.searchId}`}
        tabIndex={-1}
        aria-label={t('userSearch.results')}
        aria-busy={state.status === 'loading' || state.status === 'idle'}
        className={`t-headless-results__list t-headless-results--${options.layout ?? 'grid'}`}
        style={columns}
      >
        {state.accountIds.map((id) => (
          <MemberListItem key={id} accountId={id} nameFormat={options.nameFormat} className="t-headless-results__item" />
        ))}
      </ul>
    </div>
  );
}
