/**
 * Writes a post to a target (its own chunk with the editor): the editor's request goes through
 * the slice, so every list of the target shows it at once (pending, then the server's item); a
 * refusal comes back to the editor, which shows it in words and keeps what was written.
 */
import type { Communication, CommunicationOrder } from '../../../schemas/model/api/communications';
import { COMMUNICATIONS_PAGE_SIZE } from '../../core/communications';
import { listKeyOf } from '../../data/communications';
import { usePosts } from './post-common';
import PostEditor, { type PostEditorProps } from './PostEditor';

export interface PostComposerProps {
  targetId: string;
  blockId?: string;
  /** The list the new post shows in first (the feed's or board's order and page size). */
  order?: CommunicationOrder;
  pageSize?: number;
  editor: Omit<PostEditorProps, 'targetId' | 'onSubmit'>;
  onPosted?(item: Communication): void;
}

export default function PostComposer({ targetId, order = 'newest', pageSize = COMMUNICATIONS_PAGE_SIZE, editor, onPosted }: PostComposerProps) {
  const slice = usePosts();
  return (
    <PostEditor
      {...editor}
      targetId={targetId}
      onSubmit={async (request) => {
        const result = await slice.create({ targetId, parentId: null, order, limit: pageSize }, { kind: 'post', ...request });
        if (!result.saved) {
          // The editor keeps the text and says why; the unconfirmed copy is not left in the list.
          slice.lists.peek(listKeyOf({ targetId, parentId: null, order, limit: pageSize }))?.discard(result.draftId);
          throw result.error ?? new Error('not saved');
        }
        onPosted?.(result.saved);
      }}
    />
  );
}
