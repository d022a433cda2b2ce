/** Writes a successful start-up into the store: session, settings, locale, overrides, structure, theme state. */
import type { createStore } from 'jotai';
import { loadStructureAtom, moduleOrderAtom } from '../../engine/react/structure-store';
import type { Settings } from '../../schemas/model';
import type { AppInit } from '../api/init-adapter';
import { markPageLoadedAtom } from '../engine/page-content';
import { LOCALE_STORAGE_KEY } from '../i18n/LanguageSelector';
import { i18nOverridesAtom, localeAtom, safeModeAtom, sessionAtom, settingsAtom, themeModeAtom, themeSelectableAtom } from '../shell/shell-state';
import type { ThemeAvailability } from '../theme/theme';

type Store = ReturnType<typeof createStore>;

/** The locale to use: the stored choice when it is published, else the server's. */
export function chooseLocale(init: AppInit, stored: string | null): string {
  return stored && init.languages.published.includes(stored) ? stored : init.locale;
}

export function applyInit(store: Store, init: AppInit, settings: Settings, theme: ThemeAvailability, safeMode: boolean, storage: Storage): void {
  store.set(settingsAtom, settings);
  store.set(localeAtom, chooseLocale(init, storage.getItem(LOCALE_STORAGE_KEY)));
  store.set(i18nOverridesAtom, init.i18nOverrides);
  store.set(loadStructureAtom, { modules: init.modules, pages: init.pages, blocks: init.blocks, fields: init.fields });
  store.set(moduleOrderAtom, init.moduleOrder);
  if (init.openingPageId) store.set(markPageLoadedAtom, init.openingPageId);
  store.set(themeModeAtom, theme.mode);
  store.set(themeSelectableAtom, theme.selectable);
  store.set(safeModeAtom, safeMode);
  store.set(sessionAtom, init);
}
