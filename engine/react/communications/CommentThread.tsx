/**
 * A post's comments, oldest first, with nested replies up to COMMUNICATION_MAX_DEPTH (a post is
 * depth 0): each comment's replies load when opened, "Show more replies" pages on with the
 * server's cursor, a reply box writes one (shown at once, failed with Retry when refused).
 */
import { useId, useState, type FormEvent } from 'react';
import type { Communication } from '../../../schemas/model/api/communications';
import { COMMUNICATION_MAX_DEPTH, richTextToText, textToDoc } from '../../core/communications';
import type { PendingItem } from '../../data/collection';
import { useCommunicationList } from '../../data/communications-hooks';
import { listKeyOf, type CommunicationListKey } from '../../data/communications';
import { useEngine } from '../engine-context';
import { AuthorLine, errorText, PostBody, PostMenu, usePosts } from './post-common';
import type { PostCardOptions } from './PostCard';
import { ReactionBar } from './ReactionBar';
import { PostReport } from './PostReport';

export interface CommentThreadProps {
  post: Communication;
  /** Whose direct replies are listed (the post, or a comment). */
  parent: Communication;
  /** Depth of the listed replies (1: comments on the post). */
  depth: number;
  canComment: boolean;
  options: PostCardOptions;
}

export function CommentThread({ post, parent, depth, canComment, options }: CommentThreadProps) {
  const { t } = useEngine();
  const slice = usePosts();
  const key: CommunicationListKey = { targetId: post.targetId, parentId: parent.id, order: 'oldest' };
  const view = useCommunicationList(key);
  const collection = () => slice.lists.peek(listKeyOf(key));
  return (
    <section
      className={`t-comments t-comments--depth-${depth}`}
      aria-label={depth === 1 ? t('posts.commentsOf', { title: post.title || t('posts.untitled') }) : t('posts.replies')}
    >
      {view.status === 'loading' && !view.items.length && <p role="status">{t('posts.loadingComments')}</p>}
      {view.status === 'error' && !view.items.length && <p role="alert">{t('posts.loadFailed')}</p>}
      {view.items.length > 0 && (
        <ul className="t-comments__list">
          {view.items.map((c) => (
            <li key={c.id}>
              <CommentItem
                item={c}
                post={post}
                depth={depth}
                canComment={canComment}
                options={options}
                pending={view.pending[c.id]}
                onRetry={() => void collection()?.retry(c.id)}
                onDiscard={() => collection()?.discard(c.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {view.status === 'ready' && !view.items.length && depth === 1 && <p className="t-comments__empty">{t('posts.noComments')}</p>}
      {view.more.older && (
        <button type="button" className="ts-button t-comments__more" disabled={view.loading.older} onClick={() => void collection()?.loadOlder()}>
          {t(depth === 1 ? 'posts.moreComments' : 'posts.moreReplies')}
        </button>
      )}
      {canComment && depth === 1 && <ReplyBox post={post} parent={parent} label={t('posts.commentLabel')} submit={t('posts.commentSend')} />}
    </section>
  );
}

/** The box that writes a comment or reply (plain text, kept as the editor's document). */
export function ReplyBox({
  post,
  parent,
  label,
  submit,
  onDone,
}: {
  post: Communication;
  parent: Communication;
  label: string;
  submit: string;
  onDone?(): void;
}) {
  const { t } = useEngine();
  const slice = usePosts();
  const id = useId();
  const [text, setText] = useState('');
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    void slice.create(
      { targetId: post.targetId, parentId: parent.id, order: 'oldest' },
      { kind: 'comment', parentId: parent.id, body: textToDoc(text.trim()) },
    );
    setText('');
    onDone?.();
  };
  return (
    <form className="t-comments__form" onSubmit={send}>
      <label htmlFor={id} className="t-comments__label">
        {label}
      </label>
      <textarea id={id} rows={2} value={text} maxLength={20_000} onChange={(e) => setText(e.target.value)} placeholder={t('posts.commentPlaceholder')} />
      <button type="submit" className="ts-button ts-button--primary" disabled={!text.trim()}>
        {submit}
      </button>
    </form>
  );
}

function CommentItem({
  item,
  post,
  depth,
  canComment,
  options,
  pending,
  onRetry,
  onDiscard,
}: {
  item: Communication;
  post: Communication;
  depth: number;
  canComment: boolean;
  options: PostCardOptions;
  pending?: PendingItem;
  onRetry(): void;
  onDiscard(): void;
}) {
  const { t, user } = useEngine();
  const slice = usePosts();
  const editId = useId();
  const [menu, setMenu] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [replying, setReplying] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const [editing, setEditing] = useState<string>();
  const [error, setError] = useState<string>();
  const confirmed = !item.id.startsWith('local:');
  const live = confirmed && !item.deleted;
  const canReport = live && options.allowReporting !== false && item.can.report && !item.own && !!user;
  const mayReply = live && canComment && depth < COMMUNICATION_MAX_DEPTH;
  const name = richTextToText(item.body).slice(0, 40) || t('posts.comment');
  const saveEdit = (e: FormEvent) => {
    e.preventDefault();
    if (!editing?.trim()) return;
    slice.edit(item, { body: textToDoc(editing.trim()) }).then(
      () => setEditing(undefined),
      (err: unknown) => setError(errorText(t, err)),
    );
  };
  return (
    <article className={`t-comment${item.hidden ? ' t-comment--hidden' : ''}`} aria-label={t('posts.commentBy', { text: name })} data-comment-id={item.id}>
      <AuthorLine item={item} nameFormat={options.nameFormat}>
        {live && (item.can.edit || item.can.delete || canReport) && (
          <PostMenu label={t('posts.commentMenu')} open={menu} setOpen={setMenu}>
            {item.can.edit && (
              <button type="button" onClick={() => (setMenu(false), setEditing(richTextToText(item.body)))}>
                {t('posts.edit')}
              </button>
            )}
            {item.can.delete && (
              <button
                type="button"
                onClick={() => {
                  setMenu(false);
                  slice.remove(item).catch((err: unknown) => setError(errorText(t, err)));
                }}
              >
                {t('posts.delete')}
              </button>
            )}
            {canReport && (
              <button type="button" onClick={() => (setMenu(false), setReporting(true))}>
                {t('posts.report')}
              </button>
            )}
          </PostMenu>
        )}
      </AuthorLine>
      {item.deleted ? (
        <p className="t-post__deleted">{t('posts.commentDeleted')}</p>
      ) : editing !== undefined ? (
        <form className="t-comments__form" onSubmit={saveEdit}>
          <label htmlFor={editId} className="t-comments__label">
            {t('posts.editComment')}
          </label>
          <textarea id={editId} rows={2} value={editing} onChange={(e) => setEditing(e.target.value)} />
          <button type="submit" className="ts-button ts-button--primary">
            {t('posts.save')}
          </button>
          <button type="button" className="ts-button" onClick={() => setEditing(undefined)}>
            {t('posts.cancel')}
          </button>
        </form>
      ) : item.html ? (
        <PostBody html={item.html} />
      ) : (
        <div className="t-post__body">
          <p>{item.text}</p>
        </div>
      )}
      {pending && (
        <p className="t-post__pending" role={pending.state === 'failed' ? 'alert' : 'status'}>
          {pending.state === 'pending' ? (
            t('posts.sending')
          ) : (
            <>
              {errorText(t, pending.error)}{' '}
              <button type="button" onClick={onRetry}>
                {t('posts.retry')}
              </button>{' '}
              <button type="button" onClick={onDiscard}>
                {t('posts.discard')}
              </button>
            </>
          )}
        </p>
      )}
      {error && (
        <p role="alert" className="t-post__error">
          {error}
        </p>
      )}
      {confirmed && (
        <div className="t-comment__actions">
          {options.allowReactions !== false && live && (
            <ReactionBar
              meta={item.meta}
              subject={name}
              onToggle={
                item.can.react && user
                  ? (r) => {
                      setError(undefined);
                      slice.react(item, r).catch((err: unknown) => setError(errorText(t, err)));
                    }
                  : undefined
              }
            />
          )}
          {mayReply && (
            <button type="button" className="t-comment__reply" aria-expanded={replying} onClick={() => setReplying(!replying)}>
              {t('posts.reply')}
            </button>
          )}
          {item.childrenCount > 0 && depth < COMMUNICATION_MAX_DEPTH && (
            <button type="button" className="t-comment__replies" aria-expanded={showReplies} onClick={() => setShowReplies(!showReplies)}>
              {t('posts.repliesCount', { count: item.childrenCount })}
            </button>
          )}
        </div>
      )}
      {replying && (
        <ReplyBox
          post={post}
          parent={item}
          label={t('posts.replyLabel')}
          submit={t('posts.replySend')}
          onDone={() => (setReplying(false), setShowReplies(true))}
        />
      )}
      {(showReplies || replying) && depth < COMMUNICATION_MAX_DEPTH && (
        <CommentThread post={post} parent={item} depth={depth + 1} canComment={canComment} options={options} />
      )}
      <PostReport item={item} open={reporting} onClose={() => setReporting(false)} />
    </article>
  );
}
