/**
 * One conversation (core §2.2 `/chat/:targetId`, the global chat room modal of §2.6): history
 * loading upward as the member scrolls (her place kept), a composer (Enter sends, Shift+Enter a
 * new line), sends shown at once with Retry when refused, delivered and read marks, the other
 * typing, editing and deleting her own messages, reporting the other's, blocking and hiding. It
 * marks the chat read while it is shown (the server then clears its chat notifications).
 */
import { DisclosureMenu, type DisclosureMenuProps } from '../disclosure-menu';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ChatCanStartResponse, ChatMessage, ChatSummary } from '../../../schemas/model/api/chat';
import { CHAT_MESSAGE_MAX_LENGTH, chatHtmlToText, chatTextToHtml } from '../../core/chat';
import { RelativeTime } from '../relative-time';
import { useChatMessages, useChatSlice, useChatSummary, useChatTyping } from '../../data/chat-hooks';
import type { PendingItem } from '../../data/collection';
import { statusOf } from '../../data/transport';
import { useEngine } from '../engine-context';
import { ReportAbuseDialog } from '../abuse/ReportAbuseDialog';
import { ProfileAvatar } from '../profile-avatar';
import { ChatMessageBody, chatErrorKey, otherOf, useMemberName, useOwnAccountId } from './chat-common';

export interface ConversationProps {
  chatId: string;
  /** In-app path of the chat list, shown as a back link (the /chat page on a narrow screen). */
  backPath?: string;
  /** Level of the conversation's heading (the name of the other participant). */
  headingLevel?: 2 | 3;
  /** The chat was hidden from the header menu. */
  onHidden?(): void;
  /** Moves focus to the composer when shown (the modal). */
  autoFocus?: boolean;
}

/** A chat "⋯" menu: the shared disclosure menu with the chat's button look. */
const ChatMenu = (props: Omit<DisclosureMenuProps, 'buttonClassName'>) => <DisclosureMenu {...props} buttonClassName="t-chat__menu-button" />;

/** Within this many pixels of the top, the earlier messages load. */
const LOAD_OLDER_AT_PX = 48;
/** Within this many pixels of the bottom, new messages keep the view at the bottom. */
const STICK_PX = 48;

function useInAppNavigate() {
  const { services } = useEngine();
  return useCallback(
    (path: string) => (e: React.MouseEvent<HTMLAnchorElement>) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0 || !services.navigate) return;
      e.preventDefault();
      services.navigate(path);
    },
    [services],
  );
}

/** Edit own message in place: a labelled textarea with Save and Cancel. */
function EditForm({ message, onDone }: { message: ChatMessage; onDone(): void }) {
  const { t } = useEngine();
  const slice = useChatSlice();
  const [text, setText] = useState(() => chatHtmlToText(message.message));
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    void slice.edit(message.chatId, message.id, text);
    onDone();
  };
  return (
    <form className="t-chat__edit" onSubmit={save}>
      <label htmlFor={id} className="ts-visually-hidden">
        {t('chat.actions.editLabel')}
      </label>
      <textarea
        id={id}
        ref={ref}
        rows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onDone())}
      />
      <div className="t-chat__edit-actions">
        <button type="submit" className="ts-button ts-button--primary">
          {t('chat.actions.save')}
        </button>
        <button type="button" className="ts-button" onClick={onDone}>
          {t('chat.actions.cancel')}
        </button>
      </div>
    </form>
  );
}

interface MessageItemProps {
  message: ChatMessage;
  mine: boolean;
  otherName: string;
  pending?: PendingItem;
  /** The read mark shown under her latest delivered message. */
  mark?: 'delivered' | 'read';
}

/** One choice of a message's menu; `close` first when choosing it ends the menu. */
function MenuAction({ label, onClick, close }: { label: string; onClick(): void; close?(): void }) {
  return (
    <button
      type="button"
      className="ts-button"
      onClick={() => {
        close?.();
        onClick();
      }}
    >
      {label}
    </button>
  );
}

