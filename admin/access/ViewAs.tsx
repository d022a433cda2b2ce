/** View-as (community spec 6): the dialog to see the site as members of chosen lists, and the reset bar shown while viewing as. */
import { useEffect, useState } from 'react';
import type { Id } from '../../schemas/model';
import type { UserListSummary } from '../core/api';
import { Dialog } from '../core/Dialog';
import { DialogActions } from '../core/DialogActions';
import { errorMessage, useAdmin } from '../core/context';

export function ViewAsDialog({ current, onClose, onChanged }: { current: Id[]; onClose(): void; onChanged(listIds: Id[]): void }) {
  const admin = useAdmin();
  const { t } = admin;
  const [lists, setLists] = useState<UserListSummary[] | null>(null);
  const [chosen, setChosen] = useState<Id[]>(current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    admin.api.listUserLists().then(
      (l) => live && setLists(l),
      (e) => live && setError(errorMessage(e, t)),
    );
    return () => {
      live = false;
    };
  }, [admin.api, t]);

  const apply = async () => {
    if (chosen.length === 0) {
      setError(t('admin.viewAs.noneChosen'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await admin.api.viewAs(chosen);
      onChanged(chosen);
      onClose();
    } catch {
      setBusy(false);
      admin.notify('negative', t('admin.viewAs.failed'));
      setError(t('admin.viewAs.failed'));
    }
  };

  return (
    <Dialog
      title={t('admin.viewAs.title')}
      description={t('admin.viewAs.description')}
      onClose={onClose}
      busy={busy}
      size="small"
      actions={
        <DialogActions
          busy={busy}
          onCancel={onClose}
          onConfirm={apply}
          disabled={!lists}
          confirmLabel={t('admin.viewAs.apply')}
          busyLabel={t('admin.common.loading')}
        />
      }
    >
      {error && (
        <p role="alert" className="t-admin-error">
          {error}
        </p>
      )}
      {!lists ? (
        !error && <p role="status">{t('admin.common.loading')}</p>
      ) : (
        <fieldset>
          <legend>{t('admin.viewAs.lists')}</legend>
          {lists.map((l) => (
            <label key={l.id} className="t-admin-check">
              <input
                type="checkbox"
                checked={chosen.includes(l.id)}
                onChange={(e) => setChosen((c) => (e.target.checked ? [...c, l.id] : c.filter((x) => x !== l.id)))}
              />
              {l.name}
            </label>
          ))}
        </fieldset>
      )}
    </Dialog>
  );
}
