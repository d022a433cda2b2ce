import { lazy, Suspense } from 'react';
import { usePageId, useEngine, type BlockProps } from '../../engine/block-api';
import type { CreateUserPostOptions } from '../options.generated';

export type { CreateUserPostOptions };

const PostComposer = lazy(() => import('../../engine/react/communications/PostComposer'));

/**
 * Members write a post to the page's feed (community §3 `createUserPost`): the post editor (its
 * own chunk, with tiptap) with the block's title limit, media counts, types and sources, and
 * mentions; the target is the page's id, so the page's userPost blocks show it at once.
 */
export default function CreateUserPost({ block, options }: BlockProps<CreateUserPostOptions>) {
  const { t, user } = useEngine();
  const pageId = usePageId();
  if (!user?.accountId) return null;
  if (!pageId) return <p className="t-posts__note">{t('posts.noPage')}</p>;
  return (
    <section className="t-posts t-posts--create" aria-label={t('posts.createLabel')} data-target-id={pageId}>
      <Suspense fallback={<p role="status">{t('posts.editor.loading')}</p>}>
        <PostComposer
          targetId={pageId}
          blockId={block.id}
          editor={{
            titleMaxLength: options.titleMaxLength,
            minMedia: options.minMedia,
            maxMedia: options.maxMedia,
            mediaTypes: options.mediaTypes,
            mediaSources: options.mediaSources,
            allowMentions: options.allowMentions !== false,
            placeholder: options.placeholder,
            submitLabel: options.submitLabel,
          }}
        />
      </Suspense>
    </section>
  );
}
