/**
 * A dialog's cancel and confirm buttons, with the words given: cancel disabled while busy, the
 * confirm button marked busy and showing `busyLabel` meanwhile. `styled` gives them the frame's
 * button styles (the /admin areas); the composer's dialogs use their own (DialogActions).
 */
export interface DialogButtonsProps {
  busy: boolean;
  onCancel(): void;
  onConfirm(): void | Promise<void>;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel?: string;
  /** The confirm button is off (nothing chosen yet). */
  disabled?: boolean;
  autoFocusConfirm?: boolean;
  styled?: boolean;
}

export function DialogButtons({ busy, onCancel, onConfirm, cancelLabel, confirmLabel, busyLabel, disabled, autoFocusConfirm, styled }: DialogButtonsProps) {
  return (
    <>
      <button type="button" className={styled ? 'ts-button' : undefined} disabled={busy} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button
        type="button"
        className={styled ? 'ts-button ts-button--primary' : undefined}
        disabled={busy || disabled}
        aria-busy={busy || undefined}
        autoFocus={autoFocusConfirm}
        onClick={() => void onConfirm()}
      >
        {busy && busyLabel ? busyLabel : confirmLabel}
      </button>
    </>
  );
}
