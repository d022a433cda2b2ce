/** The outcome of a save under a form: the server's refusal as an alert, or a short success. */
import { useState } from 'react';
import { useAdminFrame } from '../../frame/frame-context';
import { messageOf } from './settings-api';

export type SaveState = { status: 'idle' | 'saving' | 'saved' } | { status: 'error'; message: string };

export function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useAdminFrame();
  if (state.status === 'error')
    return (
      <p role="alert" className="t-admin-notice--error">
        {t('settingsAdmin.saveFailed', { message: state.message })}
      </p>
    );
  return <p role="status">{state.status === 'saved' ? t('settingsAdmin.saved') : ''}</p>;
}

/** A save's state and `run`, which saves through `action` and calls `onChanged` once it is done. */
export function useSaveRun(onChanged: () => void) {
  const [state, setState] = useState<SaveState>({ status: 'idle' });
  async function run(action: () => Promise<unknown>) {
    setState({ status: 'saving' });
    try {
      await action();
      setState({ status: 'saved' });
      onChanged();
    } catch (error) {
      setState({ status: 'error', message: messageOf(error) });
    }
  }
  return { state, run };
}
