/**
 * A user list's administration permissions as one grid (core §2.6 "edit all admin permissions",
 * §6; community §6): the administration permissions of spec 6 and, per admin area, the grants
 * that open its own screen (ADMIN_AREAS), each stored on the list as `<subject>.<action>`. And
 * the one rule of saving them all at once: nobody grants what they do not hold. Pure: the server
 * refuses with it, the dialog greys out with it.
 */
import { ADMIN_AREAS, type AdminAreaName } from './admin-areas';
import { can, SUBJECTS, type PermissionHolder } from './permissions';

/** Administration permissions of spec core 6 (and showAdminPreferences, which it names in its table). */
export const ADMINISTRATION_PERMISSIONS = [
  'managePermissions',
  'allowViewAs',
  'manageEditMode',
  'manageTextEdit',
  'showAdminNotifications',
  'showAdminPreferences',
  'viewDashboardPage',
] as const;

export interface AdminPermissionRow {
  /** Stable key: the permissions joined. */
  key: string;
  /** `<subject>.<action>` strings the row turns on or off together. */
  permissions: string[];
  /** An administration permission's action, or the admin areas the grants open. */
  administration?: (typeof ADMINISTRATION_PERMISSIONS)[number];
  areas?: AdminAreaName[];
}

const SUBJECT_NAMES: ReadonlySet<string> = new Set(Object.values(SUBJECTS));
const ACTION = /^[A-Za-z][A-Za-z0-9]{0,59}$/;

/** `<subject>.<action>` split, or undefined when it names no known subject or a malformed action. */
export function parsePermission(permission: string): { subject: string; action: string } | undefined {
  const dot = permission.lastIndexOf('.');
  const subject = permission.slice(0, dot);
  const action = permission.slice(dot + 1);
  return dot > 0 && SUBJECT_NAMES.has(subject) && ACTION.test(action) ? { subject, action } : undefined;
}

/**
 * The grid's rows: the administration permissions, then one row per group of admin areas opened
 * by the same grants (the dashboard is left out: any of several other areas' grants opens it).
 */
export function adminPermissionRows(): AdminPermissionRow[] {
  const rows: AdminPermissionRow[] = ADMINISTRATION_PERMISSIONS.map((action) => ({
    key: `${SUBJECTS.administration}.${action}`,
    permissions: [`${SUBJECTS.administration}.${action}`],
    administration: action,
  }));
  const byGrants = new Map<string, AdminPermissionRow>();
  for (const area of ADMIN_AREAS) {
    if (area.area === 'dashboard') continue;
    const permissions = [...new Set(area.routes[0].anyOf.map((g) => `${g.subject}.${g.action}`))].sort();
    const key = permissions.join(' ');
    const row = byGrants.get(key) ?? { key, permissions, areas: [] };
    row.areas!.push(area.area);
    byGrants.set(key, row);
  }
  return [...rows, ...byGrants.values()];
}

export interface ListAdminState {
  isAdmin: boolean;
  allowPermissions: boolean;
  permissions: readonly string[];
}

/**
 * What `holder` may not grant in going from `before` to `after`: admin mode turned on (it makes the
 * list's members admins) unless the holder is an admin, and every permission added that the
 * holder does not hold. Taking away is never refused here (managePermissions on the list decides).
 */
export function ungrantable(holder: PermissionHolder | undefined, before: ListAdminState, after: ListAdminState): string[] {
  const out: string[] = [];
  if (after.isAdmin && !before.isAdmin && !holder?.isAdmin) out.push('isAdmin');
  for (const p of after.permissions) {
    if (before.permissions.includes(p)) continue;
    const parsed = parsePermission(p);
    if (!parsed || !can(holder, parsed.action, parsed.subject)) out.push(p);
  }
  return out;
}
