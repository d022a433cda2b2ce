/** Global CSS (core §6): one style sheet for every app; the server checks it and names what it refused. */
import { useCallback, useId, useState } from 'react';
import { GLOBAL_CSS_MAX } from '../../../engine/core/brand-theme';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import type { SettingsTabProps } from '.';
import { messageOf } from './settings-api';
import { SaveStatus, type SaveState } from './SaveState';

export function GlobalCssTab({ api, writable }: SettingsTabProps) {
  const loaded = useLoaded(useCallback(() => api.globalCss(), [api]));
  return (
    <>
      <LoadedStates loaded={loaded} keyPrefix="settingsAdmin.globalCss" isEmpty={() => false} />
      {loaded.status === 'ready' && <CssForm initial={loaded.value.css} api={api} writable={writable} />}
    </>
  );
}

function CssForm({ initial, api, writable }: SettingsTabProps & { initial: string }) {
  const { t } = useAdminFrame();
  const id = useId();
  const [css, setCss] = useState(initial);
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  return (
    <form
      className="t-settings-form"
      onSubmit={(e) => {
        e.preventDefault();
        setState({ status: 'saving' });
        api.saveGlobalCss(css).then(
          () => setState({ status: 'saved' }),
          (error: unknown) => setState({ status: 'error', message: messageOf(error) }),
        );
      }}
    >
      <label htmlFor={`${id}-css`}>{t('settingsAdmin.globalCss.label')}</label>
      <textarea
        id={`${id}-css`}
        className="ts-input t-settings-code"
        rows={16}
        spellCheck={false}
        maxLength={GLOBAL_CSS_MAX}
        readOnly={!writable}
        aria-describedby={`${id}-help`}
        value={css}
        onChange={(e) => setCss(e.target.value)}
      />
      <p id={`${id}-help`} className="t-settings-help">
        {t('settingsAdmin.globalCss.help')}
      </p>
      {writable && (
        <button type="submit" className="ts-button ts-button--primary" disabled={state.status === 'saving'}>
          {t('settingsAdmin.save')}
        </button>
      )}
      <SaveStatus state={state} />
    </form>
  );
}
