/**
 * A list as an admin writes it (UserListInput, already checked against its JSON schema), checked
 * for what the schema cannot say: a dynamic list needs a rule the rule engine compiles without a
 * problem (engine/core/rules: unknown kinds, prototype paths such as `constructor.prototype`), a
 * rule belongs to a dynamic list only, and a system list keeps its type, dynamic flag and rule.
 */
import type { UserListInput } from '../../schemas/model/api/lists';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { ruleEngineFor } from '../permissions';
import { dynamicRuleFields } from './dynamic-index';
import type { UserListRecord } from './user-lists';
import { MEMBERSHIP_STATUSES } from '../../engine/core/constants';
import type { MembershipState } from '../../schemas/model';

const STATUSES: ReadonlySet<string> = new Set(MEMBERSHIP_STATUSES);

/** `a,b` as membership states, or 400 naming the unknown ones; `fallback` when absent or empty. */
export function parseStates(text: unknown, fallback: readonly MembershipState[]): MembershipState[] {
  if (text === undefined || text === '') return [...fallback];
  if (typeof text !== 'string') throw badRequest('states must be a comma-separated list of membership states');
  const states = [...new Set(text.split(',').map((s) => s.trim()))];
  const unknown = states.filter((s) => !STATUSES.has(s));
  if (unknown.length) throw badRequest(`unknown membership states: ${unknown.join(', ')} (known: ${MEMBERSHIP_STATUSES.join(', ')})`);
  return states as MembershipState[];
}

/** The list with these changes, or 400 naming what is wrong; nothing is stored here. */
export function applyListInput(ctx: AppContext, list: UserListRecord, changes: Partial<UserListInput>): UserListRecord {
  if (list.system) {
    const locked = (['type', 'dynamic', 'rule'] as const).filter((k) => changes[k] !== undefined);
    if (locked.length) throw badRequest(`a system list keeps its ${locked.join(', ')}`);
  }
  const next: UserListRecord = {
    ...list,
    ...(changes.label !== undefined ? { label: changes.label.trim() } : {}),
    ...(changes.type !== undefined ? { type: changes.type } : {}),
    ...(changes.capacity !== undefined ? { capacity: changes.capacity } : {}),
    ...(changes.dynamic !== undefined ? { dynamic: changes.dynamic } : {}),
    ...(changes.rule !== undefined ? { rule: changes.rule } : {}),
    ...(changes.connectionId !== undefined ? { connectionId: changes.connectionId || undefined } : {}),
    ...(changes.entityId !== undefined ? { entityId: changes.entityId || undefined } : {}),
  };
  if (!next.label) throw badRequest('label must not be blank');
  if (!next.dynamic && changes.rule !== undefined) throw badRequest('rule: only a dynamic list has a rule (set dynamic: true)');
  if (!next.dynamic) delete next.rule;
  if (next.dynamic) {
    if (!next.rule) throw badRequest('rule: a dynamic list needs a rule');
    ctx.validator.ruleQuery(next.rule, 'rule');
    // Kept current on profile writes only: a rule reading anything but profile fields could change unseen.
    const reads = dynamicRuleFields(ruleEngineFor(ctx.registry).compile(next.rule));
    if ('refused' in reads) throw badRequest(`rule: a dynamic list's rule ${reads.refused}`);
  }
  return next;
}
