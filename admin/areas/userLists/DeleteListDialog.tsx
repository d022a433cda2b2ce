/** Asks before deleting a list; a refusal with 400 shows the server's reason, any other the generic delete-failed title and content (community §8). */
import { DialogButtons } from '../../core/DialogButtons';
import { useState } from 'react';
import type { UserListView } from '../../../schemas/model/api/lists';
import { Dialog } from '../../core/Dialog';
import { isBadRequest, type ListsApi, type ListsApiError } from '../../core/lists-api';
import { useAdminFrame } from '../../frame/frame-context';

type Failure = { kind: 'reason'; message: string } | { kind: 'generic' };

export function DeleteListDialog({ api, list, onClose, onDeleted }: { api: ListsApi; list: UserListView; onClose(): void; onDeleted(): void }) {
  const { services, t } = useAdminFrame();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const remove = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await api.deleteList(list.id);
      services.toast({ type: 'positive', message: t('adminAreas.lists.delete.done', { label: list.label }) });
      onDeleted();
    } catch (error) {
      const e = error as ListsApiError;
      setFailure(isBadRequest(e) && e.message ? { kind: 'reason', message: e.message } : { kind: 'generic' });
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('adminAreas.lists.delete.title', { label: list.label })}
      size="small"
      busy={busy}
      onClose={onClose}
      className="t-admin-area"
      description={t('adminAreas.lists.delete.body', { count: list.users })}
      actions={
        <DialogButtons
          busy={busy}
          onCancel={onClose}
          onConfirm={remove}
          cancelLabel={t('adminAreas.lists.form.cancel')}
          confirmLabel={t('adminAreas.lists.delete.confirm')}
          busyLabel={t('adminAreas.lists.delete.deleting')}
          styled
        />
      }
    >
      {failure && (
        <div role="alert" className="t-admin-notice--error">
          {failure.kind === 'reason' ? (
            <p>{failure.message}</p>
          ) : (
            <>
              <p>
                <strong>{t('adminAreas.lists.delete.failedTitle')}</strong>
              </p>
              <p>{t('adminAreas.lists.delete.failedContent')}</p>
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
