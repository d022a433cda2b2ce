/**
 * "Message" on another member's profile (core §2.6): shown only when the server says she may
 * start a chat with that member (`GET chat/canStart`); it opens the global chat room modal, whose
 * code loads on the first press.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useChatSlice } from '../../data/chat-hooks';
import { useEngine } from '../engine-context';
import { useOwnAccountId } from './chat-common';

const ChatModal = lazy(() => import('./ChatModal'));

export interface MessageButtonProps {
  accountId: string;
  name: string;
  /** The profile's `_canStartChat` when the profile came with it (`GET profile/{id}`); asked of the server otherwise. */
  canStart?: boolean;
}

export default function MessageButton({ accountId, name, canStart }: MessageButtonProps) {
  const { t } = useEngine();
  const slice = useChatSlice();
  const own = useOwnAccountId();
  const [asked, setAllowed] = useState(false);
  const allowed = canStart ?? asked;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!own || own === accountId || canStart !== undefined) return;
    let live = true;
    slice.canStart(accountId).then(
      (answer) => live && setAllowed(answer._canStartChat === true),
      () => live && setAllowed(false),
    );
    return () => {
      live = false;
    };
  }, [slice, own, accountId, canStart]);
  if (!allowed) return null;
  return (
    <>
      <button
        type="button"
        className="ts-button ts-button--primary t-chat-message-button"
        aria-label={t('chat.profile.messageLabel', { name })}
        onClick={() => setOpen(true)}
      >
        {t('chat.profile.message')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ChatModal accountId={accountId} name={name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
