/**
 * TEST STAND-IN for the rule-query evaluator (the real compiler is on the `rules` branch; the lead
 * switches these tests to it at merge). Understands only `formField`, `field` (profile) and
 * `entityField` rules with the `equals` and `isTrue` operators, `all`/`any` groups, and negate.
 */
import type { RuleQueryEvaluator } from '../../engine';
import type { JsonValue, Rule, RuleGroup } from '../../schemas/model';

function subjectValue(rule: Rule, context: Parameters<RuleQueryEvaluator['evaluate']>[1]): JsonValue | undefined {
  if (rule.kind === 'formField') return context.form?.[rule.subject];
  if (rule.kind === 'field') return context.profile?.data.profile[rule.subject];
  if (rule.kind === 'entityField') return context.entity?.data?.[rule.subject];
  throw new Error(`test evaluator: unsupported rule kind ${rule.kind}`);
}

function ruleMatches(rule: Rule, context: Parameters<RuleQueryEvaluator['evaluate']>[1]): boolean {
  const value = subjectValue(rule, context);
  let result: boolean;
  if (rule.operator === 'equals') result = value === rule.value;
  else if (rule.operator === 'isTrue') result = value === true;
  else throw new Error(`test evaluator: unsupported operator ${rule.operator}`);
  return rule.negate ? !result : result;
}

function groupMatches(group: RuleGroup, context: Parameters<RuleQueryEvaluator['evaluate']>[1]): boolean {
  const results = [...(group.rules ?? []).map((r) => ruleMatches(r, context)), ...(group.groups ?? []).map((g) => groupMatches(g, context))];
  return group.logicalOperator === 'all' ? results.every(Boolean) : results.some(Boolean);
}

export function createTestEvaluator(calls?: { evaluate: number }): RuleQueryEvaluator {
  return {
    evaluate(query, context) {
      if (calls) calls.evaluate++;
      return { matches: groupMatches(query, context) };
    },
    dependencies(query) {
      const out: string[] = [];
      const walk = (g: RuleGroup) => {
        for (const r of g.rules ?? []) out.push(r.kind === 'formField' ? `form.${r.subject}` : r.kind === 'field' ? `profile.${r.subject}` : `entity.${r.subject}`);
        (g.groups ?? []).forEach(walk);
      };
      walk(query);
      return out;
    },
  };
}
