/** Site name, default language, theme mode enabled, key aliases (one `alias = key` a line). */
import { useCallback, useId, useState, type FormEvent } from 'react';
import type { Settings } from '../../../schemas/model';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import type { SettingsTabProps } from '.';
import { messageOf } from './settings-api';
import { SaveStatus, type SaveState } from './SaveState';

const aliasesText = (s: Settings) =>
  Object.entries(s.keyAliases?.aliases ?? {})
    .map(([a, k]) => `${a} = ${k}`)
    .join('\n');

export function GeneralTab({ api, writable }: SettingsTabProps) {
  const loaded = useLoaded(useCallback(() => api.settings(), [api]));
  return (
    <>
      <LoadedStates loaded={loaded} keyPrefix="settingsAdmin.general" isEmpty={() => false} />
      {loaded.status === 'ready' && <GeneralForm settings={loaded.value} api={api} writable={writable} />}
    </>
  );
}

function GeneralForm({ settings, api, writable }: SettingsTabProps & { settings: Settings }) {
  const { t } = useAdminFrame();
  const id = useId();
  const [siteName, setSiteName] = useState(settings.siteName ?? '');
  const [language, setLanguage] = useState(settings.languages?.default ?? 'en');
  const [themeMode, setThemeMode] = useState(!!settings.themeModeEnabled);
  const [aliases, setAliases] = useState(aliasesText(settings));
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const languages = [...new Set([settings.languages?.default ?? 'en', ...(settings.languages?.published ?? []), ...(settings.languages?.enabled ?? [])])];

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed: Record<string, string> = {};
    for (const [n, line] of aliases.split('\n').entries()) {
      if (!line.trim()) continue;
      const m = /^\s*([\w.-]+)\s*=\s*([\w.-]+)\s*$/.exec(line);
      if (!m) return setState({ status: 'error', message: t('settingsAdmin.general.badAlias', { line: n + 1 }) });
      parsed[m[1]] = m[2];
    }
    setState({ status: 'saving' });
    try {
      await api.saveGeneral({ siteName: siteName.trim(), themeModeEnabled: themeMode });
      await api.saveSection('languages', { default: language });
      await api.saveSectionReplacing('keyAliases', { aliases: parsed }, ['aliases']);
      setState({ status: 'saved' });
    } catch (error) {
      setState({ status: 'error', message: messageOf(error) });
    }
  }

  return (
    <form className="t-settings-form" onSubmit={save}>
      <fieldset disabled={!writable}>
        <label htmlFor={`${id}-name`}>{t('settingsAdmin.general.siteName')}</label>
        <input id={`${id}-name`} className="ts-input" required maxLength={200} value={siteName} onChange={(e) => setSiteName(e.target.value)} />
        <label htmlFor={`${id}-lang`}>{t('settingsAdmin.general.defaultLanguage')}</label>
        <select id={`${id}-lang`} className="ts-input" value={language} onChange={(e) => setLanguage(e.target.value)}>
          {languages.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
        <label className="t-settings-check">
          <input type="checkbox" checked={themeMode} onChange={(e) => setThemeMode(e.target.checked)} />
          {t('settingsAdmin.general.themeModeEnabled')}
        </label>
        <label htmlFor={`${id}-aliases`}>{t('settingsAdmin.general.keyAliases')}</label>
        <textarea
          id={`${id}-aliases`}
          className="ts-input"
          rows={5}
          value={aliases}
          aria-describedby={`${id}-aliases-help`}
          onChange={(e) => setAliases(e.target.value)}
        />
        <p id={`${id}-aliases-help`} className="t-settings-help">
          {t('settingsAdmin.general.keyAliasesHelp')}
        </p>
        <button type="submit" className="ts-button ts-button--primary" disabled={state.status === 'saving'}>
          {t('settingsAdmin.save')}
        </button>
      </fieldset>
      <SaveStatus state={state} />
    </form>
  );
}
