/**
 * Server-side permission checks (spec 6): the rules of engine/core/permissions (the same the admin
 * shows) over a signed-in account, its lists' base paths and its item grants, plus page visibility.
 * The admin's checks are for display; these are the ones that count.
 */
import * as rules from '../engine/core/permissions';
import type { PermissionHolder } from '../engine/core/permissions';
import type { Id, ItemPermissions, ListMembership, Page, PermissionMap, Profile } from '../schemas/model';
import { createRegistry, type Registry } from '../engine/core/registry';
import type { RuleContext, RuleQueryEvaluator } from '../engine/core/rules/context';
import { createRuleEngine, type RuleEngine } from '../engine/core/rules/evaluator';
import { pageVisibility } from '../engine/core/rules/visibility';
import type { RegistryData } from '../registry';
import { forbidden } from './errors';
import type { Account } from './model';

export interface PermissionContext {
  account: Account;
  /** The account's list memberships, as the lists domain reads them (none when unreadable). */
  memberships: ListMembership[];
  /** Item permissions by item id (what elevated users may do on that item). */
  itemPermissions: ItemPermissions;
  /** Base paths of the account merged with those granted to its accepted lists. */
  basePaths: PermissionMap;
  /** What page `visibility.rules` read: the account as the user, its own profile as the viewed one. */
  ruleContext: RuleContext;
  /** The engine's rule evaluator over the full registry: the same code the browser runs. */
  evaluator: RuleQueryEvaluator;
}

const engines = new WeakMap<RegistryData, RuleEngine>();
const registries = new WeakMap<RegistryData, Registry>();

/** One engine registry per registry data, built at its first use. */
export function registryFor(registry: RegistryData): Registry {
  let r = registries.get(registry);
  if (!r) registries.set(registry, (r = createRegistry(registry)));
  return r;
}

/** One rule engine per registry, so each query is compiled once for the life of the process. */
export function ruleEngineFor(registry: RegistryData): RuleEngine {
  let engine = engines.get(registry);
  if (!engine) {
    engine = createRuleEngine(createRegistry(registry));
    engines.set(registry, engine);
  }
  return engine;
}

/** The rule context of a signed-in account (as the engine builds it in the browser for the same user). */
export function accountRuleContext(account: Account, listMemberships: ListMembership[], profile: Profile | undefined): RuleContext {
  return {
    user: { accountId: account.accountId, isAdmin: account.isAdmin, isElevated: account.isElevated, listMemberships, data: profile?.data.profile ?? {} },
    profile: profile ?? { accountId: account.accountId, data: { profile: {}, meta: {} } },
    lists: listMemberships,
  };
}

/** The account as the shared permission rules see it (engine/core/permissions). */
export function permissionHolder(ctx: PermissionContext): PermissionHolder {
  const { isAdmin, isElevated, permissions } = ctx.account;
  return { isAdmin, isElevated, permissions, basePaths: ctx.basePaths, itemPermissions: ctx.itemPermissions };
}

export function can(ctx: PermissionContext, action: string, subject: string, itemId?: Id): boolean {
  return rules.can(permissionHolder(ctx), action, subject, itemId);
}

/** Throws 403 naming the action unless the user may do it. */
export function need(ctx: PermissionContext, action: string, subject: string, itemId?: Id): void {
  if (!can(ctx, action, subject, itemId)) throw forbidden(`You may not ${action} on ${subject}${itemId ? ` "${itemId}"` : ''}`);
}

/** Administration permissions (manageEditMode, allowViewAs, ...). */
export const canAdminister = (ctx: PermissionContext, action: string): boolean => rules.canAdminister(permissionHolder(ctx), action);

export { isStaff, mergePermissionMaps } from '../engine/core/permissions';

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

/** Whether changing an item's grants changes what this user may do on it (permissions:update goes only then). */
export function itemPermissionChangeAffects(
  ctx: PermissionContext,
  subject: string,
  itemId: Id,
  before: Record<string, boolean>,
  after: Record<string, boolean>,
): boolean {
  return rules.itemGrantChangeAffects(permissionHolder(ctx), subject, itemId, before, after);
}
