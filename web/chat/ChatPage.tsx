/**
 * The chat route (core §2.2 `/chat/:targetId?`), a lazy chunk of its own: the member's chats and
 * the open conversation side by side on a wide screen, one at a time with a back link on a small
 * one. `targetId` is a chat id (notification links) or the account id of someone to chat with:
 * that chat is opened, and when she leaves /chat without writing it is hidden again (core §2.5's
 * temporary chat). The engine's chat views (engine/react/chat) render inside an EngineProvider
 * with the page's catalogue, as blocks do.
 */
import { useAtomValue, useStore } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { blockComponents } from '../../blocks/index.generated';
import { runtimePageRegistry } from '../../registry/generated/runtime-page';
import { mediaUrl } from '../../engine/core/media';
import { createRegistry } from '../../engine/core/registry';
import { createTranslator } from '../../engine/core/i18n/translator';
import { chatSlice } from '../../engine/data/chat';
import { DataLayerProvider } from '../../engine/data/hooks';
import { EngineProvider, useEngine, type EngineServices } from '../../engine/react/engine-context';
import { ChatList } from '../../engine/react/chat/ChatList';
import { chatErrorKey } from '../../engine/react/chat/chat-common';
import { Conversation } from '../../engine/react/chat/Conversation';
import { profileHref } from '../api/init-adapter';
import { usePageCatalog } from '../i18n/page-catalog';
import { useT } from '../i18n/use-t';
import { useIsWide } from '../nav/use-media-query';
import { useServices } from '../shell/services';
import { i18nOverridesAtom, localeAtom, sessionAtom, settingsAtom, shellCatalogAtom } from '../shell/shell-state';
import { webDataLayer } from '../engine/data-layer';

const registry = createRegistry({ ...runtimePageRegistry, operators: {}, fields: {}, rules: {} });
const LIST_PATH = '/chat/';

type Target =
  { state: 'none' } | { state: 'resolving'; id: string } | { state: 'ready'; id: string; chatId: string } | { state: 'error'; id: string; error: unknown };

function ChatScreen({ targetId }: { targetId?: string }) {
  const { t } = useEngine();
  const wide = useIsWide();
  const [, navigate] = useLocation();
  const layer = useServicesLayer();
  const slice = layer.slice(chatSlice);
  const [target, setTarget] = useState<Target>({ state: 'none' });
  /** Chats opened here for an account, hidden again on leaving /chat when still empty. */
  const temporary = useRef(new Set<string>());

  useEffect(() => {
    if (!targetId) return setTarget({ state: 'none' });
    let live = true;
    setTarget((now) => (now.state === 'ready' && now.chatId === targetId ? now : { state: 'resolving', id: targetId }));
    slice.resolveTarget(targetId).then(
      ({ chat, opened }) => {
        if (!live) return;
        if (opened) temporary.current.add(chat.id);
        setTarget({ state: 'ready', id: targetId, chatId: chat.id });
        // The address names the chat from now on (a reload, the list's current mark).
        if (chat.id !== targetId) navigate(`/chat/${encodeURIComponent(chat.id)}`, { replace: true });
      },
      (error: unknown) => live && setTarget({ state: 'error', id: targetId, error }),
    );
    return () => {
      live = false;
    };
  }, [slice, targetId, navigate]);

  useEffect(() => {
    const opened = temporary.current;
    return () => {
      for (const chatId of opened) void slice.discardIfEmpty(chatId).catch(() => undefined);
    };
  }, [slice]);

  const chatId = target.state === 'ready' ? target.chatId : undefined;
  const showList = wide || !targetId;
  const showConversation = wide || !!targetId;
  return (
    <div className={`t-chat-page${wide ? ' t-chat-page--wide' : ''}`}>
      <h1 className={wide || !targetId ? 'ts-page-title t-chat-page__title' : 'ts-visually-hidden'}>{t('chat.title')}</h1>
      <div className="t-chat-page__panes">
        {showList && (
          <nav className="t-chat-page__list" aria-label={t('chat.list.label')}>
            <ChatList selectedId={chatId} sortable />
          </nav>
        )}
        {showConversation && (
          <div className="t-chat-page__conversation">
            {target.state === 'none' ? (
              <p className="t-chat-page__choose">{t('chat.list.choose')}</p>
            ) : target.state === 'resolving' ? (
              <p role="status">{t('chat.conversation.opening')}</p>
            ) : target.state === 'error' ? (
              <div role="alert">
                <p>{t(chatErrorKey(target.error))}</p>
                <a href={`/app${LIST_PATH}`} onClick={(e) => (e.preventDefault(), navigate(LIST_PATH))}>
                  {t('chat.conversation.back')}
                </a>
              </div>
            ) : (
              <Conversation key={target.chatId} chatId={target.chatId} backPath={wide ? undefined : LIST_PATH} onHidden={() => navigate(LIST_PATH)} />
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** The shell's data layer (the one the realtime connection feeds). */
function useServicesLayer() {
  const store = useStore();
  const { api } = useServices();
  const session = useAtomValue(sessionAtom);
  return useMemo(() => webDataLayer(store, api, session?.user.accountId), [store, api, session?.user.accountId]);
}

/** The route's parameter as the id it names (wouter hands it over as it is in the address). */
function decoded(param: string | undefined): string | undefined {
  if (!param) return undefined;
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}

export default function ChatPage({ targetId: param }: { targetId?: string }) {
  const targetId = decoded(param);
  const t = useT();
  const store = useStore();
  const { api } = useServices();
  const [, navigate] = useLocation();
  const session = useAtomValue(sessionAtom);
  const settings = useAtomValue(settingsAtom);
  const locale = useAtomValue(localeAtom);
  const overrides = useAtomValue(i18nOverridesAtom);
  const shellCatalog = useAtomValue(shellCatalogAtom);
  const catalog = usePageCatalog(shellCatalog, locale);
  const translator = useMemo(() => catalog && createTranslator(catalog, locale, overrides), [catalog, locale, overrides]);
  const layer = useServicesLayer();
  const mediaToken = session?.user.imageAccessToken;
  const services = useMemo<EngineServices>(
    () => ({
      navigate: (path) => navigate(path),
      profileHref: (id) => profileHref(settings, id),
      mediaUrl: (options) => mediaUrl({ ...options, token: mediaToken, base: api.baseURL }),
    }),
    [navigate, settings, mediaToken, api],
  );
  if (!session || !translator)
    return (
      <p role="status" className="ts-page-loading">
        {t('shell.page.loading')}
      </p>
    );
  return (
    <EngineProvider registry={registry} blockComponents={blockComponents} store={store} translator={translator} services={services} user={session.user}>
      <DataLayerProvider value={layer}>
        <ChatScreen targetId={targetId} />
      </DataLayerProvider>
    </EngineProvider>
  );
}
