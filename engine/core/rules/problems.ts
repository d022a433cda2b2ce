/** What can be wrong with a rule query, as codes with parameters: the editor and the evaluator translate them (`rules.errors.<code>`). */
import type { MessageParams, Translator } from '../i18n';

export type RuleProblemCode =
  | 'notAnObject'
  | 'notAList'
  | 'badLogicalOperator'
  | 'tooDeep'
  | 'tooManyRules'
  | 'unknownKind'
  | 'missingSubject'
  | 'unsafePath'
  | 'unknownOperator'
  | 'missingOperator'
  | 'operatorNotForKind'
  | 'operatorNotForSubject'
  | 'notNegatable'
  | 'missingValue'
  | 'missingLists'
  | 'valueNotPrimitive'
  | 'valueWrongType'
  | 'valueNotPair'
  | 'valueNotList'
  | 'valueTooLong'
  | 'badState'
  | 'unknownOperation'
  | 'dynamicVar'
  | 'logicTooLarge';

export interface RuleProblem {
  /** Where: `rules.0`, `groups.1.rules.2.value`, ... relative to the query. */
  path: string;
  code: RuleProblemCode;
  params?: MessageParams;
}

/**
 * Where a problem is, in words: "Condition 2 of group 1", "Group 1", "The rules" for the query
 * itself. The part of the condition (operator, value ...) is left to the message, which names it.
 */
export function describeRulePath(path: string, t: Translator['t']): string {
  const groups: number[] = [];
  let condition: number | undefined;
  const parts = path === '/' ? [] : path.split('.');
  for (let i = 0; i < parts.length - 1; i++) {
    const index = Number(parts[i + 1]);
    if (!Number.isInteger(index)) continue;
    if (parts[i] === 'groups') groups.push(index + 1);
    else if (parts[i] === 'rules') condition = index + 1;
  }
  const group = groups.join('.');
  if (condition !== undefined) return group ? t('rules.where.conditionInGroup', { index: condition, group }) : t('rules.where.condition', { index: condition });
  return group ? t('rules.where.group', { group }) : t('rules.where.query');
}

export function describeRuleProblem(problem: RuleProblem, t: Translator['t']): string {
  const params: MessageParams = { ...problem.params, where: describeRulePath(problem.path, t) };
  // Operators, kinds and value types by their names in the catalogue, not their ids.
  if (typeof params.operator === 'string') params.operator = t(`rules.operators.${params.operator}`);
  if (typeof params.kind === 'string') params.kind = t(`rules.kinds.${params.kind}`);
  if (typeof params.type === 'string') params.type = t(`rules.types.${params.type}`);
  return t(`rules.errors.${problem.code}`, params);
}

/** Thrown only by `compileRuleQueryOrThrow`; evaluation never throws (a bad query does not match). */
export class RuleQueryError extends Error {
  constructor(
    readonly problems: RuleProblem[],
    message: string,
  ) {
    super(message);
    this.name = 'RuleQueryError';
  }
}
