/**
 * Block visibility (spec core 3 Block.visibility). The four booleans decide on their own; advanced
 * visibility (`advanced` + `rules`) is decided by the RuleQueryEvaluator given to the engine.
 * Without an evaluator, a block with advanced rules is hidden: it never shows to members, and
 * admins are told why (state `noEvaluator`). Advanced on with no query (or an empty one) always
 * matches: everyone sees the block, and the booleans no longer apply.
 */
import type { BlockVisibility } from '../../../schemas/model';
import type { RuleContext, RuleQueryEvaluator } from '../rules/context';

export type VisibilityDecision =
  { visible: true } | { visible: false; reason: 'device' | 'ownProfile' | 'otherProfile' | 'rules' | 'noEvaluator' | 'ruleError'; error?: string };

/** Whether deciding needs the rule evaluator: advanced visibility with a stored query. */
export function needsRuleEvaluator(visibility: BlockVisibility | undefined): boolean {
  return !!visibility && typeof visibility === 'object' && !!visibility.advanced && !!visibility.rules;
}

export function decideBlockVisibility(visibility: BlockVisibility | undefined, context: RuleContext, evaluator?: RuleQueryEvaluator): VisibilityDecision {
  if (!visibility || typeof visibility !== 'object') return { visible: true };
  if (visibility.advanced) {
    // Advanced on with no query stored is the empty rule: it always matches (rules/subjects EMPTY_RULE_MESSAGE).
    if (!visibility.rules) return { visible: true };
    if (!evaluator) return { visible: false, reason: 'noEvaluator' };
    let result;
    try {
      result = evaluator.evaluate(visibility.rules, context);
    } catch (error) {
      return { visible: false, reason: 'ruleError', error: error instanceof Error ? error.message : String(error) };
    }
    if (result.error) return { visible: false, reason: 'ruleError', error: result.error };
    return result.matches ? { visible: true } : { visible: false, reason: 'rules' };
  }
  const device = context.device;
  if (device?.isDesktop && visibility.visibleOnDesktop === false) return { visible: false, reason: 'device' };
  if (device?.isMobile && visibility.visibleOnMobile === false) return { visible: false, reason: 'device' };
  const profileId = context.profile?.accountId;
  if (profileId !== undefined) {
    const own = context.user?.accountId !== undefined && context.user.accountId === profileId;
    if (own && visibility.visibleOnUsersOwnProfile === false) return { visible: false, reason: 'ownProfile' };
    if (!own && visibility.visibleOnOtherUsersProfiles === false) return { visible: false, reason: 'otherProfile' };
  }
  return { visible: true };
}
