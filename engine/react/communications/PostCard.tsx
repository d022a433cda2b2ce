/**
 * One post as members read it: title, author and when, the body sanitised again in the browser
 * (cut after `messageDisplayLength` characters with "Read more", community §3 / core §9), its
 * media, reactions and comments, and what the viewer `can` do (edit, delete, follow, report).
 * Deleted posts say so (their replies stay); hidden ones show only to their author, marked.
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { Communication, CommunicationEditRequest } from '../../../schemas/model/api/communications';
import { displayExcerpt, MESSAGE_DISPLAY_LENGTH } from '../../core/communications';
import type { PendingItem } from '../../data/collection';
import { useEngine } from '../engine-context';
import { CommentThread } from './CommentThread';
import { AuthorLine, errorText, PostBody, PostMenu, usePosts } from './post-common';
import { PostMediaGallery, type ThumbnailRatio } from './PostMediaGallery';
import { ReactionBar } from './ReactionBar';
import { PostReport } from './PostReport';

const PostEditor = lazy(() => import('./PostEditor'));

export interface PostCardOptions {
  messageDisplayLength?: number;
  thumbnailRatio?: ThumbnailRatio;
  allowReactions?: boolean;
  /** Comments shown; `canComment` says whether the viewer may write one. */
  allowComments?: boolean;
  canComment?: boolean;
  allowReporting?: boolean;
  nameFormat?: string;
  /** Editing: the block's limits. */
  titleMaxLength?: number;
  contentMaxLength?: number;
  /** An admin may edit others' items (cardWall whoCanEdit ownerAndAdmins). */
  adminsEdit?: boolean;
  /** The post's comments start open (a thread opened on its own). */
  commentsOpen?: boolean;
  /** Heading level of the title (2 in a feed, 3 inside a titled block). */
  headingLevel?: 2 | 3 | 4;
}

export interface PostCardProps {
  item: Communication;
  options?: PostCardOptions;
  pending?: PendingItem;
  onRetry?(): void;
  onDiscard?(): void;
  /** Starts with the whole text shown (a post opened from its title). */
  expanded?: boolean;
}

