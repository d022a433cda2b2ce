/**
 * Permission checks of spec core 6, once: the server enforces them, the admin shows what they
 * allow. Pure (no storage, no DOM).
 *
 * - Admins pass every check.
 * - A check names an action, a subject and optionally an item. For elevated users an item grant
 *   (what they may do on that item) decides first; ordinary users get no item grants (spec 6:
 *   "others get nothing").
 * - Then the user's own permissions, then, as the fallback, the base paths.
 * - Ordinary users are checked like everyone else: a member granted `items.modules.addModules`
 *   may add modules.
 */
import type { Id, ItemPermissions, PermissionMap } from '../../../schemas/model';
import { ownValue, setOwn } from '../own';

/**
 * The subject vocabulary of spec core 6, whole, so a domain names its subject here once and never
 * edits this list. Structure items share the `items.` prefix (spec 6 lists `items.modules`,
 * `pages`, `blocks`): one prefix for the four item kinds, as grants are stored. `administration`
 * holds the administration permissions (manageEditMode, allowViewAs, ...).
 */
export const SUBJECTS = {
  administration: 'administration',
  modules: 'items.modules',
  pages: 'items.pages',
  blocks: 'items.blocks',
  fields: 'items.fields',
  entities: 'entities',
  applications: 'applications',
  entityDefinitions: 'entityDefinitions',
  dataMappings: 'dataMappings',
  templates: 'templates',
  abuseReports: 'abuseReports',
  files: 'files',
  notifications: 'notifications',
  profiles: 'profiles',
  searchManagement: 'searchManagement',
  settings: 'settings',
  tools: 'tools',
  userLists: 'userLists',
  insights: 'insights',
  connections: 'connections',
  adminDashboard: 'adminDashboard',
} as const;

export type Subject = (typeof SUBJECTS)[keyof typeof SUBJECTS];

export type ItemSubject = (typeof SUBJECTS)['modules' | 'pages' | 'blocks' | 'fields'];

/** The structure item kinds and their subjects. */
export const ITEM_SUBJECTS = { module: SUBJECTS.modules, page: SUBJECTS.pages, block: SUBJECTS.blocks, field: SUBJECTS.fields } as const;

export interface PermissionHolder {
  isAdmin: boolean;
  isElevated?: boolean;
  /** The account's own grants, by subject. */
  permissions?: PermissionMap;
  /** What checks fall back to, by subject (the account's own merged with its lists' grants). */
  basePaths?: PermissionMap;
  /** Item grants of elevated users, by item id. */
  itemPermissions?: ItemPermissions;
}

const grant = (map: PermissionMap | ItemPermissions | undefined, key: string, action: string): boolean | undefined => {
  const value = ownValue(ownValue(map as Record<string, Record<string, boolean>> | undefined, key), action);
  return typeof value === 'boolean' ? value : undefined;
};

export function can(holder: PermissionHolder | undefined, action: string, subject: string, itemId?: Id): boolean {
  if (!holder) return false;
  if (holder.isAdmin) return true;
  if (itemId !== undefined && holder.isElevated) {
    const item = grant(holder.itemPermissions, itemId, action);
    if (item !== undefined) return item;
  }
  return grant(holder.permissions, subject, action) ?? grant(holder.basePaths, subject, action) ?? false;
}

/**
 * Editing a profile's values (spec 6): the owner, or whoever holds `profiles` update (admins pass).
 * The server refuses every other save; the engine shows a profile form's Edit button only then.
 */
export function canEditProfile(holder: (PermissionHolder & { accountId?: Id }) | undefined, profileAccountId: Id): boolean {
  if (!holder) return false;
  return holder.accountId === profileAccountId || can(holder, 'update', SUBJECTS.profiles, profileAccountId);
}

/** Administration permissions (manageEditMode, manageTextEdit, allowViewAs, ...). */
export const canAdminister = (holder: PermissionHolder | undefined, action: string): boolean => can(holder, action, SUBJECTS.administration);

/** Admins and elevated users: they load item and user-list permissions and see the admin views (spec 6). */
export const isStaff = (holder: Pick<PermissionHolder, 'isAdmin' | 'isElevated'> | undefined): boolean => !!holder && (holder.isAdmin || !!holder.isElevated);

/** The settings tabs of a module or page and the permission that opens each (spec 6). */
export const SETTINGS_TABS = [
  { tab: 'settings', permission: 'manageSettings' },
  { tab: 'visibility', permission: 'manageVisibility' },
  { tab: 'permissions', permission: 'managePermissions' },
  { tab: 'design', permission: 'manageDesign' },
  { tab: 'style', permission: 'manageCss' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['tab'];

export function settingsTabs(holder: PermissionHolder | undefined, subject: ItemSubject, itemId: Id): SettingsTab[] {
  return SETTINGS_TABS.filter(({ permission }) => can(holder, permission, subject, itemId)).map(({ tab }) => tab);
}

/** The edit cog shows with at least one of managePermissions, manageSettings, manageVisibility on the item. */
export function canEditItem(holder: PermissionHolder | undefined, subject: ItemSubject, itemId: Id): boolean {
  return ['managePermissions', 'manageSettings', 'manageVisibility'].some((a) => can(holder, a, subject, itemId));
}

/**
 * Whether changing an item's grants (from `before` to `after`) changes what this holder may do on
 * it. Admins pass every check and ordinary users get no item grants: never affected.
 */
export function itemGrantChangeAffects(
  holder: PermissionHolder,
  subject: string,
  itemId: Id,
  before: Record<string, boolean>,
  after: Record<string, boolean>,
): boolean {
  if (holder.isAdmin || !holder.isElevated) return false;
  const granting = (grants: Record<string, boolean>): PermissionHolder => ({ ...holder, itemPermissions: { ...holder.itemPermissions, [itemId]: grants } });
  const [was, now] = [granting(before), granting(after)];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].some(
    (action) => can(was, action, subject, itemId) !== can(now, action, subject, itemId),
  );
}

/** Permission maps merged in order (later grants win per action). */
export function mergePermissionMaps(...maps: (PermissionMap | undefined)[]): PermissionMap {
  const out: PermissionMap = {};
  for (const map of maps) {
    if (!map) continue;
    for (const [subject, actions] of Object.entries(map)) setOwn(out, subject, { ...(ownValue(out, subject) ?? {}), ...actions });
  }
  return out;
}
