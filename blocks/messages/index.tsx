import { useId } from 'react';
import { useEngine, type BlockProps } from '../../engine/block-api';
import { ChatList } from '../../engine/react/chat/ChatList';
import type { MessagesOptions } from '../options.generated';

export type { MessagesOptions };

/**
 * The member's recent chats on a page (community §3 `messages`): the chat list of /chat, compact,
 * each chat opening in Messages. Its code (and the chat slice) load only on pages that use it.
 */
export default function Messages({ options }: BlockProps<MessagesOptions>) {
  const { t, user } = useEngine();
  const headingId = useId();
  if (!user?.accountId) return null;
  return (
    <section className="t-messages-block" aria-labelledby={options.title ? headingId : undefined} aria-label={options.title ? undefined : t('chat.title')}>
      {options.title && (
        <h2 id={headingId} className="t-messages-block__title">
          {options.title}
        </h2>
      )}
      <ChatList
        limit={options.limit ?? 5}
        initialOrder={options.sortBy === 'name' ? 'name' : 'date'}
        unreadOnly={options.showUnreadOnly === true}
        emptyText={options.emptyText}
      />
    </section>
  );
}
