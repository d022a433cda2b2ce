/**
 * Pieces the data mappings area repeats: the confirmation that deletes a mapping or a rule set
 * (with its toast), the title input, and the checkboxes that pick lists. Keys come under the
 * caller's prefix, so each tab keeps its own words.
 */
import { useState } from 'react';
import { Dialog } from '../../core/Dialog';
import { DialogButtons } from '../../core/DialogButtons';
import { toAdminApiError } from '../../core/http-api';
import { useAdminFrame } from '../../frame/frame-context';

/**
 * Asks before deleting `item`; on confirm calls `remove`, toasts `<prefix>.deleted` (or
 * `<prefix>.deleteFailed` with the server's message) and, once deleted, calls `onDeleted`.
 */
export function DeleteDialog<T extends { id: string; title: string }>({
  item,
  keyPrefix,
  remove,
  onClose,
  onDeleted,
}: {
  item: T;
  keyPrefix: 'mappingsAdmin.list' | 'mappingsAdmin.ruleSets';
  remove(id: string): Promise<unknown>;
  onClose(): void;
  /** After the delete: the dialog closes itself first. */
  onDeleted(): void;
}) {
  const { t, services } = useAdminFrame();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await remove(item.id);
      services.toast({ type: 'positive', message: t(`${keyPrefix}.deleted`, { title: item.title }) });
      onClose();
      onDeleted();
    } catch (error) {
      services.toast({ type: 'negative', message: t(`${keyPrefix}.deleteFailed`, { message: toAdminApiError(error).message }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t(`${keyPrefix}.confirmTitle`, { title: item.title })}
      description={t(`${keyPrefix}.confirmText`)}
      size="small"
      busy={busy}
      onClose={onClose}
      actions={
        <DialogButtons
          styled
          busy={busy}
          onCancel={onClose}
          onConfirm={confirm}
          cancelLabel={t('mappingsAdmin.cancel')}
          confirmLabel={t(`${keyPrefix}.confirmDelete`)}
        />
      }
    >
      {null}
    </Dialog>
  );
}

/** The title input of a mapping or a rule set: required, 120 characters at most. */
export function TitleField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange(value: string): void }) {
  return (
    <div className="t-mappings__field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} maxLength={120} required onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** One checkbox a list, ticked when its id is in `chosen`. */
export function ListChecks({
  lists,
  chosen,
  onChange,
}: {
  lists: readonly { id: string; label: string }[];
  chosen: readonly string[];
  onChange(update: (all: string[]) => string[]): void;
}) {
  return (
    <>
      {lists.map((l) => (
        <label key={l.id} className="t-mappings__check">
          <input
            type="checkbox"
            checked={chosen.includes(l.id)}
            onChange={(e) => onChange((all) => (e.target.checked ? [...all, l.id] : all.filter((x) => x !== l.id)))}
          />
          {l.label}
        </label>
      ))}
    </>
  );
}
