/** The outcome of a save under a form: the server's refusal as an alert, or a short success. */
import { useAdminFrame } from '../../frame/frame-context';

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
