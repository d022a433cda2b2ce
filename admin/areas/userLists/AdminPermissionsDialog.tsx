/**
 * "Edit all admin permissions" (core §2.6, §6; community §6): a list's admin mode, its
 * allow-permissions switch and every administration permission and admin-area grant as one grid
 * of checkboxes, saved in one call (PUT userLists/admin/{id}/permissions: all or nothing). What the
 * admin does not hold cannot be given (engine/core/admin-permissions.ts `ungrantable`, the rule the
 * server applies): such a box is disabled while off, and says why.
 */
import { useId, useMemo, useState } from 'react';
import { adminPermissionRows, ungrantable, type AdminPermissionRow, type ListAdminState } from '../../../engine/core/admin-permissions';
import type { UserListView } from '../../../schemas/model/api/lists';
import { Dialog } from '../../core/Dialog';
import { DialogButtons } from '../../core/DialogButtons';
import type { ListsApi, ListsApiError } from '../../core/lists-api';
import { useAdminFrame } from '../../frame/frame-context';
import type { Translate } from '../../frame/types';
import './admin-permissions.css';

export function rowLabel(row: AdminPermissionRow, t: Translate): string {
  if (row.administration) return t(`layoutsAdmin.adminPermissions.administration.${row.administration}`);
  return (row.areas ?? []).map((a) => t(`adminAreas.areas.${a}.title`)).join(', ');
}

export function AdminPermissionsDialog({
  api,
  list,
  onClose,
  onSaved,
}: {
  api: ListsApi;
  list: UserListView;
  onClose(): void;
  onSaved(list: UserListView): void;
}) {
  const { services, t } = useAdminFrame();
  const idBase = useId();
  const rows = useMemo(() => adminPermissionRows(), []);
  const before: ListAdminState = { isAdmin: list.isAdmin, allowPermissions: list.allowPermissions, permissions: list.permissions };
  const [state, setState] = useState<ListAdminState>(before);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const holder = services.holder;
  /** Whether turning this on would give what the admin does not hold (taking away is always possible). */
  const lacks = (next: ListAdminState) => ungrantable(holder, before, next).length > 0;
  const rowOn = (row: AdminPermissionRow) => row.permissions.every((p) => state.permissions.includes(p));
  const setRow = (row: AdminPermissionRow, on: boolean) =>
    setState((s) => ({
      ...s,
      permissions: on ? [...new Set([...s.permissions, ...row.permissions])].sort() : s.permissions.filter((p) => !row.permissions.includes(p)),
    }));
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      const saved = await api.setAdminPermissions(list.id, { ...state, permissions: [...state.permissions] });
      services.toast({ type: 'positive', message: t('layoutsAdmin.adminPermissions.saved', { label: list.label }) });
      onSaved(saved);
    } catch (e) {
      setError((e as ListsApiError).message);
      setBusy(false);
    }
  };
  const adminModeLocked = !state.isAdmin && lacks({ ...state, isAdmin: true });
  return (
    <Dialog
      title={t('layoutsAdmin.adminPermissions.title', { label: list.label })}
      size="large"
      busy={busy}
      onClose={onClose}
      className="t-admin-area"
      description={t('layoutsAdmin.adminPermissions.intro')}
      actions={
        <DialogButtons
          busy={busy}
          onCancel={onClose}
          onConfirm={save}
          cancelLabel={t('layoutsAdmin.adminPermissions.cancel')}
          confirmLabel={t('layoutsAdmin.adminPermissions.save')}
          busyLabel={t('layoutsAdmin.adminPermissions.saving')}
          styled
        />
      }
    >
      {error && (
        <p role="alert" className="t-admin-notice--error">
          {t('layoutsAdmin.adminPermissions.failed', { message: error })}
        </p>
      )}
      <fieldset className="t-admin-permissions__list">
        <legend>{t('layoutsAdmin.adminPermissions.list')}</legend>
        <label className="t-admin-permissions__check">
          <input
            type="checkbox"
            checked={state.isAdmin}
            disabled={adminModeLocked}
            aria-describedby={adminModeLocked ? `${idBase}-admin-locked` : undefined}
            onChange={(e) => setState((s) => ({ ...s, isAdmin: e.target.checked }))}
          />
          {t('adminAreas.lists.permissions.isAdmin')}
        </label>
        {adminModeLocked && (
          <p id={`${idBase}-admin-locked`} className="t-admin-meta">
            {t('layoutsAdmin.adminPermissions.adminOnly')}
          </p>
        )}
        <label className="t-admin-permissions__check">
          <input type="checkbox" checked={state.allowPermissions} onChange={(e) => setState((s) => ({ ...s, allowPermissions: e.target.checked }))} />
          {t('adminAreas.lists.permissions.allow')}
        </label>
      </fieldset>
      {!state.allowPermissions && <p className="t-admin-meta">{t('adminAreas.lists.permissions.grantsOff')}</p>}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is reachable by keyboard */}
      <div className="t-admin-table-scroll" tabIndex={0} role="region" aria-label={t('layoutsAdmin.adminPermissions.grid')}>
        <table className="t-admin-table">
          <caption>{t('layoutsAdmin.adminPermissions.grid')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('layoutsAdmin.adminPermissions.columns.granted')}</th>
              <th scope="col">{t('layoutsAdmin.adminPermissions.columns.what')}</th>
              <th scope="col">{t('layoutsAdmin.adminPermissions.columns.grants')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const on = rowOn(row);
              const locked = !on && lacks({ ...state, permissions: [...new Set([...state.permissions, ...row.permissions])] });
              const boxId = `${idBase}-row-${i}`;
              return (
                <tr key={row.key}>
                  <td>
                    <input
                      id={boxId}
                      type="checkbox"
                      checked={on}
                      disabled={locked}
                      aria-describedby={locked ? `${boxId}-locked` : undefined}
                      onChange={(e) => setRow(row, e.target.checked)}
                    />
                  </td>
                  <th scope="row">
                    <label htmlFor={boxId}>{rowLabel(row, t)}</label>
                    {locked && (
                      <p id={`${boxId}-locked`} className="t-admin-meta">
                        {t('layoutsAdmin.adminPermissions.notHeld')}
                      </p>
                    )}
                  </th>
                  <td>
                    <code>{row.permissions.join(', ')}</code>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Dialog>
  );
}
