/** The cancel and confirm buttons of an admin dialog: cancel disabled while busy, the confirm button showing its busy label. */
import { useAdmin } from './context';
import { DialogButtons } from './DialogButtons';

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
    <DialogButtons
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
      cancelLabel={cancelLabel ?? t('admin.common.cancel')}
      confirmLabel={confirmLabel ?? t('admin.common.save')}
      busyLabel={busyLabel ?? t('admin.common.saving')}
      disabled={disabled}
      autoFocusConfirm={autoFocusConfirm}
    />
  );
}
