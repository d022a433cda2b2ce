import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useEngine, type BlockProps } from '../../engine/block-api';
import type { CommunicationOrder } from '../../schemas/model/api/communications';
import { PostCard, type PostCardOptions } from '../../engine/react/communications/PostCard';
import { PostList } from '../../engine/react/communications/PostList';
import { PostsSection } from '../../engine/react/communications/post-common';
import type { CardWallOptions } from '../options.generated';

export type { CardWallOptions };

const PostComposer = lazy(() => import('../../engine/react/communications/PostComposer'));

/**
 * A wall of short cards (community §3 `cardWall`, target = the block id): `columns` cards per
 * row (one on a phone), each a title (titleMaxLength) and text (contentMaxLength). Who may add
 * cards and comment is whoCanComment (admins by default); cards are edited by their owner, or by
 * admins too when whoCanEdit is ownerAndAdmins.
 */
export default function CardWall({ block, options }: BlockProps<CardWallOptions>) {
  const { t, user, isAdmin } = useEngine();
  const headingId = useId();
  const [writing, setWriting] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  /** The form closed (posted or cancelled): focus goes back to its button. */
  const closeForm = () => {
    setWriting(false);
    requestAnimationFrame(() => toggle.current?.focus());
  };
  if (!user?.accountId) return null;
  const mayWrite = options.whoCanComment !== 'admins' || !!isAdmin;
  const order = (options.sortOrder ?? 'newest') as CommunicationOrder;
  const pageSize = options.pageSize ?? 10;
  const card: PostCardOptions = {
    allowReactions: options.allowReactions !== false,
    allowComments: true,
    canComment: mayWrite,
    allowReporting: true,
    titleMaxLength: options.titleMaxLength,
    contentMaxLength: options.contentMaxLength,
    messageDisplayLength: options.contentMaxLength,
    adminsEdit: options.whoCanEdit === 'ownerAndAdmins',
    headingLevel: options.title ? 3 : 2,
  };
  const columns = Math.min(6, Math.max(1, options.columns ?? 3));
  return (
    <PostsSection
      className="t-posts t-card-wall"
      title={options.title}
      titleClassName="t-card-wall__title"
      headingId={headingId}
      label={t('posts.cardWall.label')}
    >
      {mayWrite && (
        <button ref={toggle} type="button" className="ts-button ts-button--primary" aria-expanded={writing} onClick={() => setWriting(!writing)}>
          {t('posts.cardWall.new')}
        </button>
      )}
      {writing && mayWrite && (
        <Suspense fallback={<p role="status">{t('posts.editor.loading')}</p>}>
          <PostComposer
            targetId={block.id}
            order={order}
            pageSize={pageSize}
            editor={{
              label: t('posts.cardWall.new'),
              titleMaxLength: options.titleMaxLength,
              contentMaxLength: options.contentMaxLength,
              maxMedia: 0,
              allowMentions: true,
              submitLabel: t('posts.cardWall.add'),
              onCancel: closeForm,
            }}
            onPosted={closeForm}
          />
        </Suspense>
      )}
      <PostList
        targetId={block.id}
        order={order}
        pageSize={pageSize}
        paginationMode={options.paginationMode}
        label={t('posts.cardWall.cards')}
        emptyText={t('posts.cardWall.empty')}
        listClassName="t-card-wall__grid"
        listStyle={{ ['--t-card-columns' as string]: String(columns) }}
        render={(item, state) => <PostCard item={item} options={card} pending={state.pending} onRetry={state.retry} onDiscard={state.discard} />}
      />
    </PostsSection>
  );
}
