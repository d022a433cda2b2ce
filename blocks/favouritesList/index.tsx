import { useState } from 'react';
import { MemberCard, PROFILE_FAVOURITE_TYPE, Pager, allFavourites, useEngine, useOwnProfileEntry, useProfile, type BlockProps } from '../../engine/block-api';
import type { FavouritesListOptions } from '../options.generated';

export type { FavouritesListOptions };

function FavouriteProfile({ accountId }: { accountId: string }) {
  const profile = useProfile(accountId);
  return profile ? <MemberCard profile={profile} size="medium" /> : <span>{accountId}</span>;
}

/**
 * What the signed-in member has favourited (profile meta `favourites`), newest first, of the
 * kinds chosen (all when none are). Profiles show as member cards; other kinds by their id until
 * their domains give them a card.
 */
export default function FavouritesList({ block, options }: BlockProps<FavouritesListOptions>) {
  const { t } = useEngine();
  const ownEntry = useOwnProfileEntry();
  const own = ownEntry?.state === 'ready' ? ownEntry.value : undefined;
  const [page, setPage] = useState(1);
  const kinds = options.favouriteTypes ?? [];
  const items = allFavourites(own?.data?.meta)
    .filter((f) => !kinds.length || kinds.includes(f.type))
    .flatMap((f) => [...f.ids].reverse().map((id) => ({ type: f.type, id })));
  const size = options.pageSize ?? 10;
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(page, pages);
  const loadMore = options.paginationMode === 'loadMore';
  const shown = items.slice(loadMore ? 0 : (current - 1) * size, current * size);
  const titleId = `favourites-${block.id}`;
  return (
    <section
      className={`t-favourites t-favourites--${options.layout ?? 'list'}`}
      aria-labelledby={options.title ? titleId : undefined}
      aria-label={options.title ? undefined : t('profiles.favourites')}
      aria-busy={!own && ownEntry?.state !== 'error'}
    >
      {options.title && <h2 id={titleId}>{options.title}</h2>}
      {ownEntry?.state === 'error' ? (
        <p>{t('profiles.ownLoadFailed')}</p>
      ) : !own ? (
        <p role="status">{t('profiles.loading')}</p>
      ) : !items.length ? (
        <p className="t-favourites__empty">{options.emptyText}</p>
      ) : (
        <ul className="t-favourites__items">
          {shown.map((item) => (
            <li key={`${item.type}:${item.id}`} className="t-favourites__item">
              {item.type === PROFILE_FAVOURITE_TYPE ? (
                <FavouriteProfile accountId={item.id} />
              ) : (
                <span>{t('profiles.favouriteOf', { type: item.type, id: item.id })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager
        mode={loadMore ? 'loadMore' : 'numbered'}
        page={current}
        pages={pages}
        onPage={setPage}
        label={t('profiles.favouritePages')}
        loadMoreLabel={t('userSearch.loadMore')}
      />
    </section>
  );
}
