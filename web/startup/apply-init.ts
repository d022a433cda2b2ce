/** Writes a successful start-up into the store: session, settings, locale, overrides, structure, theme state, notification badges. */
import type { createStore } from 'jotai';
import { notFilterableAtom } from '../../engine/data/member-searches';
import { setNotificationCounts } from '../../engine/react/notification-state';
import { loadStructureAtom, moduleOrderAtom } from '../../engine/react/structure-store';
import type { Settings } from '../../schemas/model';
import type { AppInit } from '../api/init-adapter';
import { markPageLoadedAtom } from '../engine/page-content';
import { LOCALE_STORAGE_KEY } from '../i18n/choose-language';
import { i18nOverridesAtom, localeAtom, safeModeAtom, sessionAtom, settingsAtom, themeModeAtom, themeSelectableAtom } from '../shell/shell-state';
import type { ThemeAvailability } from '../theme/theme';

type Store = ReturnType<typeof createStore>;

/**
 * The locale is the account's (init answers in the language saved in its profile meta, else the
 * default), whatever this device chose before; the local copy follows it for the login screen.
 */
export function applyInit(store: Store, init: AppInit, settings: Settings, theme: ThemeAvailability, safeMode: boolean, storage: Storage): void {
  store.set(settingsAtom, settings);
  store.set(localeAtom, init.locale);
  storage.setItem(LOCALE_STORAGE_KEY, init.locale);
  store.set(i18nOverridesAtom, init.i18nOverrides);
  store.set(loadStructureAtom, { modules: init.modules, pages: init.pages, blocks: init.blocks, fields: init.fields });
  store.set(moduleOrderAtom, init.moduleOrder);
  if (init.openingPageId) store.set(markPageLoadedAtom, init.openingPageId);
  store.set(themeModeAtom, theme.mode);
  store.set(themeSelectableAtom, theme.selectable);
  store.set(safeModeAtom, safeMode);
  setNotificationCounts(store, init.notificationCounts);
  store.set(notFilterableAtom, init.notFilterable);
  store.set(sessionAtom, init);
}
