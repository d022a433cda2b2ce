import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useEngine, type BlockProps } from '../../engine/block-api';
import type { Communication, CommunicationOrder } from '../../schemas/model/api/communications';
import { displayExcerpt } from '../../engine/core/communications';
import { useCommunication } from '../../engine/data/communications-hooks';
import { AuthorLine, errorText, linkedPostId, PostsSection, usePosts } from '../../engine/react/communications/post-common';
import { PostCard, type PostCardOptions } from '../../engine/react/communications/PostCard';
import { PostList } from '../../engine/react/communications/PostList';
import type { DiscussionThreadsOptions } from '../options.generated';

export type { DiscussionThreadsOptions };

const PostComposer = lazy(() => import('../../engine/react/communications/PostComposer'));

type Sort = 'newest' | 'oldest' | 'mostActive';

/**
 * A discussion board (community §3 `discussionThreads`): the block's threads (target = the block
 * id) with their reply counts, in the chosen order, paged; a thread opens to read and reply
 * (nested replies up to COMMUNICATION_MAX_DEPTH); "New thread" for whoever whoCanStartThreads
 * allows; a search box over the block's threads (`communications/search?targetId=`).
 */
export default function DiscussionThreads({ block, options }: BlockProps<DiscussionThreadsOptions>) {
  const { t, user, isAdmin } = useEngine();
  const headingId = useId();
  const sortId = useId();
  const [sort, setSort] = useState<Sort>((options.sortOrder as Sort) ?? 'newest');
  const [open, setOpen] = useState<string>();
  const [writing, setWriting] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  /** The form closed (posted or cancelled): focus goes back to its button. */
  const closeForm = () => {
    setWriting(false);
    requestAnimationFrame(() => toggle.current?.focus());
  };
  const section = useRef<HTMLElement>(null);
  // Back from a thread: focus returns to its row (the list unmounted while it was open).
  const [returnTo, setReturnTo] = useState<string>();
  useEffect(() => {
    if (!returnTo || open) return;
    const row = section.current?.querySelector<HTMLButtonElement>(`[data-thread-id="${CSS.escape(returnTo)}"]`);
    if (row) {
      row.focus();
      setReturnTo(undefined);
    }
  }, [returnTo, open]);
  // A notification's link (`?post=<id>`) to one of this board's threads opens it.
  const [linked, setLinked] = useState<string>();
  useEffect(() => setLinked(linkedPostId()), []);
  const linkedEntry = useCommunication(linked);
  useEffect(() => {
    if (linkedEntry?.state === 'ready' && linkedEntry.value.targetId === block.id) setOpen(linkedEntry.value.rootId || linkedEntry.value.id);
  }, [linkedEntry, block.id]);
  if (!user?.accountId) return null;
  const mayStart = options.whoCanStartThreads !== 'admins' || !!isAdmin;
  const card: PostCardOptions = {
    messageDisplayLength: options.messageDisplayLength,
    allowReactions: options.allowReactions !== false,
    allowComments: true,
    canComment: options.allowReplies !== false,
    allowReporting: options.allowReporting !== false,
    nameFormat: options.nameFormat,
    headingLevel: options.title ? 3 : 2,
  };
  const pageSize = options.pageSize ?? 10;
  return (
    <PostsSection
      className="t-posts t-discussions"
      title={options.title}
      titleClassName="t-discussions__title"
      headingId={headingId}
      label={t('posts.discussions.label')}
    >
      {open ? (
        <OpenThread
          id={open}
          options={card}
          onBack={() => {
            setReturnTo(open);
            setOpen(undefined);
          }}
        />
      ) : (
        <>
          <div className="t-discussions__bar">
            {mayStart && (
              <button ref={toggle} type="button" className="ts-button ts-button--primary" aria-expanded={writing} onClick={() => setWriting(!writing)}>
                {t('posts.discussions.new')}
              </button>
            )}
            <label htmlFor={sortId}>{t('posts.discussions.sort')}</label>
            <select id={sortId} value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
              {(['newest', 'oldest', 'mostActive'] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`posts.discussions.sorts.${s}`)}
                </option>
              ))}
            </select>
          </div>
          {writing && mayStart && (
            <Suspense fallback={<p role="status">{t('posts.editor.loading')}</p>}>
              <PostComposer
                targetId={block.id}
                order={sort}
                pageSize={pageSize}
                editor={{
                  label: t('posts.discussions.new'),
                  maxMedia: 6,
                  allowMentions: true,
                  submitLabel: t('posts.discussions.start'),
                  onCancel: closeForm,
                }}
                onPosted={closeForm}
              />
            </Suspense>
          )}
          <ThreadSearch targetId={block.id} onOpen={setOpen} />
          <PostList
            targetId={block.id}
            order={sort as CommunicationOrder}
            pageSize={pageSize}
            paginationMode={options.paginationMode}
            label={t('posts.discussions.threads')}
            emptyText={t('posts.discussions.empty')}
            render={(item, state) => (
              <ThreadRow item={item} nameFormat={options.nameFormat} onOpen={() => setOpen(item.id)} failed={state.pending?.state === 'failed'} />
            )}
          />
        </>
      )}
    </PostsSection>
  );
}

