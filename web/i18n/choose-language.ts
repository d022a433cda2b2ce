/**
 * The member's language choice (spec core §3): saved to the account's profile meta `language`,
 * which init reads on any device, and kept in local storage for the login screen, which has no
 * account yet. The app's `lang` attribute follows the locale atom (App.tsx).
 */
import type { createStore } from 'jotai';
import type { ApiClient } from '../api/client';
import { localeAtom } from '../shell/shell-state';

type Store = ReturnType<typeof createStore>;

export const LOCALE_STORAGE_KEY = 'tessera.locale';

/** Shows the language at once and saves it; the promise settles when the account has it (a failure shows the API client's toast). */
export function chooseLanguage(store: Store, api: Pick<ApiClient, 'post'>, storage: Storage, code: string): Promise<unknown> {
  store.set(localeAtom, code);
  storage.setItem(LOCALE_STORAGE_KEY, code);
  return api.post('profile/meta/upsert', { path: 'language', data: code });
}
