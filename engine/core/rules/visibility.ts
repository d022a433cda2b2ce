/**
 * The pure decisions the renderer, navigation and server make with rule queries: block visibility
 * (advanced rules or the device/profile booleans), page visibility by list membership (admins see
 * everything unless viewing as lists, spec 6 and 2.7) and block availability by power-ups (spec 4.9).
 */
import type { BlockVisibility, Entity, Id, ListMembership, PageVisibility, PowerUp } from '../../../schemas/model';
import type { RuntimeBlockType } from '../registry';
import type { RuleContext, RuleQueryEvaluator } from './context';
import { acceptedListIds } from './operations';

export interface VisibilityDecision {
  visible: boolean;
  /** Set when a rule query is malformed: the item is hidden from members and the error shown to admins. */
  error?: string;
}

export function blockVisibility(visibility: BlockVisibility | undefined, context: RuleContext, evaluator: RuleQueryEvaluator): VisibilityDecision {
  if (!visibility) return { visible: true };
  if (visibility.advanced) {
    if (!visibility.rules) return { visible: true };
    const { matches, error } = evaluator.evaluate(visibility.rules, context);
    return error ? { visible: matches, error } : { visible: matches };
  }
  const { device, profile, user } = context;
  if (device?.isMobile && visibility.visibleOnMobile === false) return { visible: false };
  if (device?.isDesktop && visibility.visibleOnDesktop === false) return { visible: false };
  if (profile) {
    const own = !!user?.accountId && profile.accountId === user.accountId;
    if (own && visibility.visibleOnUsersOwnProfile === false) return { visible: false };
    if (!own && visibility.visibleOnOtherUsersProfiles === false) return { visible: false };
  }
  return { visible: true };
}

/** The context as a member of exactly these lists would have it: not admin, accepted in each list. */
export function viewAsContext(context: RuleContext, listIds: readonly Id[]): RuleContext {
  const memberships: ListMembership[] = listIds.map((userListId) => ({ id: `viewAs:${userListId}`, userListId, state: 'accepted' }));
  const user = context.user ?? { accountId: '', listMemberships: [] };
  return { ...context, user: { ...user, isAdmin: false, isElevated: false, listMemberships: memberships }, lists: memberships };
}

export interface PageVisibilityOptions {
  /** Admin view-as mode: judge as a member of exactly these lists. */
  viewAsListIds?: readonly Id[];
  /** The current page always shows in navigation (spec 2.7). */
  isCurrent?: boolean;
}

/**
 * A page shows when the user is accepted in any of `visibility.userListIds` (when set) and its
 * `visibility.rules` match (when set). Admins see every page unless viewing as lists.
 */
export function pageVisibility(
  visibility: PageVisibility | undefined,
  context: RuleContext,
  evaluator: RuleQueryEvaluator,
  options: PageVisibilityOptions = {},
): VisibilityDecision {
  if (options.isCurrent) return { visible: true };
  if (context.user?.isAdmin && !options.viewAsListIds) return { visible: true };
  const ctx = options.viewAsListIds ? viewAsContext(context, options.viewAsListIds) : context;
  const listIds = visibility?.userListIds ?? [];
  if (listIds.length) {
    const accepted = acceptedListIds(ctx.user?.listMemberships, ctx.lists);
    if (!listIds.some((id) => accepted.includes(id))) return { visible: false };
  }
  if (visibility?.rules) {
    const { matches, error } = evaluator.evaluate(visibility.rules, ctx);
    return error ? { visible: matches, error } : { visible: matches };
  }
  return { visible: true };
}

export type BlockAvailability =
  | { available: true }
  /** `missingDefinition`: no target entity; `missingData`: the entity lacks required power-ups (listed). */
  | { available: false; reason: 'missingDefinition' | 'missingData'; missing: PowerUp[] };

/** Spec 4.9: a block is usable when every power-up its type requires is on the entity. */
export function blockAvailability(blockType: Pick<RuntimeBlockType, 'powerUps'> | undefined, entity: Pick<Entity, 'powerUps'> | undefined): BlockAvailability {
  const required = blockType?.powerUps?.required ?? [];
  if (!required.length) return { available: true };
  if (!entity) return { available: false, reason: 'missingDefinition', missing: [...required] };
  const missing = required.filter((p) => !entity.powerUps?.includes(p));
  return missing.length ? { available: false, reason: 'missingData', missing } : { available: true };
}
