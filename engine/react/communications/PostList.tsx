/**
 * A target's posts in one order, paged per the block's paginationMode: "Load more" (the server's
 * keyset cursor, pages appended) or numbered pages (`page`, with the total the viewer can see).
 * Each item is drawn by `render` (a card, a title row, a thumbnail tile). The target's room is
 * joined while shown, so new, changed and removed posts follow live.
 */
import { useState, type ReactNode } from 'react';
import type { Communication, CommunicationOrder } from '../../../schemas/model/api/communications';
import type { PendingItem } from '../../data/collection';
import { listKeyOf, type CommunicationListKey } from '../../data/communications';
import { useCommunicationList } from '../../data/communications-hooks';
import { useEngine } from '../engine-context';
import { Pager } from '../pager';
import { usePosts } from './post-common';

export interface PostListProps {
  targetId: string;
  order: CommunicationOrder;
  pageSize: number;
  paginationMode?: 'numbered' | 'loadMore';
  label: string;
  emptyText: string;
  className?: string;
  /** The list element's own class (a grid of cards or tiles). */
  listClassName?: string;
  listStyle?: React.CSSProperties;
  render(item: Communication, state: { pending?: PendingItem; retry(): void; discard(): void }): ReactNode;
}

export function PostList({
  targetId,
  order,
  pageSize,
  paginationMode = 'loadMore',
  label,
  emptyText,
  className,
  listClassName,
  listStyle,
  render,
}: PostListProps) {
  const { t } = useEngine();
  const slice = usePosts();
  const [page, setPage] = useState(1);
  const numbered = paginationMode === 'numbered';
  const key: CommunicationListKey = { targetId, parentId: null, order, limit: pageSize, ...(numbered ? { page: page - 1 } : {}) };
  const view = useCommunicationList(key);
  const collection = () => slice.lists.peek(listKeyOf(key));
  const pages = Math.max(1, Math.ceil((view.total ?? view.items.length) / pageSize));
  return (
    <div className={`t-post-list ${className ?? ''}`}>
      {view.status === 'loading' && !view.items.length && <p role="status">{t('posts.loading')}</p>}
      {view.status === 'error' && !view.items.length && <p role="alert">{t('posts.loadFailed')}</p>}
      {view.status === 'ready' && !view.items.length && <p className="t-post-list__empty">{emptyText}</p>}
      {view.items.length > 0 && (
        <ul className={`t-post-list__items ${listClassName ?? ''}`} aria-label={label} style={listStyle}>
          {view.items.map((item) => (
            <li key={item.id} className="t-post-list__item">
              {render(item, { pending: view.pending[item.id], retry: () => void collection()?.retry(item.id), discard: () => collection()?.discard(item.id) })}
            </li>
          ))}
        </ul>
      )}
      {numbered ? (
        <Pager mode="numbered" page={page} pages={pages} onPage={setPage} label={t('posts.pages', { label })} loadMoreLabel={t('posts.loadMore')} />
      ) : (
        view.more.older && (
          <button type="button" className="ts-button t-post-list__more" disabled={view.loading.older} onClick={() => void collection()?.loadOlder()}>
            {view.loading.older ? t('posts.loading') : t('posts.loadMore')}
          </button>
        )
      )}
    </div>
  );
}
