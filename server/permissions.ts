/**
 * Server-side permission checks (spec 6). Admins pass every check. Elevated users get item
 * permissions, falling back to their base paths by subject; plain members never write structure.
 * The client runs its own checks for display only: these are the ones that count.
 */
import type { Id, ItemPermissions, Page, PermissionMap } from '../schemas/model';
import type { Account } from './model';

export type ItemSubject = 'items.modules' | 'items.pages' | 'items.blocks' | 'items.fields';

export interface PermissionContext {
  account: Account;
  /** Item permissions by item id (what elevated users may do on that item). */
  itemPermissions: ItemPermissions;
  /** Base paths of the account merged with those granted to its accepted lists. */
  basePaths: PermissionMap;
}

export function can(ctx: PermissionContext, action: string, subject: string, itemId?: Id): boolean {
  if (ctx.account.isAdmin) return true;
  if (!ctx.account.isElevated) return false;
  if (itemId !== undefined) {
    const item = ctx.itemPermissions[itemId]?.[action];
    if (item !== undefined) return item;
  }
  return ctx.basePaths[subject]?.[action] ?? ctx.account.permissions[subject]?.[action] ?? false;
}

/** Administration permissions (manageEditMode, allowViewAs, ...). */
export function canAdminister(ctx: PermissionContext, action: string): boolean {
  if (ctx.account.isAdmin) return true;
  return ctx.account.permissions.administration?.[action] ?? false;
}

/** Accepted list ids of the account, or the view-as lists when an admin is viewing as. */
export function effectiveListIds(account: Account): Set<Id> {
  if (account.viewAs?.userListIds.length) return new Set(account.viewAs.userListIds);
  return new Set(account.listMemberships.filter((m) => m.state === 'accepted').map((m) => m.userListId));
}

/**
 * A page with `visibility.userListIds` shows only to accepted members of one of those lists.
 * Admins (not viewing as) and users who may edit pages see every page.
 */
export function canViewPage(ctx: PermissionContext, page: Page): boolean {
  const lists = page.visibility?.userListIds;
  if (!lists?.length) return true;
  if (ctx.account.isAdmin && !ctx.account.viewAs?.userListIds.length) return true;
  if (!ctx.account.isAdmin && ctx.account.isElevated && can(ctx, 'manageVisibility', 'items.pages', page.id)) return true;
  const mine = effectiveListIds(ctx.account);
  return lists.some((id) => mine.has(id));
}

export function mergePermissionMaps(...maps: (PermissionMap | undefined)[]): PermissionMap {
  const out: PermissionMap = {};
  for (const map of maps) {
    if (!map) continue;
    for (const [subject, actions] of Object.entries(map)) out[subject] = { ...(out[subject] ?? {}), ...actions };
  }
  return out;
}
