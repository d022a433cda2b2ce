import { useEffect, useId, useState } from 'react';
import { MemberListItem, Pager, useEngine, useMemberSearch, type BlockProps, type MemberSort } from '../../engine/block-api';
import type { UserSearchOptions } from '../options.generated';
import { useTypedSearch } from './typed-search';

export type { UserSearchOptions };

const SORTS: readonly MemberSort[] = ['relevance', 'name', 'newest'];

/**
 * The member directory: full text over public names and public profile values (the server's
 * index), limited to some lists when configured, in pages: best match first while words are typed
 * (the server orders by name when there are none), or by name, or newest.
 */
export default function UserSearch({ block, options }: BlockProps<UserSearchOptions>) {
  const { t } = useEngine();
  const inputId = useId();
  const { typed, setTyped, text, page, setPage } = useTypedSearch();
  const [sort, setSort] = useState<MemberSort>('relevance');
  const [shown, setShown] = useState<string[]>([]);
  const loadMore = options.paginationMode === 'loadMore';
  const search = useMemberSearch({ text, listIds: options.userListIds?.length ? options.userListIds : undefined, sort, page, limit: options.pageSize });
  const result = search.state === 'ready' ? search.result : search.state === 'loading' ? search.last : undefined;
  // Load more keeps the pages already shown; a new query starts again.
  useEffect(() => {
    if (search.state !== 'ready') return;
    setShown((before) => (loadMore && page > 1 ? [...before, ...search.result.accountIds.filter((id) => !before.includes(id))] : search.result.accountIds));
  }, [search, loadMore, page]);
  const total = result?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / options.pageSize));
  const titleId = `user-search-${block.id}`;
  return (
    <section
      className={`t-user-search t-user-search--${options.layout}`}
      aria-labelledby={options.title ? titleId : undefined}
      aria-label={options.title ? undefined : t('userSearch.label')}
    >
      {options.title && <h2 id={titleId}>{options.title}</h2>}
      <div className="t-user-search__controls" role="search">
        <label htmlFor={inputId} className="ts-visually-hidden">
          {t('userSearch.label')}
        </label>
        <input id={inputId} type="search" className="t-input" value={typed} placeholder={options.placeholder} onChange={(e) => setTyped(e.target.value)} />
        {options.showFilters !== false && (
          <label className="t-user-search__sort">
            {t('userSearch.sort')}
            <select
              className="t-input"
              value={sort}
              onChange={(e) => {
                setSort(SORTS.find((choice) => choice === e.target.value) ?? 'relevance');
                setPage(1);
              }}
            >
              <option value="relevance">{t('userSearch.sortRelevance')}</option>
              <option value="name">{t('userSearch.sortName')}</option>
              <option value="newest">{t('userSearch.sortNewest')}</option>
            </select>
          </label>
        )}
      </div>
      <p className="t-user-search__count" role="status">
        {search.state === 'error' ? t('userSearch.failed') : result ? t('userSearch.count', { n: total }) : t('userSearch.searching')}
      </p>
      {search.state === 'ready' && total === 0 && <p className="t-user-search__empty">{t(text ? 'userSearch.emptyFor' : 'userSearch.empty', { text })}</p>}
      <ul className="t-user-search__results" aria-busy={search.state === 'loading'}>
        {shown.map((id) => (
          <MemberListItem key={id} accountId={id} nameFormat={options.nameFormat} details={options.detailFields} className="t-user-search__item" />
        ))}
      </ul>
      <Pager
        mode={loadMore ? 'loadMore' : 'numbered'}
        page={page}
        pages={pages}
        onPage={setPage}
        label={t('userSearch.pages')}
        loadMoreLabel={t('userSearch.loadMore')}
      />
    </section>
  );
}
