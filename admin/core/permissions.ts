/**
 * Client-side permission checks of spec 6, for display only (the server enforces every write).
 * A check takes an action, a subject and an optional item id: an item grant wins, then the
 * user's permissions, then the base paths. Admins pass every check.
 */
import type { Id, ItemPermissions, PermissionMap } from '../../schemas/model';

export interface PermissionUser {
  isAdmin: boolean;
  isElevated?: boolean;
  permissions: PermissionMap;
  basePaths?: PermissionMap;
  /** Per-item grants by item id (modules, pages). */
  itemPermissions?: ItemPermissions;
}

export const ADMINISTRATION = 'administration';
export const MODULES_SUBJECT = 'items.modules';

export function can(user: PermissionUser | undefined, action: string, subject: string, itemId?: Id): boolean {
  if (!user) return false;
  if (user.isAdmin) return true;
  if (itemId !== undefined) {
    const item = user.itemPermissions?.[itemId]?.[action];
    if (item !== undefined) return item;
  }
  return user.permissions?.[subject]?.[action] ?? user.basePaths?.[subject]?.[action] ?? false;
}

/** Enter edit mode, add or move blocks. */
export const canManageEditMode = (u: PermissionUser | undefined) => can(u, 'manageEditMode', ADMINISTRATION);
/** Inline text editing. */
export const canManageTextEdit = (u: PermissionUser | undefined) => can(u, 'manageTextEdit', ADMINISTRATION);
export const canViewAs = (u: PermissionUser | undefined) => can(u, 'allowViewAs', ADMINISTRATION);
/** Debug info toggles only for those allowed: admins and elevated users. */
export const canToggleDebug = (u: PermissionUser | undefined) => Boolean(u?.isAdmin || u?.isElevated);
export const canAddModules = (u: PermissionUser | undefined) => can(u, 'addModules', MODULES_SUBJECT);
export const canMoveModules = (u: PermissionUser | undefined) => can(u, 'move', MODULES_SUBJECT);
/** Add-page button of a module. */
export const canAddPages = (u: PermissionUser | undefined, moduleId: Id) => can(u, 'addChildren', MODULES_SUBJECT, moduleId);
/** Drag to reorder a module's pages. */
export const canMovePages = (u: PermissionUser | undefined, moduleId: Id) => can(u, 'moveChildren', MODULES_SUBJECT, moduleId);

export type ItemSubject = 'items.modules' | 'pages';

/** The settings tabs of a module or page and the permission that opens each (spec 6). */
export const SETTINGS_TABS = [
  { tab: 'settings', permission: 'manageSettings' },
  { tab: 'visibility', permission: 'manageVisibility' },
  { tab: 'permissions', permission: 'managePermissions' },
  { tab: 'design', permission: 'manageDesign' },
  { tab: 'style', permission: 'manageCss' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['tab'];

export function settingsTabs(u: PermissionUser | undefined, subject: ItemSubject, itemId: Id): SettingsTab[] {
  return SETTINGS_TABS.filter(({ permission }) => can(u, permission, subject, itemId)).map(({ tab }) => tab);
}

/** The edit cog shows with at least one of managePermissions, manageSettings, manageVisibility on the item. */
export function canEditItem(u: PermissionUser | undefined, subject: ItemSubject, itemId: Id): boolean {
  return ['managePermissions', 'manageSettings', 'manageVisibility'].some((a) => can(u, a, subject, itemId));
}

/** Elevated users (and admins) may load item and user-list permissions. */
export const canLoadPermissions = (u: PermissionUser | undefined) => Boolean(u?.isAdmin || u?.isElevated);
