/** Light / dark / auto, shown only when theming is enabled and not locked. */
import { useAtom, useAtomValue } from 'jotai';
import { THEME_META_PATH } from '../../engine/core/theme-mode';
import { useT } from '../i18n/use-t';
import { useApi } from '../shell/services';
import { themeModeAtom, themeSelectableAtom } from '../shell/shell-state';
import { applyScheme, resolveScheme, THEME_MODE_KEY, type ThemeMode } from './theme';

const prefersDark = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;

export function ThemeSelector() {
  const t = useT();
  const api = useApi();
  const [mode, setMode] = useAtom(themeModeAtom);
  const selectable = useAtomValue(themeSelectableAtom);
  if (!selectable) return null;
  const choose = (next: ThemeMode) => {
    setMode(next);
    localStorage.setItem(THEME_MODE_KEY, next);
    applyScheme(document, resolveScheme(next, prefersDark()), localStorage);
    // Saved to the account too (profile meta settings.theme), so her other devices start in it; a failure shows the API client's toast.
    void api.post('profile/meta/upsert', { path: THEME_META_PATH, data: next }).catch(() => undefined);
  };
  return (
    <fieldset className="ts-theme-selector">
      <legend>{t('theme.label')}</legend>
      {(['light', 'dark', 'auto'] as const).map((m) => (
        <label key={m}>
          <input type="radio" name="ts-theme-mode" value={m} checked={mode === m} onChange={() => choose(m)} />
          {t(`theme.${m}`)}
        </label>
      ))}
    </fieldset>
  );
}