function ThreadRow({ item, nameFormat, onOpen, failed }: { item: Communication; nameFormat?: string; onOpen(): void; failed?: boolean }) {
  const { t } = useEngine();
  const title = item.deleted ? t('posts.deletedTitle') : item.title || displayExcerpt(item.text ?? '', 60).text || t('posts.untitled');
  return (
    <div className="t-thread-row">
      <button type="button" className="t-thread-row__open" data-thread-id={item.id} onClick={onOpen} disabled={item.id.startsWith('local:')}>
        {title}
      </button>
      <div className="t-thread-row__meta">
        <AuthorLine item={item} nameFormat={nameFormat} />
        <span className="t-thread-row__replies">{t('posts.repliesCount', { count: item.childrenCount })}</span>
        {failed && <span role="alert">{t('posts.errors.failed')}</span>}
      </div>
    </div>
  );
}

function OpenThread({ id, options, onBack }: { id: string; options: PostCardOptions; onBack(): void }) {
  const { t } = useEngine();
  const entry = useCommunication(id);
  const back = useRef<HTMLButtonElement>(null);
  // The row that opened it is gone: focus starts on the way back.
  useEffect(() => back.current?.focus(), []);
  return (
    <div className="t-discussions__thread">
      <button ref={back} type="button" className="ts-button t-discussions__back" onClick={onBack}>
        {t('posts.discussions.back')}
      </button>
      {entry?.state === 'ready' ? (
        <PostCard item={entry.value} options={{ ...options, commentsOpen: true }} expanded />
      ) : entry?.state === 'error' ? (
        <p role="alert">{t('posts.gone')}</p>
      ) : (
        <p role="status">{t('posts.loading')}</p>
      )}
    </div>
  );
}

/** Words over the block's threads (titles and bodies), the server's search. */
function ThreadSearch({ targetId, onOpen }: { targetId: string; onOpen(id: string): void }) {
  const { t } = useEngine();
  const slice = usePosts();
  const id = useId();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<{ q: string; items: Communication[] } | { error: string }>();
  const search = (e: FormEvent) => {
    e.preventDefault();
    const words = q.trim();
    if (!words) return setResults(undefined);
    slice.search({ q: words, targetId, limit: 20 }).then(
      (answer) => setResults({ q: words, items: answer.items ?? [] }),
      (error: unknown) => setResults({ error: errorText(t, error) }),
    );
  };
  return (
    <div className="t-discussions__search">
      <form role="search" onSubmit={search} className="t-discussions__search-form">
        <label htmlFor={id}>{t('posts.discussions.search')}</label>
        <input id={id} type="search" value={q} onChange={(e) => setQ(e.target.value)} maxLength={200} />
        <button type="submit" className="ts-button">
          {t('posts.discussions.searchButton')}
        </button>
      </form>
      {results &&
        ('error' in results ? (
          <p role="alert">{results.error}</p>
        ) : (
          <div role="status" className="t-discussions__results">
            <p>{t('posts.discussions.found', { count: results.items.length, q: results.q })}</p>
            {results.items.length > 0 && (
              <ul>
                {results.items.map((item) => (
                  <li key={item.id}>
                    <button type="button" className="t-thread-row__open" onClick={() => onOpen(item.rootId || item.id)}>
                      {item.title || displayExcerpt(item.text ?? '', 80).text}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <button type="button" className="ts-button" onClick={() => (setResults(undefined), setQ(''))}>
              {t('posts.discussions.clear')}
            </button>
          </div>
        ))}
    </div>
  );
}
