/**
 * The engine page's message catalogue: the shell's namespaces (already loaded) plus the page's
 * (engine/core/i18n/namespaces.ts), English always (the fallback) and the active locale's page
 * namespaces from their own chunk, loaded once when that locale is first used; plus the texts the
 * page's block chunks required (engine/core/i18n/text-sets.ts). The admin brings the whole
 * catalogue with its chunk (EnginePage uses it in edit mode).
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE } from '../../engine/core/constants';
import { localeChunkLoader, type Namespaces } from '../../engine/core/i18n/locale-chunks';
import { pageMessageLoaders, pageMessagesDefault } from '../../engine/core/i18n/page-messages.generated';
import { loadTextsFor, showLocale, subscribeTexts, textsVersion, withRequiredTexts } from '../../engine/core/i18n/text-sets';
import type { MessageCatalog } from '../../engine/core/i18n/translator';
import { ownValue } from '../../engine/core/own';

const loadLocale = localeChunkLoader(pageMessageLoaders);
const NO_CHUNK: Namespaces = {};

function catalogOf(shell: MessageCatalog, locale: string, page: Namespaces): MessageCatalog {
  return withRequiredTexts(
    {
      ...shell,
      [DEFAULT_LOCALE]: { ...shell[DEFAULT_LOCALE], ...pageMessagesDefault },
      ...(locale !== DEFAULT_LOCALE ? { [locale]: { ...ownValue(shell, locale), ...page } } : {}),
    },
    locale,
  );
}

/**
 * The catalogue for `locale`; undefined while its page namespaces (or a required set's) load. A
 * locale whose chunk fails to load reads English for the page's texts (the translator's fallback)
 * rather than never showing.
 */
export function usePageCatalog(shell: MessageCatalog, locale: string): MessageCatalog | undefined {
  // Set while rendering, so the blocks below load their texts' part for the locale shown.
  showLocale(locale);
  const texts = useSyncExternalStore(subscribeTexts, textsVersion);
  const textsReady = loadTextsFor(locale);
  const needsChunk = locale !== DEFAULT_LOCALE && !!ownValue(pageMessageLoaders, locale);
  const [state, setState] = useState<{ locale: string; page: Namespaces } | undefined>();
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
  const page = needsChunk ? (state?.locale === locale ? state.page : undefined) : NO_CHUNK;
  const catalog = useMemo(() => page && catalogOf(shell, locale, page), [shell, locale, page, texts]); // eslint-disable-line react-hooks/exhaustive-deps -- texts: the required sets changed
  return textsReady ? catalog : undefined;
}