export function PostCard({ item, options = {}, pending, onRetry, onDiscard, expanded }: PostCardProps) {
  const { t, user, isAdmin } = useEngine();
  const slice = usePosts();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [more, setMore] = useState(!!expanded);
  const [menu, setMenu] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [comments, setComments] = useState(!!options.commentsOpen);
  const [message, setMessage] = useState<string>();
  const [reactionError, setReactionError] = useState<string>();
  const length = options.messageDisplayLength ?? MESSAGE_DISPLAY_LENGTH;
  const excerpt = displayExcerpt(item.text ?? '', length);
  const H = `h${options.headingLevel ?? 2}` as 'h2';
  const confirmed = !item.id.startsWith('local:');
  const canEdit = confirmed && !item.deleted && (item.can.edit || (!!options.adminsEdit && !!isAdmin));
  const canDelete = confirmed && !item.deleted && item.can.delete;
  const canReport = confirmed && !item.deleted && options.allowReporting !== false && item.can.report && !item.own && !!user;
  const title = item.title || excerpt.text.slice(0, 60) || t('posts.untitled');

  const react = (reactionId: string) => {
    setReactionError(undefined);
    slice.react(item, reactionId).catch((error: unknown) => setReactionError(errorText(t, error)));
  };
  const saveEdit = async (change: CommunicationEditRequest) => {
    await slice.edit(item, change);
    setEditing(false);
    setMessage(t('posts.savedEdit'));
    // The editor that held focus is gone: focus goes back to the post.
    requestAnimationFrame(() => heading.current?.focus());
  };

  return (
    <article
      className={`t-post${item.hidden ? ' t-post--hidden' : ''}${pending ? ` t-post--${pending.state}` : ''}`}
      aria-labelledby={titleId}
      data-post-id={item.id}
    >
      <header className="t-post__header">
        <H id={titleId} ref={heading} tabIndex={-1} className="t-post__title">
          {item.deleted ? t('posts.deletedTitle') : title}
        </H>
        <AuthorLine item={item} nameFormat={options.nameFormat}>
          {(canEdit || canDelete || canReport || (confirmed && !item.deleted && !!user)) && (
            <PostMenu label={t('posts.menu', { title })} open={menu} setOpen={setMenu}>
              {canEdit && (
                <button type="button" onClick={() => (setMenu(false), setEditing(true))}>
                  {t('posts.edit')}
                </button>
              )}
              {canDelete && (
                <button type="button" onClick={() => (setMenu(false), setConfirmDelete(true))}>
                  {t('posts.delete')}
                </button>
              )}
              {confirmed && !item.deleted && !!user && item.kind === 'post' && (
                <>
                  <button
                    type="button"
                    onClick={() => {
                      setMenu(false);
                      slice.follow(item, true).then(
                        () => setMessage(t('posts.followed')),
                        (error: unknown) => setMessage(errorText(t, error)),
                      );
                    }}
                  >
                    {t('posts.follow')}
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      setMenu(false);
                      slice.follow(item, false).then(
                        () => setMessage(t('posts.unfollowed')),
                        (error: unknown) => setMessage(errorText(t, error)),
                      );
                    }}
                  >
                    {t('posts.unfollow')}
                  </button>
                </>
              )}
              {canReport && (
                <button type="button" onClick={() => (setMenu(false), setReporting(true))}>
                  {t('posts.report')}
                </button>
              )}
            </PostMenu>
          )}
        </AuthorLine>
      </header>
      {confirmDelete && (
        <div className="t-post__confirm" role="group" aria-label={t('posts.deleteConfirm')}>
          <span>{t('posts.deleteConfirm')}</span>
          <button
            type="button"
            className="ts-button"
            onClick={() => {
              setConfirmDelete(false);
              slice.remove(item).catch((error: unknown) => setMessage(errorText(t, error)));
            }}
          >
            {t('posts.deleteYes')}
          </button>
          <button type="button" className="ts-button" onClick={() => setConfirmDelete(false)}>
            {t('posts.cancel')}
          </button>
        </div>
      )}
      {item.deleted ? (
        <p className="t-post__deleted">{t(item.kind === 'post' ? 'posts.deleted' : 'posts.commentDeleted')}</p>
      ) : editing ? (
        <Suspense fallback={<p role="status">{t('posts.editor.loading')}</p>}>
          <PostEditor
            targetId={item.targetId}
            initial={item}
            titleMaxLength={options.titleMaxLength}
            contentMaxLength={options.contentMaxLength}
            onSave={saveEdit}
            onCancel={() => {
              setEditing(false);
              requestAnimationFrame(() => heading.current?.focus());
            }}
          />
        </Suspense>
      ) : (
        <>
          {more || !excerpt.cut ? (
            <PostBody html={item.html} />
          ) : (
            <div className="t-post__body t-post__body--excerpt">
              <p>{excerpt.text}</p>
            </div>
          )}
          {excerpt.cut && (
            <button type="button" className="t-post__more" aria-expanded={more} onClick={() => setMore(!more)}>
              {more ? t('posts.readLess') : t('posts.readMore')}
            </button>
          )}
          <PostMediaGallery media={item.media ?? []} ratio={options.thumbnailRatio} title={title} />
        </>
      )}
      {pending && (
        <p className="t-post__pending" role={pending.state === 'failed' ? 'alert' : 'status'}>
          {pending.state === 'pending' ? (
            t('posts.sending')
          ) : (
            <>
              {errorText(t, pending.error)}{' '}
              {onRetry && (
                <button type="button" onClick={onRetry}>
                  {t('posts.retry')}
                </button>
              )}{' '}
              {onDiscard && (
                <button type="button" onClick={onDiscard}>
                  {t('posts.discard')}
                </button>
              )}
            </>
          )}
        </p>
      )}
      {message && (
        <p className="t-post__message" role="status">
          {message}
        </p>
      )}
      {confirmed && (
        <footer className="t-post__footer">
          {options.allowReactions !== false && !item.deleted && (
            <ReactionBar meta={item.meta} onToggle={item.can.react && user ? react : undefined} subject={title} />
          )}
          {reactionError && (
            <p role="alert" className="t-post__error">
              {reactionError}
            </p>
          )}
          {options.allowComments !== false && (
            <button type="button" className="t-post__comments-toggle" aria-expanded={comments} onClick={() => setComments(!comments)}>
              {t('posts.comments', { count: item.childrenCount })}
            </button>
          )}
        </footer>
      )}
      {confirmed && options.allowComments !== false && comments && (
        <CommentThread post={item} parent={item} depth={1} canComment={options.canComment !== false && !!user} options={options} />
      )}
      <PostReport item={item} open={reporting} onClose={() => setReporting(false)} />
    </article>
  );
}
