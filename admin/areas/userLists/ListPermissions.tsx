/**
 * A list's permission toggles (community §6), each saved at once: admin mode (its accepted members
 * administer the list's own items), allow permissions, and per admin area the grants that open its
 * own screen (engine/core ADMIN_AREAS), given to its members while allow permissions is on.
 */
import { useMemo, useState } from 'react';
import { ADMIN_AREAS } from '../../../engine/core/admin-areas';
import type { UserListView } from '../../../schemas/model/api/lists';
import type { ListsApi, ListsApiError } from '../../core/lists-api';
import { Switch } from '../../core/membership/Switch';
import { useAdminFrame } from '../../frame/frame-context';

/**
 * One switch per admin area: the grants of the area's own screen (`<subject>.<action>`), on when
 * all are given. Areas opened by the same grants share a switch; the dashboard is left out (any of
 * several other areas' grants opens it).
 */
function areaGrants(t: (key: string) => string): { key: string; permissions: string[]; label: string }[] {
  const byGrants = new Map<string, { permissions: string[]; areas: string[] }>();
  for (const area of ADMIN_AREAS) {
    if (area.area === 'dashboard') continue;
    const permissions = [...new Set(area.routes[0].anyOf.map((g) => `${g.subject}.${g.action}`))].sort();
    const key = permissions.join(' ');
    const entry = byGrants.get(key) ?? { permissions, areas: [] };
    entry.areas.push(t(`adminAreas.areas.${area.area}.title`));
    byGrants.set(key, entry);
  }
  return [...byGrants].map(([key, { permissions, areas }]) => ({ key, permissions, label: areas.join(', ') }));
}

export function ListPermissions({ api, list, onChange }: { api: ListsApi; list: UserListView; onChange(list: UserListView): void }) {
  const { services, t } = useAdminFrame();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const grants = useMemo(() => areaGrants(t), [t]);

  /** Sets each of `what` (isAdmin, allowPermissions or grants) to `on`, one call each. */
  const toggle = async (key: string, what: string[], on: boolean, label: string) => {
    setBusy((s) => new Set(s).add(key));
    try {
      for (const one of what) onChange(await api.toggle(list.id, one, on));
    } catch (error) {
      services.toast({ type: 'negative', message: t('adminAreas.lists.permissions.failed', { label, message: (error as ListsApiError).message }) });
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(key);
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
            onToggle={() => void toggle('isAdmin', ['isAdmin'], !list.isAdmin, t('adminAreas.lists.permissions.isAdmin'))}
          />
        </li>
        <li>
          <Switch
            label={t('adminAreas.lists.permissions.allow')}
            on={list.allowPermissions}
            busy={busy.has('allowPermissions')}
            onToggle={() => void toggle('allowPermissions', ['allowPermissions'], !list.allowPermissions, t('adminAreas.lists.permissions.allow'))}
          />
        </li>
      </ul>
      <fieldset className="t-list-permissions__grants" disabled={!list.allowPermissions}>
        <legend>{t('adminAreas.lists.permissions.grants')}</legend>
        {!list.allowPermissions && <p className="t-admin-meta">{t('adminAreas.lists.permissions.grantsOff')}</p>}
        <ul className="t-membership-hits">
          {grants.map(({ key, permissions, label }) => {
            const on = permissions.every((p) => list.permissions.includes(p));
            const name = t('adminAreas.lists.permissions.grant', { areas: label });
            const change = on ? permissions : permissions.filter((p) => !list.permissions.includes(p));
            return (
              <li key={key}>
                <Switch label={name} on={on} busy={busy.has(key)} disabled={!list.allowPermissions} onToggle={() => void toggle(key, change, !on, name)} />
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}
