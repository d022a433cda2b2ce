/**
 * The engine page's message catalogue: the shell's namespaces (already loaded) plus the page's
 * (engine/core/i18n/namespaces.ts), English always (the fallback) and the active locale's page
 * namespaces from their own chunk, loaded once when that locale is first used. The admin brings the
 * whole catalogue with its chunk (EnginePage uses it in edit mode).
 */
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_LOCALE } from '../../engine/core/constants';
import { pageMessageLoaders, pageMessagesDefault } from '../../engine/core/i18n/page-messages.generated';
import type { MessageCatalog, MessageTree } from '../../engine/core/i18n/translator';
import { ownValue } from '../../engine/core/own';
import { shellMessages } from './shell-messages';

type Namespaces = Record<string, MessageTree>;
const loaded = new Map<string, Promise<Namespaces>>();

function loadLocale(locale: string): Promise<Namespaces> {
  const loader = ownValue(pageMessageLoaders, locale);
  if (!loader) return Promise.resolve({});
  let pending = loaded.get(locale);
  if (!pending) {
    pending = loader().catch((error: unknown) => {
      loaded.delete(locale); // a failed chunk load is retried on the next use
      throw error;
    });
    loaded.set(locale, pending);
  }
  return pending;
}

function catalogOf(locale: string, page: Namespaces): MessageCatalog {
  return {
    ...shellMessages,
    [DEFAULT_LOCALE]: { ...shellMessages[DEFAULT_LOCALE], ...pageMessagesDefault },
    ...(locale !== DEFAULT_LOCALE ? { [locale]: { ...ownValue(shellMessages, locale), ...page } } : {}),
  };
}

/**
 * The catalogue for `locale`; undefined while its page namespaces load. A locale whose chunk fails
 * to load reads English for the page's texts (the translator's fallback) rather than never showing.
 */
export function usePageCatalog(locale: string): MessageCatalog | undefined {
  const needsChunk = locale !== DEFAULT_LOCALE && !!ownValue(pageMessageLoaders, locale);
  const [state, setState] = useState<{ locale: string; catalog: MessageCatalog } | undefined>();
  const withoutChunk = useMemo(() => catalogOf(locale, {}), [locale]);
  useEffect(() => {
    if (!needsChunk) return;
    let live = true;
    loadLocale(locale).then(
      (page) => live && setState({ locale, catalog: catalogOf(locale, page) }),
      () => live && setState({ locale, catalog: catalogOf(locale, {}) }),
    );
    return () => {
      live = false;
    };
  }, [locale, needsChunk]);
  if (!needsChunk) return withoutChunk;
  return state?.locale === locale ? state.catalog : undefined;
}