function MessageItem({ message, mine, otherName, pending, mark }: MessageItemProps) {
  const { t, translator } = useEngine();
  const slice = useChatSlice();
  const messages = slice.messages.get(message.chatId);
  const [menu, setMenu] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const closeMenu = () => {
    setMenu(false);
    setConfirming(false);
  };
  const [reporting, setReporting] = useState(false);
  const unsent = pending?.op === 'insert';
  const failed = pending?.state === 'failed';
  const actions = !message.deleted && !unsent;
  return (
    <li className={`t-chat__message t-chat__message--${mine ? 'own' : 'other'}${failed ? ' t-chat__message--failed' : ''}`}>
      <div className="t-chat__bubble">
        <span className="ts-visually-hidden">{mine ? t('chat.conversation.fromYou') : otherName}: </span>
        {editing ? (
          <EditForm message={message} onDone={() => setEditing(false)} />
        ) : message.deleted ? (
          <em className="t-chat__deleted">{t('chat.conversation.deleted')}</em>
        ) : (
          <ChatMessageBody className="t-chat__text" html={message.message} />
        )}
        <span className="t-chat__meta">
          <RelativeTime at={message.date} locale={translator.locale} />
          {message.edited !== null && !message.deleted && <span> · {t('chat.conversation.edited')}</span>}
          {unsent && pending?.state === 'pending' && <span> · {t('chat.conversation.sending')}</span>}
          {mark && <span className={`t-chat__mark t-chat__mark--${mark}`}> · {t(`chat.conversation.${mark}`)}</span>}
        </span>
      </div>
      {failed && pending && (
        <div className="t-chat__failed" role="alert">
          <span>
            {t('chat.conversation.failed')} {t(chatErrorKey(pending.error))}
          </span>
          <button type="button" className="ts-button" onClick={() => void messages.retry(message.id)}>
            {t('chat.conversation.retry')}
          </button>
          <button type="button" className="ts-button" onClick={() => messages.discard(message.id)}>
            {t('chat.conversation.discard')}
          </button>
        </div>
      )}
      {actions && !editing && (
        <ChatMenu label={t('chat.actions.messageMenu')} open={menu} setOpen={setMenu} className="t-chat__actions" menuClassName="t-chat__menu">
          {mine ? (
            confirming ? (
              <>
                <span>{t('chat.actions.confirmDelete')}</span>
                <MenuAction label={t('chat.actions.delete')} onClick={() => void slice.remove(message.chatId, message.id)} close={closeMenu} />
                <MenuAction label={t('chat.actions.cancel')} onClick={() => setConfirming(false)} />
              </>
            ) : (
              <>
                <MenuAction label={t('chat.actions.edit')} onClick={() => setEditing(true)} close={closeMenu} />
                <MenuAction label={t('chat.actions.delete')} onClick={() => setConfirming(true)} />
              </>
            )
          ) : (
            <MenuAction label={t('chat.actions.report')} onClick={() => setReporting(true)} close={closeMenu} />
          )}
        </ChatMenu>
      )}
      <ReportAbuseDialog reportedId={message.id} reportedType="chatMessage" open={reporting} onClose={() => setReporting(false)} />
    </li>
  );
}

function Composer({ chat, otherName, autoFocus, onSend }: { chat: ChatSummary; otherName: string; autoFocus?: boolean; onSend(): void }) {
  const { t } = useEngine();
  const slice = useChatSlice();
  const [text, setText] = useState('');
  const id = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  const tooLong = chatTextToHtml(text).length > CHAT_MESSAGE_MAX_LENGTH;
  const send = () => {
    if (!text.trim() || tooLong) return;
    onSend();
    void slice.send(chat.id, text);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and Enter while an input method composes) makes a new line.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  return (
    <form
      className="t-chat__composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label htmlFor={id} className="ts-visually-hidden">
        {t('chat.composer.label', { name: otherName })}
      </label>
      <textarea
        id={id}
        ref={ref}
        rows={2}
        value={text}
        placeholder={t('chat.composer.placeholder')}
        aria-describedby={`${id}-hint`}
        aria-invalid={tooLong || undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value) slice.typing(chat.id);
        }}
        onKeyDown={onKeyDown}
      />
      <span id={`${id}-hint`} className="ts-visually-hidden">
        {t('chat.composer.hint')}
      </span>
      <button type="submit" className="ts-button ts-button--primary" disabled={!text.trim() || tooLong}>
        {t('chat.composer.send')}
      </button>
      {tooLong && (
        <p role="alert" className="t-chat__composer-error">
          {t('chat.composer.tooLong', { max: CHAT_MESSAGE_MAX_LENGTH })}
        </p>
      )}
    </form>
  );
}

