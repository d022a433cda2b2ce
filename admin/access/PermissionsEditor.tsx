/**
 * Per-item permissions: for each action, whether elevated users may do it on this item, or (left
 * out) whatever their base paths say. Admins always pass. Loads and saves through the API.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { Id } from '../../schemas/model';
import type { ItemPermissionGrants } from '../core/api';
import { Dialog } from '../core/Dialog';
import { errorMessage, useAdmin } from '../core/context';

export const ITEM_ACTIONS = [
  'read',
  'update',
  'addChildren',
  'moveChildren',
  'manageSettings',
  'manageVisibility',
  'managePermissions',
  'manageDesign',
  'manageCss',
] as const;

type Choice = 'inherit' | 'allow' | 'deny';
const choiceOf = (value: boolean | undefined): Choice => (value === undefined ? 'inherit' : value ? 'allow' : 'deny');

/** What the permissions form needs: the composer's admin, or the /admin frame's calls (the layouts area). */
export interface PermissionsFormServices {
  t(key: string, params?: Record<string, string | number>): string;
  load(itemId: Id): Promise<ItemPermissionGrants>;
  save(itemId: Id, grants: ItemPermissionGrants): Promise<ItemPermissionGrants>;
  notify(kind: 'positive', message: string): void;
}

export function PermissionsEditor({ itemId, onSaved, onCancel }: { itemId: Id; onSaved?(): void; onCancel?(): void }) {
  const admin = useAdmin();
  const services = useMemo<PermissionsFormServices>(
    () => ({
      t: admin.t,
      load: (id) => admin.api.getPermissions(id),
      save: (id, grants) => admin.api.setPermissions(id, grants),
      notify: (kind, message) => admin.notify(kind, message),
    }),
    [admin],
  );
  return <PermissionsForm services={services} itemId={itemId} onSaved={onSaved} onCancel={onCancel} />;
}

/** Each action Default (base paths), Allowed or Not allowed for elevated users on one item; loads, then saves through `services`. */
export function PermissionsForm({
  services,
  itemId,
  onSaved,
  onCancel,
}: {
  services: PermissionsFormServices;
  itemId: Id;
  onSaved?(): void;
  onCancel?(): void;
}) {
  const { t } = services;
  const idBase = useId();
  const [grants, setGrants] = useState<ItemPermissionGrants | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    services.load(itemId).then(
      (g) => live && setGrants(g),
      (e) => live && setError(t('admin.permissions.loadFailed', { message: errorMessage(e, t) })),
    );
    return () => {
      live = false;
    };
  }, [services, itemId, t]);

  const choose = (action: string, choice: Choice) =>
    setGrants((g) => {
      const { [action]: _old, ...rest } = g ?? {};
      return choice === 'inherit' ? rest : { ...rest, [action]: choice === 'allow' };
    });

  const save = async () => {
    if (!grants) return;
    setBusy(true);
    setError('');
    try {
      setGrants(await services.save(itemId, grants));
      services.notify('positive', t('admin.permissions.saved'));
      onSaved?.();
    } catch (e) {
      setError(t('admin.permissions.saveFailed', { message: errorMessage(e, t) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="t-admin-permissions">
      {error && (
        <p role="alert" className="t-admin-error">
          {error}
        </p>
      )}
      {!grants && !error && <p role="status">{t('admin.common.loading')}</p>}
      {grants &&
        ITEM_ACTIONS.map((action) => (
          <div key={action} className="t-admin-field">
            <label htmlFor={`${idBase}-${action}`}>{t(`admin.permissions.actions.${action}`)}</label>
            <select id={`${idBase}-${action}`} value={choiceOf(grants[action])} disabled={busy} onChange={(e) => choose(action, e.target.value as Choice)}>
              <option value="inherit">{t('admin.permissions.inherit')}</option>
              <option value="allow">{t('admin.permissions.allow')}</option>
              <option value="deny">{t('admin.permissions.deny')}</option>
            </select>
          </div>
        ))}
      <div className="t-dialog__actions">
        {onCancel && (
          <button type="button" onClick={onCancel} disabled={busy}>
            {t('admin.common.cancel')}
          </button>
        )}
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
