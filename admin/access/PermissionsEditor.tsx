/** Per-item permissions: for each action, the user lists (or everyone) allowed. Loads and saves through the API. */
import { useEffect, useState } from 'react';
import type { Id } from '../../schemas/model';
import type { ItemPermissionGrants, UserListSummary } from '../core/api';
import { Dialog } from '../core/Dialog';
import { errorMessage, useAdmin } from '../core/context';

export const ITEM_ACTIONS = ['read', 'update', 'addChildren', 'moveChildren', 'manageSettings', 'manageVisibility', 'managePermissions', 'manageDesign', 'manageCss'] as const;
export const EVERYONE = '*';

export function PermissionsEditor({ itemId, onSaved, onCancel }: { itemId: Id; onSaved?(): void; onCancel?(): void }) {
  const admin = useAdmin();
  const { t } = admin;
  const [grants, setGrants] = useState<ItemPermissionGrants | null>(null);
  const [lists, setLists] = useState<UserListSummary[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([admin.api.getPermissions(itemId), admin.api.listUserLists()]).then(
      ([g, l]) => {
        if (!live) return;
        setGrants(g);
        setLists(l);
      },
      (e) => live && setError(t('admin.permissions.loadFailed', { message: errorMessage(e, t) })),
    );
    return () => {
      live = false;
    };
  }, [admin.api, itemId, t]);

  const toggle = (action: string, listId: Id, on: boolean) =>
    setGrants((g) => {
      const current = g?.[action] ?? [];
      return { ...g, [action]: on ? [...current.filter((x) => x !== listId), listId] : current.filter((x) => x !== listId) };
    });

  const save = async () => {
    if (!grants) return;
    setBusy(true);
    setError('');
    try {
      setGrants(await admin.api.setPermissions(itemId, grants));
      admin.notify('positive', t('admin.permissions.saved'));
      onSaved?.();
    } catch (e) {
      setError(t('admin.permissions.saveFailed', { message: errorMessage(e, t) }));
    } finally {
      setBusy(false);
    }
  };

  const choices = [{ id: EVERYONE, name: t('admin.permissions.everyone') }, ...lists];
  return (
    <div className="t-admin-permissions">
      {error && <p role="alert" className="t-admin-error">{error}</p>}
      {!grants && !error && <p role="status">{t('admin.common.loading')}</p>}
      {grants &&
        ITEM_ACTIONS.map((action) => (
          <fieldset key={action}>
            <legend>{t(`admin.permissions.actions.${action}`)}</legend>
            {choices.map((list) => (
              <label key={list.id} className="t-admin-check">
                <input type="checkbox" checked={(grants[action] ?? []).includes(list.id)} disabled={busy} onChange={(e) => toggle(action, list.id, e.target.checked)} />
                {list.name}
              </label>
            ))}
          </fieldset>
        ))}
      <div className="t-dialog__actions">
        {onCancel && <button type="button" onClick={onCancel} disabled={busy}>{t('admin.common.cancel')}</button>}
        <button type="button" onClick={() => void save()} disabled={busy || !grants} aria-busy={busy}>
          {busy ? t('admin.common.saving') : t('admin.common.save')}
        </button>
      </div>
    </div>
  );
}

/** The permissions dialog of one item. */
export function PermissionsDialog({ itemId, name, onClose }: { itemId: Id; name: string; onClose(): void }) {
  const { t } = useAdmin();
  return (
    <Dialog title={t('admin.permissions.title', { name })} description={t('admin.permissions.description')} onClose={onClose}>
      <PermissionsEditor itemId={itemId} onSaved={onClose} onCancel={onClose} />
    </Dialog>
  );
}
