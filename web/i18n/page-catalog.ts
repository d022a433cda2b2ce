/**
 * The engine page's message catalogue: the shell's namespaces (already loaded) plus the page's
 * (engine/core/i18n/namespaces.ts), English always (the fallback) and the active locale's page
 * namespaces from their own chunk, loaded once when that locale is first used. The admin brings the
 * whole catalogue with its chunk (EnginePage uses it in edit mode).
 */
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_LOCALE } from '../../engine/core/constants';
import { pageMessageLoaders, pageMessagesDefault } from '../../engine/core/i18n/page-messages.generated';
import type { MessageCatalog } from '../../engine/core/i18n/translator';
import { ownValue } from '../../engine/core/own';
import { localeChunkLoader, type Namespaces } from './locale-chunks';

const loadLocale = localeChunkLoader(pageMessageLoaders);

function catalogOf(shell: MessageCatalog, locale: string, page: Namespaces): MessageCatalog {
  return {
    ...shell,
    [DEFAULT_LOCALE]: { ...shell[DEFAULT_LOCALE], ...pageMessagesDefault },
    ...(locale !== DEFAULT_LOCALE ? { [locale]: { ...ownValue(shell, locale), ...page } } : {}),
  };
}

/**
 * The catalogue for `locale`; undefined while its page namespaces load. A locale whose chunk fails
 * to load reads English for the page's texts (the translator's fallback) rather than never showing.
 */
export function usePageCatalog(shell: MessageCatalog, locale: string): MessageCatalog | undefined {
  const needsChunk = locale !== DEFAULT_LOCALE && !!ownValue(pageMessageLoaders, locale);
  const [state, setState] = useState<{ locale: string; page: Namespaces } | undefined>();
  const withoutChunk = useMemo(() => catalogOf(shell, locale, {}), [shell, locale]);
  useEffect(() => {
    if (!needsChunk) return;
    let live = true;
    loadLocale(locale).then(
      (page) => live && setState({ locale, page }),
      () => live && setState({ locale, page: {} }),
    );
    return () => {
      live = false;
    };
  }, [locale, needsChunk]);
  const page = state?.locale === locale ? state.page : undefined;
  const withChunk = useMemo(() => page && catalogOf(shell, locale, page), [shell, locale, page]);
  return needsChunk ? withChunk : withoutChunk;
}
