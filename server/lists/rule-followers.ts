/**
 * A dynamic list's rule written by another domain (a rule set the list follows, server/mappings),
 * in the caller's transaction: the list locked, checked as the list routes check a rule (a
 * dynamic, non-system list; a rule reading profile fields only: 400 naming what is wrong), stored,
 * and its evaluation queued when the rule changed (`dynamicListSaved`). The caller announces the
 * change after its commit (`announceListRuleChanged`).
 */
import { sameJson } from '../../engine/core/same-json';
import type { Id, RuleQuery } from '../../schemas/model';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { ruleEngineFor } from '../permissions';
import type { DocumentTx } from '../storage/documents';
import { dynamicRuleFields } from './dynamic-index';
import { dynamicListSaved } from './dynamic-job';
import { announceListChanged } from './list-events';
import { lockList } from './move';
import { putList } from './user-lists';

/** Answers whether the rule changed. */
export async function setDynamicListRule(ctx: AppContext, tx: DocumentTx, listId: Id, rule: RuleQuery): Promise<boolean> {
  const before = await lockList(ctx, tx, listId);
  if (before.system) throw badRequest(`"${before.label}" is a system list: it keeps its rule`);
  if (!before.dynamic) throw badRequest(`"${before.label}" is not a dynamic list: only a dynamic list follows a rule`);
  ctx.validator.ruleQuery(rule, `the rule of "${before.label}"`);
  const reads = dynamicRuleFields(ruleEngineFor(ctx.registry).compile(rule));
  if ('refused' in reads) throw badRequest(`"${before.label}" cannot follow this rule: a dynamic list's rule ${reads.refused}`);
  if (before.rule && sameJson(before.rule, rule)) return false;
  const after = { ...before, rule, updatedAt: Date.now() };
  await putList(tx.raw, after);
  await dynamicListSaved(ctx, tx, before, after);
  return true;
}

/** After the commit: pickers and open list screens refetch the list. */
export const announceListRuleChanged = (ctx: AppContext, listId: Id): void => announceListChanged(ctx, listId);
