/** The language selector: shown only when more than one language is published. */
import { useAtom, useAtomValue } from 'jotai';
import { localeAtom, sessionAtom } from '../shell/shell-state';
import { useT } from './use-t';

export const LOCALE_STORAGE_KEY = 'tessera.locale';

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
  const [locale, setLocale] = useAtom(localeAtom);
  const published = session?.languages.published;
  if (!shouldShowLanguageSelector(published)) return null;
  return (
    <label className="ts-field">
      <span>{t('shell.languageSelector.label')}</span>
      <select
        value={locale}
        onChange={(e) => {
          setLocale(e.target.value);
          localStorage.setItem(LOCALE_STORAGE_KEY, e.target.value);
          document.documentElement.lang = e.target.value;
        }}
      >
        {published!.map((code) => (
          <option key={code} value={code} lang={code}>
            {NATIVE_NAMES[code] ?? code}
          </option>
        ))}
      </select>
    </label>
  );
}
