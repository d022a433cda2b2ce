/**
 * What the admin shows, by the permission rules of spec 6 in engine/core/permissions (the same
 * rules the server enforces, so a button shows exactly when the call behind it is allowed).
 */
import { can, canAdminister, isStaff, SUBJECTS, type PermissionHolder } from '../../engine/core/permissions';
import type { Id } from '../../schemas/model';

export { can, canEditItem, settingsTabs, SETTINGS_TABS, type ItemSubject, type SettingsTab } from '../../engine/core/permissions';
export type PermissionUser = PermissionHolder;

export const ADMINISTRATION = SUBJECTS.administration;
export const MODULES_SUBJECT = SUBJECTS.modules;
export const PAGES_SUBJECT = SUBJECTS.pages;

/** Enter edit mode, add or move blocks. */
export const canManageEditMode = (u: PermissionUser | undefined) => canAdminister(u, 'manageEditMode');
/** Inline text editing. */
export const canManageTextEdit = (u: PermissionUser | undefined) => canAdminister(u, 'manageTextEdit');
export const canViewAs = (u: PermissionUser | undefined) => canAdminister(u, 'allowViewAs');
/** Debug info toggles only for those allowed: admins and elevated users. */
export const canToggleDebug = (u: PermissionUser | undefined) => isStaff(u);
export const canAddModules = (u: PermissionUser | undefined) => can(u, 'addModules', MODULES_SUBJECT);
export const canMoveModules = (u: PermissionUser | undefined) => can(u, 'move', MODULES_SUBJECT);
/** Add-page button of a module. */
export const canAddPages = (u: PermissionUser | undefined, moduleId: Id) => can(u, 'addChildren', MODULES_SUBJECT, moduleId);
/** Drag to reorder a module's pages. */
export const canMovePages = (u: PermissionUser | undefined, moduleId: Id) => can(u, 'moveChildren', MODULES_SUBJECT, moduleId);
/** Elevated users (and admins) may load item and user-list permissions. */
export const canLoadPermissions = (u: PermissionUser | undefined) => isStaff(u);
