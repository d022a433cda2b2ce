/** Secrets (`settings/secret/{name}`, admins): names with set or not set; a new value typed in a password field, sent, never shown. */
import { useCallback, useId, useState, type FormEvent } from 'react';
import { LoadedStates, useLoaded } from '../../core/use-loaded';
import { useAdminFrame } from '../../frame/frame-context';
import type { SettingsTabProps } from '.';
import { messageOf } from './settings-api';
import { SaveStatus, type SaveState } from './SaveState';

export function SecretsTab({ api, writable }: SettingsTabProps) {
  const { t } = useAdminFrame();
  const id = useId();
  const [version, setVersion] = useState(0);
  const loaded = useLoaded(
    useCallback(() => {
      void version;
      return api.secrets();
    }, [api, version]),
  );
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [state, setState] = useState<SaveState>({ status: 'idle' });

  async function save(e: FormEvent) {
    e.preventDefault();
    setState({ status: 'saving' });
    try {
      await api.setSecret(name.trim(), value);
      setValue('');
      setState({ status: 'saved' });
      setVersion((n) => n + 1);
    } catch (error) {
      setState({ status: 'error', message: messageOf(error) });
    }
  }

  return (
    <>
      <LoadedStates loaded={loaded} keyPrefix="settingsAdmin.secrets" isEmpty={(s) => !s.length} />
      {loaded.status === 'ready' && loaded.value.length > 0 && (
        <ul className="t-settings-secrets" aria-label={t('settingsAdmin.secrets.list')}>
          {loaded.value.map((s) => (
            <li key={s.name}>
              <button type="button" className="ts-button ts-button--link" onClick={() => setName(s.name)}>
                {s.name}
              </button>{' '}
              <span className="t-settings-badge">{s.set ? t('settingsAdmin.secrets.set') : t('settingsAdmin.secrets.notSet')}</span>
            </li>
          ))}
        </ul>
      )}
      {writable && (
        <form className="t-settings-form" onSubmit={save} autoComplete="off">
          <label htmlFor={`${id}-name`}>{t('settingsAdmin.secrets.name')}</label>
          <input
            id={`${id}-name`}
            className="ts-input"
            required
            maxLength={100}
            pattern="[A-Za-z][A-Za-z0-9_.\-]*"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <label htmlFor={`${id}-value`}>{t('settingsAdmin.secrets.value')}</label>
          <input
            id={`${id}-value`}
            type="password"
            className="ts-input"
            required
            maxLength={10000}
            autoComplete="new-password"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <button type="submit" className="ts-button ts-button--primary" disabled={state.status === 'saving'}>
            {t('settingsAdmin.secrets.save')}
          </button>
          <SaveStatus state={state} />
        </form>
      )}
    </>
  );
}
