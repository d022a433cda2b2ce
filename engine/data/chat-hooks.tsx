/** How chat views read the chat slice (chat.ts): hooks over its atoms and collections. */
import { atom, useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import type { ChatMessage, ChatSummary } from '../../schemas/model/api/chat';
import { chatSlice, type ChatSlice } from './chat';
import type { CollectionView } from './collection';
import { useCollection, useCollectionOf } from './collection-hooks';
import { useDataLayer, useResourceEntry } from './hooks';
import type { ResourceEntry } from './resource';

const noEntry = atom<ResourceEntry<ChatSummary> | undefined>(undefined);

export function useChatSlice(): ChatSlice {
  return useDataLayer().slice(chatSlice);
}

/** The member's chats, newest activity first (loaded when first shown, refetched after a reconnect). */
export function useChats(): CollectionView<ChatSummary, string> {
  return useCollection(useChatSlice().list);
}

/** One chat's summary (other participant, unread, read markers, blocked). */
export function useChat(chatId: string | undefined): ResourceEntry<ChatSummary> | undefined {
  return useResourceEntry(useChatSlice().chats, chatId);
}

/** A chat's summary as the list or its messages' first page brought it (read, not loaded: the conversation's history brings it). */
export function useChatSummary(chatId: string | undefined): ChatSummary | undefined {
  const chats = useChatSlice().chats;
  const entry = useAtomValue(chatId ? chats.atom(chatId) : noEntry);
  useEffect(() => (chatId ? chats.lock(chatId) : undefined), [chats, chatId]);
  return entry?.state === 'ready' ? (entry.value as ChatSummary) : undefined;
}

/**
 * A chat's messages, oldest first. A send confirmed over the socket before its HTTP answer is
 * shown once: the unconfirmed copy with the same `clientId` is left out.
 */
export function useChatMessages(chatId: string | undefined): CollectionView<ChatMessage, number> {
  const view = useCollectionOf(useChatSlice().messages, chatId);
  return useMemo(() => {
    const confirmed = new Set(view.items.flatMap((m) => (m.clientId && !view.pending[m.id] ? [m.clientId] : [])));
    if (!confirmed.size) return view;
    const items = view.items.filter((m) => !(view.pending[m.id]?.op === 'insert' && m.clientId && confirmed.has(m.clientId)));
    return { ...view, items };
  }, [view]);
}

/** Whether the other participant is typing now (fades CHAT_TYPING_INTERVAL_MS * 2 after the last signal). */
export function useChatTyping(chatId: string): boolean {
  const until = useAtomValue(useChatSlice().typingUntil(chatId));
  // Re-rendered when the signal runs out, so the indicator fades without another event.
  const [, setExpired] = useState(0);
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setExpired(until), left + 10);
    return () => clearTimeout(timer);
  }, [until]);
  return until > Date.now();
}

/** Unread chat messages over all chats, once known. */
export function useChatUnreadTotal(): number | undefined {
  return useAtomValue(useChatSlice().unread).total;
}
