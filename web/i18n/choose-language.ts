/**
 * The member's language choice (spec core §3): saved to the account's profile meta `language`,
 * which init reads on any device, and kept in local storage for the login screen, which has no
 * account yet. The app's `lang` attribute follows the locale atom (App.tsx).
 */
import type { createStore } from 'jotai';
import type { ApiClient } from '../api/client';
import { i18nOverridesAtom, localeAtom, shellCatalogAtom } from '../shell/shell-state';
import { loadShellMessages } from './shell-messages';

type Store = ReturnType<typeof createStore>;

export const LOCALE_STORAGE_KEY = 'tessera.locale';

/**
 * Puts the shell's texts of `locale` into the shell catalogue (their own chunk, for any locale but
 * English), so the locale shows with its texts and no flash of English. A failed load leaves
 * English (the translator's fallback).
 */
export async function loadShellTexts(store: Store, locale: string): Promise<void> {
  const messages = await loadShellMessages(locale).catch(() => ({}));
  if (Object.keys(messages).length > 0 && !store.get(shellCatalogAtom)[locale]) store.set(shellCatalogAtom, (catalog) => ({ ...catalog, [locale]: messages }));
}

/**
 * Shows the language as soon as its shell texts and the site's overrides for it (inline-edited
 * labels, content translations) are there, and saves it; the promise settles when the account has
 * it (a failure shows the API client's toast; failed overrides leave none, the stored texts show).
 */
export async function chooseLanguage(store: Store, api: Pick<ApiClient, 'post' | 'get'>, storage: Storage, code: string): Promise<unknown> {
  const [, overrides] = await Promise.all([
    loadShellTexts(store, code),
    api.get<Record<string, string>>(`i18n/${encodeURIComponent(code)}`).catch(() => ({}) as Record<string, string>),
  ]);
  store.set(i18nOverridesAtom, overrides && typeof overrides === 'object' ? overrides : {});
  store.set(localeAtom, code);
  storage.setItem(LOCALE_STORAGE_KEY, code);
  return api.post('profile/meta/upsert', { path: 'language', data: code });
}
