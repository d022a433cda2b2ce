/**
 * The member's chats (core §2.2 `/chat/`, the `messages` block): the other participant's avatar
 * and name, the latest message, when, and the unread count; newest activity first or by name.
 */
import { useMemo, useState } from 'react';
import type { ChatSummary } from '../../../schemas/model/api/chat';
import { chatHtmlToText } from '../../core/chat';
import { RelativeTime } from '../relative-time';
import { useChats, useChatSlice } from '../../data/chat-hooks';
import { useProfiles } from '../../data/hooks';
import { useEngine } from '../engine-context';
import { profileDisplayName } from '../member-card';
import { ProfileAvatar } from '../profile-avatar';
import { otherOf, useMemberName, useOwnAccountId } from './chat-common';

export interface ChatListProps {
  /** The chat shown beside the list (marked current). */
  selectedId?: string;
  /** Shows the sort control (the /chat page). */
  sortable?: boolean;
  initialOrder?: 'date' | 'name';
  /** At most this many chats (the block); all loaded ones otherwise, with "Show more". */
  limit?: number;
  unreadOnly?: boolean;
  emptyText?: string;
  /** An id for the list's heading, when the host labels the list with its own. */
  labelledBy?: string;
}

function ChatRow({ chat, selected }: { chat: ChatSummary; selected: boolean }) {
  const { t, translator, services } = useEngine();
  const own = useOwnAccountId();
  const other = otherOf(chat, own);
  const { name, profile } = useMemberName(other);
  const latest = chat.latestMessage;
  const text = latest ? chatHtmlToText(latest.message) : '';
  const preview = !latest ? t('chat.list.noMessages') : !text ? t('chat.list.deleted') : latest.from === own ? t('chat.list.you', { text }) : text;
  const path = `/chat/${encodeURIComponent(chat.id)}`;
  return (
    <li className={`t-chat-list__item${selected ? ' t-chat-list__item--current' : ''}${chat.unread > 0 ? ' t-chat-list__item--unread' : ''}`}>
      <a
        className="t-chat-list__link"
        href={`/app${path}`}
        aria-current={selected ? 'page' : undefined}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0 || !services.navigate) return;
          e.preventDefault();
          services.navigate(path);
        }}
      >
        {profile ? <ProfileAvatar profile={profile} size="small" /> : <span className="t-avatar t-avatar--small t-chat-list__placeholder" aria-hidden="true" />}
        <span className="t-chat-list__text">
          <span className="t-chat-list__top">
            <span className="t-chat-list__name">{name}</span>
            <RelativeTime className="t-chat-list__date" at={chat.date} locale={translator.locale} />
          </span>
          <span className="t-chat-list__bottom">
            <span className="t-chat-list__preview">{preview}</span>
            {chat.unread > 0 && (
              <span className="t-chat-list__badge" aria-label={t('chat.list.unread', { count: chat.unread })}>
                {chat.unread > 9 ? '9+' : chat.unread}
              </span>
            )}
          </span>
        </span>
      </a>
    </li>
  );
}

export function ChatList({ selectedId, sortable, initialOrder = 'date', limit, unreadOnly, emptyText, labelledBy }: ChatListProps) {
  const { t } = useEngine();
  const own = useOwnAccountId();
  const slice = useChatSlice();
  const view = useChats();
  const [order, setOrder] = useState<'date' | 'name'>(initialOrder);
  const others = useMemo(() => view.items.map((c) => otherOf(c, own)), [view.items, own]);
  // Names sort the chats loaded so far (the list pages by activity); their profiles are shown anyway.
  const profiles = useProfiles(order === 'name' ? others : []);
  const chats = useMemo(() => {
    let list = unreadOnly ? view.items.filter((c) => c.unread > 0) : view.items;
    if (order === 'name') {
      const names = new Map(profiles.map((p) => [p.accountId, profileDisplayName(p).toLocaleLowerCase()]));
      list = [...list].sort((a, b) => (names.get(otherOf(a, own)) ?? '\uffff').localeCompare(names.get(otherOf(b, own)) ?? '\uffff'));
    }
    return limit ? list.slice(0, limit) : list;
  }, [view.items, unreadOnly, order, profiles, own, limit]);

  if (view.status === 'error' && !view.items.length)
    return (
      <div className="t-chat-list__state" role="alert">
        <p>{t('chat.list.loadFailed')}</p>
        <button type="button" className="ts-button" onClick={() => void slice.list.reload()}>
          {t('chat.conversation.retry')}
        </button>
      </div>
    );
  return (
    <div className="t-chat-list">
      {sortable && (
        <div className="t-chat-list__controls">
          <label className="t-chat-list__sort">
            <span>{t('chat.list.sort')}</span>
            <select value={order} onChange={(e) => setOrder(e.target.value === 'name' ? 'name' : 'date')}>
              <option value="date">{t('chat.list.sortDate')}</option>
              <option value="name">{t('chat.list.sortName')}</option>
            </select>
          </label>
        </div>
      )}
      {(view.status === 'idle' || view.status === 'loading') && !view.items.length ? (
        <p role="status" className="t-chat-list__state">
          {t('chat.list.loading')}
        </p>
      ) : !chats.length ? (
        <p className="t-chat-list__state">{emptyText || t('chat.list.empty')}</p>
      ) : (
        <ul className="t-chat-list__items" aria-label={labelledBy ? undefined : t('chat.list.label')} aria-labelledby={labelledBy}>
          {chats.map((chat) => (
            <ChatRow key={chat.id} chat={chat} selected={chat.id === selectedId} />
          ))}
        </ul>
      )}
      {!limit && view.more.older && (
        <button type="button" className="ts-button t-chat-list__more" disabled={view.loading.older} onClick={() => void slice.list.loadOlder()}>
          {t('chat.list.loadMore')}
        </button>
      )}
    </div>
  );
}
