/** The language selector: shown only when more than one language is published. */
import { useAtomValue, useStore } from 'jotai';
import { useApi } from '../shell/services';
import { localeAtom, sessionAtom } from '../shell/shell-state';
import { chooseLanguage } from './choose-language';
import { useT } from './use-t';

export function shouldShowLanguageSelector(published: string[] | undefined): boolean {
  return (published?.length ?? 0) > 1;
}

const NATIVE_NAMES: Record<string, string> = {
  en: 'English',
  fr: 'Français',
  cy: 'Cymraeg',
  et: 'Eesti',
  ms: 'Bahasa Melayu',
  de: 'Deutsch',
  zh: '中文',
  es: 'Español',
  ja: '日本語',
};

export function LanguageSelector() {
  const t = useT();
  const session = useAtomValue(sessionAtom);
  const store = useStore();
  const api = useApi();
  const locale = useAtomValue(localeAtom);
  const published = session?.languages.published;
  if (!shouldShowLanguageSelector(published)) return null;
  return (
    <label className="ts-field">
      <span>{t('shell.languageSelector.label')}</span>
      <select value={locale} onChange={(e) => void chooseLanguage(store, api, localStorage, e.target.value).catch(() => undefined)}>
        {published!.map((code) => (
          <option key={code} value={code} lang={code}>
            {NATIVE_NAMES[code] ?? code}
          </option>
        ))}
      </select>
    </label>
  );
}
