/**
 * The area `apps` (core §1, §7.2): the installable web app's name, description, colours (with the
 * brands tab's contrast rule as warnings), icons (192 and 512 px, uploaded through the files
 * domain), display mode, and when the member app offers to install it. Saved with PUT
 * settings/webApp; the served manifest is built from these settings on every fetch.
 */
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import type { WebAppSettings } from '../../../schemas/model';
import type { WebAppResponse } from '../../../schemas/model/api/apps';
import {
  installPromptSettingsOf,
  WEB_APP_DEFAULTS,
  WEB_APP_DISPLAY_MODES,
  WEB_APP_ICON_SIZES,
  WEB_APP_LIMITS,
  webAppContrastWarnings,
  webAppProblems,
  type WebAppIconSize,
} from '../../../engine/core/web-app';
import { readAsDataUrl } from '../../core/read-as-data-url';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import type { AdminAreaProps } from '../../frame/types';
import { messageOf } from '../settings/settings-api';
import { SaveStatus, useSaveRun, type SaveState } from '../settings/SaveState';
import { createAppsApi, type AppsApi } from './apps-api';
import '../../core/area.css';
import '../settings/settings.css';
import './apps.css';

export default function AppsArea(_props: AdminAreaProps) {
  const { services, t } = useAdminFrame();
  const api = useMemo(() => createAppsApi(services.request), [services.request]);
  const [version, setVersion] = useState(0);
  const loaded = useLoaded(
    useCallback(() => {
      void version;
      return api.webApp();
    }, [api, version]),
  );
  return (
    <div className="t-admin-area t-apps">
      <h1 className="ts-page-title">{t('adminAreas.areas.apps.title')}</h1>
      <p className="t-admin-intro">{t('appsAdmin.intro')}</p>
      <LoadedStates loaded={loaded} keyPrefix="appsAdmin" isEmpty={() => false} />
      {loaded.status === 'ready' && (
        <>
          <WebAppForm key={version} answer={loaded.value} api={api} />
          <Icons answer={loaded.value} api={api} onChanged={() => setVersion((n) => n + 1)} />
        </>
      )}
    </div>
  );
}

