import { useEffect } from 'react';
import { Pager, useMemberSearches, useEngine, useMemberSearchState, type BlockProps } from '../../engine/block-api';
import type { HeadlessSearchPaginationOptions } from '../options.generated';

export type { HeadlessSearchPaginationOptions };

/** Pages of a headless search: numbered (the results are replaced) or "Load more" (the next page is added). */
export default function HeadlessSearchPagination({ options }: BlockProps<HeadlessSearchPaginationOptions>) {
  const { t } = useEngine();
  const searches = useMemberSearches();
  const state = useMemberSearchState(options.searchId);
  const loadMore = options.mode === 'loadMore';
  useEffect(() => searches.setAppend(options.searchId, loadMore), [searches, options.searchId, loadMore]);
  const limit = state.scope?.limit ?? 10;
  const pages = Math.max(1, Math.ceil(state.total / limit));
  return (
    <Pager
      mode={loadMore ? 'loadMore' : 'numbered'}
      page={state.choice.page}
      pages={pages}
      maxLinks={options.maxPageLinks ?? 7}
      label={t('userSearch.pages')}
      loadMoreLabel={options.loadMoreLabel || t('userSearch.loadMore')}
      disabled={state.status === 'loading'}
      onPage={(page) => {
        searches.choose(options.searchId, { page });
        if (options.scrollToTop !== false && !loadMore) {
          const list = document.getElementById(`headless-results-${options.searchId}`);
          list?.scrollIntoView?.({ block: 'start' });
          list?.focus({ preventScroll: true });
        }
      }}
    />
  );
}
