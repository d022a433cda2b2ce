/**
 * Page visibility by list membership and rules (admins see everything unless viewing as lists,
 * spec 6 and 2.7), for navigation and the server. Block visibility and availability are decided in
 * engine/core/blocks (decideBlockVisibility, decideBlockAvailability) with the same evaluator.
 */
import type { Id, ListMembership, PageVisibility } from '../../../schemas/model';
import type { RuleContext, RuleQueryEvaluator } from './context';
import { acceptedListIds } from './memberships';

export interface PageVisibilityDecision {
  visible: boolean;
  /** Set when a rule query is malformed: the item is hidden from members and the error shown to admins. */
  error?: string;
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
): PageVisibilityDecision {
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