function WebAppForm({ answer, api }: { answer: WebAppResponse; api: AppsApi }) {
  const { t } = useAdminFrame();
  const id = useId();
  const stored = answer.settings;
  const prompt0 = installPromptSettingsOf(stored);
  const [s, setS] = useState<WebAppSettings>({
    name: stored.name ?? String(answer.manifest.name ?? ''),
    shortName: stored.shortName ?? String(answer.manifest.short_name ?? ''),
    description: stored.description ?? '',
    themeColour: stored.themeColour ?? WEB_APP_DEFAULTS.themeColour,
    backgroundColour: stored.backgroundColour ?? WEB_APP_DEFAULTS.backgroundColour,
    display: stored.display ?? WEB_APP_DEFAULTS.display,
    iconsMaskable: !!stored.iconsMaskable,
    installPrompt: prompt0,
  });
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  const set = (changes: Partial<WebAppSettings>) => setS((x) => ({ ...x, ...changes }));
  const setPrompt = (changes: Partial<NonNullable<WebAppSettings['installPrompt']>>) =>
    setS((x) => ({ ...x, installPrompt: { ...x.installPrompt, ...changes } }));
  const prompt = s.installPrompt ?? {};
  const warnings = webAppContrastWarnings(s);

  async function save(e: FormEvent) {
    e.preventDefault();
    const draft: WebAppSettings = { ...s, name: s.name?.trim(), shortName: s.shortName?.trim() };
    const problems = webAppProblems(draft);
    if (problems.length) return setState({ status: 'error', message: problems.join('; ') });
    setState({ status: 'saving' });
    try {
      const { icon192Id: _a, icon512Id: _b, ...changes } = draft;
      await api.save(changes);
      setState({ status: 'saved' });
    } catch (error) {
      setState({ status: 'error', message: messageOf(error) });
    }
  }

  const numberField = (key: 'afterVisits' | 'afterSeconds' | 'dismissCooldownDays') => (
    <div className="t-apps-field">
      <label htmlFor={`${id}-${key}`}>{t(`appsAdmin.prompt.${key}`)}</label>
      <input
        id={`${id}-${key}`}
        className="ts-input"
        type="number"
        min={0}
        max={WEB_APP_LIMITS[key]}
        step={1}
        required
        value={prompt[key] ?? 0}
        onChange={(e) => setPrompt({ [key]: e.target.valueAsNumber })}
      />
    </div>
  );

  return (
    <form className="t-settings-form t-apps-form" onSubmit={save}>
      <section aria-labelledby={`${id}-identity`}>
        <h2 id={`${id}-identity`}>{t('appsAdmin.identity')}</h2>
        <label htmlFor={`${id}-name`}>{t('appsAdmin.name')}</label>
        <input
          id={`${id}-name`}
          className="ts-input"
          required
          maxLength={WEB_APP_LIMITS.name}
          value={s.name}
          aria-describedby={`${id}-name-help`}
          onChange={(e) => set({ name: e.target.value })}
        />
        <p id={`${id}-name-help`} className="t-settings-help">
          {t('appsAdmin.nameHelp', { max: WEB_APP_LIMITS.name })}
        </p>
        <label htmlFor={`${id}-short`}>{t('appsAdmin.shortName')}</label>
        <input
          id={`${id}-short`}
          className="ts-input"
          required
          maxLength={WEB_APP_LIMITS.shortName}
          value={s.shortName}
          aria-describedby={`${id}-short-help`}
          onChange={(e) => set({ shortName: e.target.value })}
        />
        <p id={`${id}-short-help`} className="t-settings-help">
          {t('appsAdmin.shortNameHelp', { max: WEB_APP_LIMITS.shortName })}
        </p>
        <label htmlFor={`${id}-desc`}>{t('appsAdmin.description')}</label>
        <textarea
          id={`${id}-desc`}
          className="ts-input"
          rows={3}
          maxLength={WEB_APP_LIMITS.description}
          value={s.description}
          onChange={(e) => set({ description: e.target.value })}
        />
        <label htmlFor={`${id}-display`}>{t('appsAdmin.display')}</label>
        <select id={`${id}-display`} className="ts-input" value={s.display} onChange={(e) => set({ display: e.target.value })}>
          {WEB_APP_DISPLAY_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`appsAdmin.displayModes.${m}`)}
            </option>
          ))}
        </select>
      </section>
      <fieldset className="t-settings-colours">
        <legend>{t('appsAdmin.colours')}</legend>
        {(['themeColour', 'backgroundColour'] as const).map((k) => (
          <div key={k} className="t-settings-colour">
            <label htmlFor={`${id}-${k}`}>{t(`appsAdmin.${k}`)}</label>
            <input id={`${id}-${k}`} type="color" value={s[k]} onChange={(e) => set({ [k]: e.target.value })} />
            <code>{s[k]}</code>
          </div>
        ))}
      </fieldset>
      {warnings.length > 0 && (
        <ul className="t-settings-warnings" aria-label={t('appsAdmin.contrastTitle')}>
          {warnings.map((w) => (
            <li key={w.field}>{t('appsAdmin.contrast', { colour: t(`appsAdmin.${w.field}`), ratio: w.ratio })}</li>
          ))}
        </ul>
      )}
      <fieldset className="t-apps-prompt">
        <legend>{t('appsAdmin.prompt.title')}</legend>
        <label className="t-settings-check">
          <input type="checkbox" checked={!!prompt.enabled} onChange={(e) => setPrompt({ enabled: e.target.checked })} />
          {t('appsAdmin.prompt.enabled')}
        </label>
        {numberField('afterVisits')}
        {numberField('afterSeconds')}
        {numberField('dismissCooldownDays')}
      </fieldset>
      <label className="t-settings-check">
        <input type="checkbox" checked={!!s.iconsMaskable} onChange={(e) => set({ iconsMaskable: e.target.checked })} />
        {t('appsAdmin.maskable')}
      </label>
      <div>
        <button type="submit" className="ts-button ts-button--primary" disabled={state.status === 'saving'}>
          {t('appsAdmin.save')}
        </button>
      </div>
      <SaveStatus state={state} />
    </form>
  );
}

function Icons({ answer, api, onChanged }: { answer: WebAppResponse; api: AppsApi; onChanged(): void }) {
  const { t } = useAdminFrame();
  const id = useId();
  const { state, run } = useSaveRun(onChanged);
  const has = (size: WebAppIconSize) => !!(size === 192 ? answer.settings.icon192Id : answer.settings.icon512Id);
  return (
    <section aria-labelledby={`${id}-h`} className="t-apps-icons">
      <h2 id={`${id}-h`}>{t('appsAdmin.icons')}</h2>
      <p className="t-settings-help">{t('appsAdmin.iconsHelp')}</p>
      {WEB_APP_ICON_SIZES.map((size) => (
        <div key={size} className="t-settings-uploads">
          <label htmlFor={`${id}-${size}`}>{t('appsAdmin.icon', { size })}</label>
          <input
            id={`${id}-${size}`}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void run(async () => api.uploadIcon(size, await readAsDataUrl(file)));
            }}
          />
          <span className="t-settings-help">{has(size) ? t('appsAdmin.iconSet') : t('appsAdmin.iconNone')}</span>
          {has(size) && (
            <button type="button" className="ts-button" onClick={() => void run(() => api.removeIcon(size))}>
              {t('appsAdmin.iconRemove', { size })}
            </button>
          )}
        </div>
      ))}
      <SaveStatus state={state} />
    </section>
  );
}
