import { useEffect, useId, useState } from 'react';
import { usePageId, useEngine, type BlockProps } from '../../engine/block-api';
import type { Communication } from '../../schemas/model/api/communications';
import { displayExcerpt } from '../../engine/core/communications';
import { useCommunication } from '../../engine/data/communications-hooks';
import { AuthorLine, linkedPostId } from '../../engine/react/communications/post-common';
import { PostCard, type PostCardOptions } from '../../engine/react/communications/PostCard';
import { PostList } from '../../engine/react/communications/PostList';
import { PostThumbnail, thumbnailFileOf, type ThumbnailRatio } from '../../engine/react/communications/PostMediaGallery';
import type { UserPostOptions } from '../options.generated';

export type { UserPostOptions };

/**
 * The page's feed (community §3 `userPost`): the posts whose target is the page, in one of five
 * display modes (preview, compact preview, title, thumbnail with title, thumbnail only; default
 * title), each opening into the whole post with its media, reactions and comments per the block's
 * options; "Read more" after messageDisplayLength; numbered or "Load more" pages. Live: new posts,
 * comments and reactions show without a reload, removed ones go.
 */
export default function UserPost({ options }: BlockProps<UserPostOptions>) {
  const { t, user } = useEngine();
  const pageId = usePageId();
  const [linked, setLinked] = useState<string | undefined>();
  useEffect(() => setLinked(linkedPostId()), []);
  if (!user?.accountId) return null;
  if (!pageId) return <p className="t-posts__note">{t('posts.noPage')}</p>;
  const mode = options.displayMode ?? 'title';
  const ratio = (options.thumbnailRatio ?? '16/9') as ThumbnailRatio;
  const card: PostCardOptions = {
    messageDisplayLength: options.messageDisplayLength,
    thumbnailRatio: ratio,
    allowReactions: options.allowReactions !== false,
    allowComments: options.allowComments !== false,
    canComment: options.allowComments !== false,
    allowReporting: options.allowReporting !== false,
    nameFormat: options.nameFormat,
    titleMaxLength: options.titleMaxLength,
  };
  const grid = mode === 'thumbnail' || mode === 'thumbnailOnly';
  return (
    <section className={`t-posts t-posts--feed t-posts--${mode}`} aria-label={t('posts.feedLabel')} data-target-id={pageId}>
      {linked && <LinkedPost id={linked} targetId={pageId} options={card} onClose={() => setLinked(undefined)} />}
      <PostList
        targetId={pageId}
        order="newest"
        pageSize={options.pageSize ?? 10}
        paginationMode={options.paginationMode}
        label={t('posts.feedLabel')}
        emptyText={t('posts.empty')}
        listClassName={grid ? 't-post-list__grid' : undefined}
        render={(item, state) =>
          mode === 'preview' ? (
            <PostCard item={item} options={card} pending={state.pending} onRetry={state.retry} onDiscard={state.discard} />
          ) : (
            <PostSummary item={item} mode={mode} ratio={ratio} options={card} imageLoading={options.imageLoading} />
          )
        }
      />
    </section>
  );
}

/** The linked post, when it is one of this feed's (a link to a discussion's thread is that block's to open). */
function LinkedPost({ id, targetId, options, onClose }: { id: string; targetId: string; options: PostCardOptions; onClose(): void }) {
  const { t } = useEngine();
  const entry = useCommunication(id);
  if (!entry || entry.state === 'loading') return <p role="status">{t('posts.loading')}</p>;
  if (entry.state !== 'ready' || entry.value.targetId !== targetId) return null;
  return (
    <div className="t-posts__linked">
      <PostCard item={entry.value} options={{ ...options, commentsOpen: true }} expanded />
      <button type="button" className="ts-button" onClick={onClose}>
        {t('posts.close')}
      </button>
    </div>
  );
}

/** One post as a title row, a compact preview or a tile; it opens into the whole post in place. */
function PostSummary({
  item,
  mode,
  ratio,
  options,
  imageLoading,
}: {
  item: Communication;
  mode: 'compactPreview' | 'title' | 'thumbnail' | 'thumbnailOnly';
  ratio: ThumbnailRatio;
  options: PostCardOptions;
  imageLoading?: string;
}) {
  const { t } = useEngine();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const title = item.deleted ? t('posts.deletedTitle') : item.title || displayExcerpt(item.text ?? '', 60).text || t('posts.untitled');
  const thumb = thumbnailFileOf(item.media ?? []);
  const loading = imageLoading === 'eager' || imageLoading === 'high' ? 'eager' : 'lazy';
  const summary =
    mode === 'title' ? (
      <span className="t-post-summary__title">{title}</span>
    ) : mode === 'compactPreview' ? (
      <span className="t-post-summary__compact">
        {thumb && <PostThumbnail fileId={thumb} ratio={ratio} alt="" width={160} loading={loading} />}
        <span className="t-post-summary__text">
          <span className="t-post-summary__title">{title}</span>
          <span className="t-post-summary__excerpt">{displayExcerpt(item.text ?? '', Math.min(options.messageDisplayLength ?? 200, 120)).text}</span>
        </span>
      </span>
    ) : (
      <span className="t-post-summary__tile">
        {thumb ? (
          <PostThumbnail fileId={thumb} ratio={ratio} alt="" width={360} loading={loading} />
        ) : (
          <span className="t-post-summary__placeholder" style={{ aspectRatio: ratio.replace('/', ' / ') }} aria-hidden="true" />
        )}
        {mode === 'thumbnail' ? <span className="t-post-summary__title">{title}</span> : <span className="ts-visually-hidden">{title}</span>}
      </span>
    );
  return (
    <div className={`t-post-summary t-post-summary--${mode}${open ? ' t-post-summary--open' : ''}`}>
      <button type="button" className="t-post-summary__button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {summary}
      </button>
      {mode !== 'thumbnailOnly' && !open && (
        <div className="t-post-summary__meta">
          <AuthorLine item={item} nameFormat={options.nameFormat} />
          <span className="t-post-summary__counts">{t('posts.comments', { count: item.childrenCount })}</span>
        </div>
      )}
      <div id={panelId} hidden={!open}>
        {open && <PostCard item={item} options={{ ...options, headingLevel: 3 }} expanded />}
      </div>
    </div>
  );
}
