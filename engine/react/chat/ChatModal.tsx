/**
 * The global chat room modal (core §2.6): a conversation with one member over the page she is on,
 * opened from her profile's "Message"; a link opens it in Messages. A chat opened without a
 * message written is hidden again when the modal closes (core §2.5).
 */
import { useEffect, useState } from 'react';
import type { ChatSummary } from '../../../schemas/model/api/chat';
import { useChatSlice } from '../../data/chat-hooks';
import { useEngine } from '../engine-context';
import { ModalDialog } from '../modal';
import { chatErrorKey } from './chat-common';
import { Conversation } from './Conversation';

export interface ChatModalProps {
  accountId: string;
  name: string;
  onClose(): void;
}

export default function ChatModal({ accountId, name, onClose }: ChatModalProps) {
  const { t, services } = useEngine();
  const slice = useChatSlice();
  const [state, setState] = useState<{ chat?: ChatSummary; error?: unknown }>({});
  useEffect(() => {
    let live = true;
    slice.open(accountId).then(
      (chat) => live && setState({ chat }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [slice, accountId]);
  const chatId = state.chat?.id;
  useEffect(() => (chatId ? () => void slice.discardIfEmpty(chatId).catch(() => undefined) : undefined), [slice, chatId]);
  const chatPath = chatId ? `/chat/${encodeURIComponent(chatId)}` : undefined;
  return (
    <ModalDialog
      title={t('chat.conversation.label', { name })}
      onDismiss={onClose}
      footer={
        <>
          {chatPath && (
            <a
              className="t-chat__open-link"
              href={`/app${chatPath}`}
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0 || !services.navigate) return;
                e.preventDefault();
                onClose();
                services.navigate(chatPath);
              }}
            >
              {t('chat.conversation.openInChat')}
            </a>
          )}
          <button type="button" className="ts-button" onClick={onClose}>
            {t('chat.conversation.close')}
          </button>
        </>
      }
    >
      <div className="t-chat-modal">
        {state.error !== undefined ? (
          <p role="alert">{t(chatErrorKey(state.error))}</p>
        ) : chatId ? (
          <Conversation chatId={chatId} headingLevel={3} autoFocus onHidden={onClose} />
        ) : (
          <p role="status">{t('chat.conversation.opening')}</p>
        )}
      </div>
    </ModalDialog>
  );
}
