/** The cancel and confirm buttons of an admin dialog: cancel disabled while busy, the confirm button showing its busy label. */
import { useAdmin } from './context';

export interface DialogActionsProps {
  busy: boolean;
  onCancel(): void;
  onConfirm(): void | Promise<void>;
  /** Confirm label; "Save" by default. */
  confirmLabel?: string;
  /** Label while busy; "Saving…" by default. */
  busyLabel?: string;
  cancelLabel?: string;
  disabled?: boolean;
  autoFocusConfirm?: boolean;
}

export function DialogActions({ busy, onCancel, onConfirm, confirmLabel, busyLabel, cancelLabel, disabled, autoFocusConfirm }: DialogActionsProps) {
  const { t } = useAdmin();
  return (
    <>
      <button type="button" onClick={onCancel} disabled={busy}>
        {cancelLabel ?? t('admin.common.cancel')}
      </button>
      <button type="button" onClick={() => void onConfirm()} disabled={busy || disabled} aria-busy={busy} autoFocus={autoFocusConfirm}>
        {busy ? (busyLabel ?? t('admin.common.saving')) : (confirmLabel ?? t('admin.common.save'))}
      </button>
    </>
  );
}
