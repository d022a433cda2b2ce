/**
 * A list's permission toggles (community §6), each saved at once: admin mode (its accepted members
 * administer the list's own items), allow permissions, and one grant per admin area (the grant
 * that opens the area's own screen, engine/core ADMIN_AREAS) given to its members while allow
 * permissions is on.
 */
import { useMemo, useState } from 'react';
import { ADMIN_AREAS } from '../../../engine/core/admin-areas';
import type { UserListView } from '../../../schemas/model/api/lists';
import type { ListsApi, ListsApiError } from '../../core/lists-api';
import { Switch } from '../../core/membership/Switch';
import { useAdminFrame } from '../../frame/frame-context';

/** `<subject>.<action>` to the titles of the areas it opens. */
function areaGrants(t: (key: string) => string): { permission: string; label: string }[] {
  const byPermission = new Map<string, string[]>();
  for (const area of ADMIN_AREAS)
    for (const grant of area.routes[0].anyOf) {
      const key = `${grant.subject}.${grant.action}`;
      byPermission.set(key, [...(byPermission.get(key) ?? []), t(`adminAreas.areas.${area.area}.title`)]);
    }
  return [...byPermission].map(([permission, areas]) => ({ permission, label: areas.join(', ') }));
}

export function ListPermissions({ api, list, onChange }: { api: ListsApi; list: UserListView; onChange(list: UserListView): void }) {
  const { services, t } = useAdminFrame();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const grants = useMemo(() => areaGrants(t), [t]);

  const toggle = async (what: string, on: boolean, label: string) => {
    setBusy((s) => new Set(s).add(what));
    try {
      onChange(await api.toggle(list.id, what, on));
    } catch (error) {
      services.toast({ type: 'negative', message: t('adminAreas.lists.permissions.failed', { label, message: (error as ListsApiError).message }) });
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(what);
        return next;
      });
    }
  };

  return (
    <div className="t-membership-card t-list-permissions">
      <ul className="t-membership-hits">
        <li>
          <Switch
            label={t('adminAreas.lists.permissions.isAdmin')}
            on={list.isAdmin}
            busy={busy.has('isAdmin')}
            onToggle={() => void toggle('isAdmin', !list.isAdmin, t('adminAreas.lists.permissions.isAdmin'))}
          />
        </li>
        <li>
          <Switch
            label={t('adminAreas.lists.permissions.allow')}
            on={list.allowPermissions}
            busy={busy.has('allowPermissions')}
            onToggle={() => void toggle('allowPermissions', !list.allowPermissions, t('adminAreas.lists.permissions.allow'))}
          />
        </li>
      </ul>
      <fieldset className="t-list-permissions__grants" disabled={!list.allowPermissions}>
        <legend>{t('adminAreas.lists.permissions.grants')}</legend>
        {!list.allowPermissions && <p className="t-admin-meta">{t('adminAreas.lists.permissions.grantsOff')}</p>}
        <ul className="t-membership-hits">
          {grants.map(({ permission, label }) => {
            const on = list.permissions.includes(permission);
            const name = t('adminAreas.lists.permissions.grant', { areas: label });
            return (
              <li key={permission}>
                <Switch
                  label={name}
                  on={on}
                  busy={busy.has(permission)}
                  disabled={!list.allowPermissions}
                  onToggle={() => void toggle(permission, !on, name)}
                />
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}
