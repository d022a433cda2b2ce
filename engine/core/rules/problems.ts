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
  | 'notNegatable'
  | 'missingValue'
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

export function describeRuleProblem(problem: RuleProblem, t: Translator['t']): string {
  return t(`rules.errors.${problem.code}`, { path: problem.path, ...problem.params });
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