/** Why she cannot write here (blocked either way), with Unblock when it was her. */
function BlockedNotice({ chat, other, name }: { chat: ChatSummary; other: string; name: string }) {
  const { t } = useEngine();
  const slice = useChatSlice();
  const [answer, setAnswer] = useState<ChatCanStartResponse | undefined>();
  useEffect(() => {
    let live = true;
    slice.canStart(other).then(
      (a) => live && setAnswer(a),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [slice, other, chat.blocked]);
  return (
    <div className="t-chat__blocked" role="status">
      <p>{answer?.reason ? t(`chat.refused.${answer.reason}`) : t('chat.conversation.blocked')}</p>
      {answer?.reason === 'blockedByYou' && (
        <button type="button" className="ts-button" onClick={() => void slice.setBlocked(chat.id, other, false)}>
          {t('chat.actions.unblock', { name })}
        </button>
      )}
    </div>
  );
}

function HeaderMenu({ chat, other, name, onHidden }: { chat: ChatSummary; other: string; name: string; onHidden?(): void }) {
  const { t } = useEngine();
  const slice = useChatSlice();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const act = (run: () => Promise<void>) => () => {
    setOpen(false);
    setFailed(false);
    run().catch(() => setFailed(true));
  };
  return (
    <ChatMenu
      label={t('chat.actions.menu')}
      open={open}
      setOpen={setOpen}
      className="t-chat__header-menu"
      menuClassName="t-chat__menu t-chat__menu--header"
      after={failed && <p role="alert">{t('chat.actions.failed')}</p>}
    >
      {!chat.blocked && (
        <button type="button" className="ts-button" onClick={act(() => slice.setBlocked(chat.id, other, true))}>
          {t('chat.actions.block', { name })}
        </button>
      )}
      <button
        type="button"
        className="ts-button"
        onClick={act(async () => {
          await slice.hide(chat.id);
          onHidden?.();
        })}
      >
        {t('chat.actions.hide')}
      </button>
    </ChatMenu>
  );
}

export function Conversation({ chatId, backPath, headingLevel = 2, onHidden, autoFocus }: ConversationProps) {
  const { t, services } = useEngine();
  const slice = useChatSlice();
  const own = useOwnAccountId();
  const view = useChatMessages(chatId);
  const chat = useChatSummary(chatId);
  const typing = useChatTyping(chatId);
  const other = chat ? otherOf(chat, own) : undefined;
  const { name, profile } = useMemberName(other);
  const headingId = useId();
  const link = useInAppNavigate();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  // Her sockets join the chat's room while it is shown: the server does not notify her of what she sees.
  useEffect(() => slice.watch(chatId), [slice, chatId]);

  // Read while shown: up to the latest message, once the page is visible.
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  const latestOther = view.items.reduce((n, m) => (m.from !== own && !view.pending[m.id] && m.sequence > n ? m.sequence : n), 0);
  const marked = useRef(0);
  useEffect(() => {
    if (!chat || !visible || latestOther <= chat.readSequence || latestOther <= marked.current) return;
    marked.current = latestOther;
    slice.markRead(chatId, latestOther).catch(() => {
      marked.current = 0;
    });
  }, [chat, visible, latestOther, slice, chatId]);

  // Scrolling: at the bottom new messages keep the view there; earlier ones load at the top and the place is kept.
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const fromBottom = useRef(0);
  const firstId = useRef<string | undefined>(undefined);
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    fromBottom.current = el.scrollHeight - el.scrollTop;
    if (el.scrollTop < LOAD_OLDER_AT_PX && view.more.older && !view.loading.older) void slice.messages.get(chatId).loadOlder();
  };
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = view.items[0]?.id;
    const prepended = firstId.current !== undefined && first !== firstId.current;
    firstId.current = first;
    if (prepended && !stick.current) el.scrollTop = el.scrollHeight - fromBottom.current;
    else if (stick.current) el.scrollTop = el.scrollHeight;
    fromBottom.current = el.scrollHeight - el.scrollTop;
  }, [view.items]);

  if (view.status === 'error' && !view.items.length) {
    const status = statusOf(view.error);
    return (
      <section className="t-chat t-chat--state">
        {backPath && (
          <a className="t-chat__back" href={`/app${backPath}`} onClick={link(backPath)}>
            {t('chat.conversation.back')}
          </a>
        )}
        <p role="alert">{t(status === 403 ? 'chat.conversation.forbidden' : status === 404 ? 'chat.conversation.notFound' : 'chat.conversation.loadFailed')}</p>
        {status !== 403 && status !== 404 && (
          <button type="button" className="ts-button" onClick={() => void slice.messages.get(chatId).reload()}>
            {t('chat.conversation.retry')}
          </button>
        )}
      </section>
    );
  }
  if (!chat || !other)
    return (
      <section className="t-chat t-chat--state">
        <p role="status">{t('chat.conversation.loading')}</p>
      </section>
    );

  // Her latest message the server has: delivered, or read once the other's marker reaches it.
  const lastOwn = [...view.items].reverse().find((m) => m.from === own && !view.pending[m.id] && !m.deleted);
  const profilePath = services.profileHref?.(other);
  return (
    <section className="t-chat" aria-labelledby={headingId}>
      <header className="t-chat__header">
        {backPath && (
          <a className="t-chat__back" href={`/app${backPath}`} onClick={link(backPath)}>
            <span aria-hidden="true">←</span>
            <span className="ts-visually-hidden">{t('chat.conversation.back')}</span>
          </a>
        )}
        {profile ? (
          <ProfileAvatar profile={profile} size="small" showOnline />
        ) : (
          <span className="t-avatar t-avatar--small t-chat-list__placeholder" aria-hidden="true" />
        )}
        <Heading id={headingId} className="t-chat__title">
          {profilePath ? (
            <a href={`/app${profilePath}`} onClick={link(profilePath)}>
              {name}
            </a>
          ) : (
            name
          )}
        </Heading>
        <HeaderMenu chat={chat} other={other} name={name} onHidden={onHidden} />
      </header>
      {/* A log: new messages are announced politely; focusable so the keyboard can scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <div ref={scroller} className="t-chat__history" role="log" aria-label={t('chat.conversation.history')} tabIndex={0} onScroll={onScroll}>
        {view.more.older && (
          <button type="button" className="ts-button t-chat__older" disabled={view.loading.older} onClick={() => void slice.messages.get(chatId).loadOlder()}>
            {view.loading.older ? t('chat.conversation.loadingOlder') : t('chat.conversation.loadOlder')}
          </button>
        )}
        {view.status !== 'ready' && !view.items.length ? (
          <p role="status" className="t-chat__state">
            {t('chat.conversation.loading')}
          </p>
        ) : !view.items.length ? (
          <p className="t-chat__state">{t('chat.conversation.empty')}</p>
        ) : (
          <ol className="t-chat__messages">
            {view.items.map((m) => (
              <MessageItem
                key={m.id}
                message={m}
                mine={m.from === own}
                otherName={name}
                pending={view.pending[m.id]}
                mark={m === lastOwn ? (chat.otherReadSequence >= m.sequence ? 'read' : 'delivered') : undefined}
              />
            ))}
          </ol>
        )}
      </div>
      <p className="t-chat__typing" aria-live="polite">
        {typing ? t('chat.conversation.typing', { name }) : ''}
      </p>
      {chat.blocked ? (
        <BlockedNotice chat={chat} other={other} name={name} />
      ) : (
        <Composer chat={chat} otherName={name} autoFocus={autoFocus} onSend={() => (stick.current = true)} />
      )}
    </section>
  );
}
