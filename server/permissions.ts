/**
 * Server-side permission checks (spec 6). Admins pass every check. Elevated users get item
 * permissions, falling back to their base paths by subject; plain members never write structure.
 * The client runs its own checks for display only: these are the ones that count.
 */
import { ownValue } from '../engine/core/own';
import type { Id, ItemPermissions, Page, PermissionMap, Profile } from '../schemas/model';
import { createRegistry } from '../engine/core/registry';
import type { RuleContext, RuleQueryEvaluator } from '../engine/core/rules/context';
import { createRuleEngine } from '../engine/core/rules/evaluator';
import { pageVisibility } from '../engine/core/rules/visibility';
import type { RegistryData } from '../registry';
import { forbidden } from './errors';
import type { Account } from './model';

export type ItemSubject = 'items.modules' | 'items.pages' | 'items.blocks' | 'items.fields';

export interface PermissionContext {
  account: Account;
  /** Item permissions by item id (what elevated users may do on that item). */
  itemPermissions: ItemPermissions;
  /** Base paths of the account merged with those granted to its accepted lists. */
  basePaths: PermissionMap;
  /** What page `visibility.rules` read: the account as the user, its own profile as the viewed one. */
  ruleContext: RuleContext;
  /** The engine's rule evaluator over the full registry: the same code the browser runs. */
  evaluator: RuleQueryEvaluator;
}

const engines = new WeakMap<RegistryData, RuleQueryEvaluator>();

/** One rule engine per registry, so each query is compiled once for the life of the process. */
export function ruleEngineFor(registry: RegistryData): RuleQueryEvaluator {
  let engine = engines.get(registry);
  if (!engine) {
    engine = createRuleEngine(createRegistry(registry));
    engines.set(registry, engine);
  }
  return engine;
}

/** The rule context of a signed-in account (as the engine builds it in the browser for the same user). */
export function accountRuleContext(account: Account, profile: Profile | undefined): RuleContext {
  const listMemberships = account.listMemberships;
  return {
    user: { accountId: account.accountId, isAdmin: account.isAdmin, isElevated: account.isElevated, listMemberships, data: profile?.data.profile ?? {} },
    profile: profile ?? { accountId: account.accountId, data: { profile: {}, meta: {} } },
    lists: listMemberships,
  };
}

export function can(ctx: PermissionContext, action: string, subject: string, itemId?: Id): boolean {
  if (ctx.account.isAdmin) return true;
  if (!ctx.account.isElevated) return false;
  if (itemId !== undefined) {
    const item = ownValue(ownValue(ctx.itemPermissions, itemId), action);
    if (typeof item === 'boolean') return item;
  }
  return ownValue(ownValue(ctx.basePaths, subject), action) ?? ownValue(ownValue(ctx.account.permissions, subject), action) ?? false;
}

/** Throws 403 naming the action unless the user may do it. */
export function need(ctx: PermissionContext, action: string, subject: string, itemId?: Id): void {
  if (!can(ctx, action, subject, itemId)) throw forbidden(`You may not ${action} on ${subject}${itemId ? ` "${itemId}"` : ''}`);
}

/** Admins and elevated users: those who see the admin views and may be granted structure permissions. */
export function isStaff(account: Pick<Account, 'isAdmin' | 'isElevated'>): boolean {
  return account.isAdmin || account.isElevated;
}

/** Administration permissions (manageEditMode, allowViewAs, ...). */
export function canAdminister(ctx: PermissionContext, action: string): boolean {
  if (ctx.account.isAdmin) return true;
  return ownValue(ownValue(ctx.account.permissions, 'administration'), action) ?? false;
}

/** The lists an account is viewing as (admin view-as mode), or undefined when not viewing as. */
export function viewAsListIds(account: Account): Id[] | undefined {
  return account.viewAs?.userListIds.length ? account.viewAs.userListIds : undefined;
}

/**
 * Page visibility as the engine decides it (`pageVisibility`: accepted in one of
 * `visibility.userListIds` and `visibility.rules` matching; admins see every page unless viewing
 * as lists). Elevated users who may manage page visibility see every page, to edit it.
 */
export function canViewPage(ctx: PermissionContext, page: Page): boolean {
  if (!ctx.account.isAdmin && ctx.account.isElevated && can(ctx, 'manageVisibility', 'items.pages', page.id)) return true;
  return pageVisibility(page.visibility, ctx.ruleContext, ctx.evaluator, { viewAsListIds: viewAsListIds(ctx.account) }).visible;
}

/**
 * Whether changing an item's permissions (from `before` to `after`) changes what this user may do
 * on it: only then does the user's app need to reload (permissions:update). Admins and members are
 * never affected (admins pass every check, members write nothing).
 */
export function itemPermissionChangeAffects(
  ctx: PermissionContext,
  subject: string,
  itemId: Id,
  before: Record<string, boolean>,
  after: Record<string, boolean>,
): boolean {
  if (ctx.account.isAdmin || !ctx.account.isElevated) return false;
  const granting = (grants: Record<string, boolean>): PermissionContext => ({ ...ctx, itemPermissions: { ...ctx.itemPermissions, [itemId]: grants } });
  const [was, now] = [granting(before), granting(after)];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].some(
    (action) => can(was, action, subject, itemId) !== can(now, action, subject, itemId),
  );
}

export function mergePermissionMaps(...maps: (PermissionMap | undefined)[]): PermissionMap {
  const out: PermissionMap = {};
  for (const map of maps) {
    if (!map) continue;
    for (const [subject, actions] of Object.entries(map)) out[subject] = { ...(out[subject] ?? {}), ...actions };
  }
  return out;
}
