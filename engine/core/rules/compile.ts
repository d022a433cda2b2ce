/**
 * Rule query -> json-logic. Each rule's logic is its operator's registry template with the
 * placeholders filled: `$subject` by the logic that reads the rule's subject from the evaluation
 * context (see `RuleContext`), `$value`/`$value.N` by the operand(s), `$state` by the membership
 * state. Groups become `and`/`or`; a negated rule is wrapped in `!`. Every problem is collected
 * (never thrown) so the editor can show all of them next to the rule that has them.
 */
import type { JsonValue, Rule, RuleGroup, RuleKind, RuleQuery, RuntimeOperator } from '../../../schemas/model';
import { DEFAULT_MEMBERSHIP_STATE, MEMBERSHIP_STATUSES, RULE_QUERY_LIMITS } from '../constants';
import type { Registry } from '../registry';
import type { RuleProblem } from './problems';
import { inspectLogic, isSafePath } from './safety';
import { builtInSubjectType, kindSubject, operatorFitsKind, operatorFitsSubject, type SubjectTypeOf } from './subjects';

export type JsonLogic = JsonValue;

export interface CompiledRuleQuery {
  /** The json-logic, or null when the query has problems (it then never matches). */
  logic: JsonLogic | null;
  /** Context paths the logic reads (`form.email`, `user.listMemberships`, `entity`, ...), sorted. */
  dependencies: string[];
  problems: RuleProblem[];
}

export const RULE_KINDS: readonly RuleKind[] = [
  'field',
  'list',
  'profileEntityPowerUp',
  'userField',
  'userList',
  'userEntityPowerUp',
  'entityField',
  'emailBuilderField',
  'knownValueField',
  'formField',
];

export const MEMBERSHIP_STATES = ['default', ...MEMBERSHIP_STATUSES] as const;

/** Known values with a built-in meaning; any other name reads `known.<name>`. */
export const BUILT_IN_KNOWN_VALUES: Record<string, JsonLogic> = {
  isMobile: { var: 'device.isMobile' },
  isDesktop: { var: 'device.isDesktop' },
  isAdmin: { var: 'user.isAdmin' },
  isElevated: { var: 'user.isElevated' },
  isLoggedIn: { '!!': [{ var: 'user.accountId' }] },
  isOwnProfile: { sameValue: [{ var: 'user.accountId' }, { var: 'profile.accountId' }] },
};

const KIND_NEEDS_SUBJECT = (kind: RuleKind) => kindSubject(kind) !== 'list';

function entityPath(rule: Rule): string {
  return rule.entityId ? `entities.${rule.entityId}` : 'entity';
}

/** The json-logic that reads what a rule tests. */
function subjectLogic(rule: Rule): JsonLogic {
  const s = rule.subject;
  switch (rule.kind) {
    case 'field':
      return { var: `profile.data.profile.${s}` };
    case 'userField':
      return { var: `user.data.${s}` };
    case 'entityField':
      return { var: `${entityPath(rule)}.data.${s}` };
    case 'emailBuilderField':
      return { var: `emailBuilder.${s}` };
    case 'formField':
      return { var: `form.${s}` };
    case 'knownValueField':
      return Object.prototype.hasOwnProperty.call(BUILT_IN_KNOWN_VALUES, s) ? BUILT_IN_KNOWN_VALUES[s] : { var: `known.${s}` };
    case 'list':
      return { acceptedListIds: [{ var: 'profile.acceptedUserListIds' }, { var: 'profileListMemberships' }] };
    case 'userList':
      return { acceptedListIds: [{ var: 'user.listMemberships' }, { var: 'lists' }] };
    case 'userEntityPowerUp':
      return { powerUpMemberships: [{ var: 'user.listMemberships' }, { var: 'lists' }, { var: entityPath(rule) }, s] };
    case 'profileEntityPowerUp':
      return { powerUpMemberships: [{ var: 'profileListMemberships' }, null, { var: entityPath(rule) }, s] };
  }
}

const isPrimitive = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function jsonType(v: unknown): string {
  return typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'boolean' : Array.isArray(v) ? 'array' : 'object';
}

/** Operands are data, never logic: an object could be read by json-logic as an operation. */
function checkValue(rule: Rule, operator: RuntimeOperator, path: string, problems: RuleProblem[]): void {
  const v = rule.value;
  const tooLong = (x: unknown) => typeof x === 'string' && x.length > RULE_QUERY_LIMITS.maxStringLength;
  if (operator.arity === 0) return;
  if (v === undefined || v === null || v === '' || (operator.arity === 'many' && Array.isArray(v) && v.length === 0)) {
    if (kindSubject(rule.kind) === 'list') problems.push({ path: `${path}.value`, code: 'missingLists' });
    else problems.push({ path: `${path}.value`, code: 'missingValue', params: { operator: operator.id } });
    return;
  }
  if (operator.arity === 1) {
    if (!isPrimitive(v)) return void problems.push({ path: `${path}.value`, code: 'valueNotPrimitive' });
    const allowed = operator.valueSchema?.type;
    const types = Array.isArray(allowed) ? allowed : typeof allowed === 'string' ? [allowed] : [];
    if (types.length && !types.includes(jsonType(v))) problems.push({ path: `${path}.value`, code: 'valueWrongType', params: { expected: types.join(', ') } });
  } else if (operator.arity === 2) {
    if (!Array.isArray(v) || v.length !== 2 || !v.every(isPrimitive) || v.some((x) => x === ''))
      return void problems.push({ path: `${path}.value`, code: 'valueNotPair' });
  } else if (
    !Array.isArray(v) ||
    v.length === 0 ||
    v.length > RULE_QUERY_LIMITS.maxValueItems ||
    !v.every((x) => typeof x === 'string' || typeof x === 'number')
  ) {
    return void problems.push({ path: `${path}.value`, code: 'valueNotList', params: { max: RULE_QUERY_LIMITS.maxValueItems } });
  }
  if (tooLong(v) || (Array.isArray(v) && v.some(tooLong)))
    problems.push({ path: `${path}.value`, code: 'valueTooLong', params: { max: RULE_QUERY_LIMITS.maxStringLength } });
}

/** Fills a template's placeholders. Inserted operands are not scanned again, so a value "$subject" stays text. */
function fill(template: JsonValue, slots: { subject: JsonLogic; value: JsonValue | undefined; state: string }): JsonLogic {
  if (typeof template === 'string') {
    if (template === '$subject') return slots.subject;
    if (template === '$value') return slots.value ?? null;
    if (template === '$state') return slots.state;
    const index = /^\$value\.(\d+)$/.exec(template);
    if (index) return Array.isArray(slots.value) ? (slots.value[Number(index[1])] ?? null) : null;
    return template;
  }
  if (Array.isArray(template)) return template.map((t) => fill(t, slots));
  if (template && typeof template === 'object') return Object.fromEntries(Object.entries(template).map(([k, t]) => [k, fill(t, slots)]));
  return template;
}

function compileRule(rule: Rule, path: string, registry: Registry, problems: RuleProblem[], subjectType?: SubjectTypeOf): JsonLogic | null {
  const before = problems.length;
  if (!rule || typeof rule !== 'object') return (void problems.push({ path, code: 'notAnObject' }), null);
  if (!RULE_KINDS.includes(rule.kind)) return (void problems.push({ path: `${path}.kind`, code: 'unknownKind', params: { value: String(rule.kind) } }), null);
  if (KIND_NEEDS_SUBJECT(rule.kind) && (typeof rule.subject !== 'string' || rule.subject === ''))
    problems.push({ path: `${path}.subject`, code: 'missingSubject' });
  else if (KIND_NEEDS_SUBJECT(rule.kind) && !isSafePath(rule.subject))
    problems.push({ path: `${path}.subject`, code: 'unsafePath', params: { value: rule.subject } });
  if (rule.entityId !== undefined && (typeof rule.entityId !== 'string' || !isSafePath(rule.entityId) || rule.entityId.includes('.'))) {
    problems.push({ path: `${path}.entityId`, code: 'unsafePath', params: { value: String(rule.entityId) } });
  }
  if (rule.operator === '' || rule.operator === undefined) return (void problems.push({ path: `${path}.operator`, code: 'missingOperator' }), null);
  const operator = typeof rule.operator === 'string' ? registry.operator(rule.operator) : undefined;
  if (!operator) return (void problems.push({ path: `${path}.operator`, code: 'unknownOperator', params: { value: String(rule.operator) } }), null);
  if (!operatorFitsKind(operator, rule.kind))
    problems.push({ path: `${path}.operator`, code: 'operatorNotForKind', params: { operator: operator.id, kind: rule.kind } });
  else {
    const type = builtInSubjectType(rule) ?? subjectType?.(rule);
    if (!operatorFitsSubject(operator, rule.kind, type))
      problems.push({ path: `${path}.operator`, code: 'operatorNotForSubject', params: { operator: operator.id, subject: rule.subject, type: String(type) } });
  }
  if (rule.negate && !operator.negatable) problems.push({ path: `${path}.negate`, code: 'notNegatable', params: { operator: operator.id } });
  if (rule.state !== undefined && !(MEMBERSHIP_STATES as readonly string[]).includes(rule.state))
    problems.push({ path: `${path}.state`, code: 'badState', params: { value: String(rule.state) } });
  checkValue(rule, operator, path, problems);
  if (problems.length > before) return null;
  const state = rule.state && rule.state !== 'default' ? rule.state : DEFAULT_MEMBERSHIP_STATE;
  const logic = fill(operator.jsonLogic, { subject: subjectLogic(rule), value: rule.value, state });
  return rule.negate ? { '!': [logic] } : logic;
}

function compileGroup(
  group: RuleGroup,
  path: string,
  depth: number,
  registry: Registry,
  problems: RuleProblem[],
  count: { rules: number },
  subjectType?: SubjectTypeOf,
): JsonLogic | null {
  if (!group || typeof group !== 'object' || Array.isArray(group)) return (void problems.push({ path: path || '/', code: 'notAnObject' }), null);
  if (depth > RULE_QUERY_LIMITS.maxDepth)
    return (void problems.push({ path: path || '/', code: 'tooDeep', params: { max: RULE_QUERY_LIMITS.maxDepth } }), null);
  const at = (p: string) => (path ? `${path}.${p}` : p);
  if (group.logicalOperator !== 'all' && group.logicalOperator !== 'any')
    problems.push({ path: at('logicalOperator'), code: 'badLogicalOperator', params: { value: String(group.logicalOperator) } });
  for (const key of ['rules', 'groups'] as const) {
    if (group[key] !== undefined && !Array.isArray(group[key])) problems.push({ path: at(key), code: 'notAList' });
  }
  const rules = Array.isArray(group.rules) ? group.rules : [];
  const groups = Array.isArray(group.groups) ? group.groups : [];
  count.rules += rules.length;
  if (count.rules > RULE_QUERY_LIMITS.maxRules)
    return (void problems.push({ path: path || '/', code: 'tooManyRules', params: { max: RULE_QUERY_LIMITS.maxRules } }), null);
  const parts = [
    ...rules.map((r, i) => compileRule(r, at(`rules.${i}`), registry, problems, subjectType)),
    ...groups.map((g, i) => compileGroup(g, at(`groups.${i}`), depth + 1, registry, problems, count, subjectType)),
  ];
  if (parts.some((p) => p === null)) return null;
  // An empty group has no condition to fail: it matches (EMPTY_RULE_MESSAGE in ./subjects says so to admins).
  if (parts.length === 0) return true;
  return { [group.logicalOperator === 'any' ? 'or' : 'and']: parts as JsonLogic[] };
}

export interface CompileOptions {
  /** The type of a rule's subject where the caller knows it: an operator that cannot test it is a problem. */
  subjectType?: SubjectTypeOf;
}

/** Compiles a rule query. Never throws: problems come back with `logic: null`. */
export function compileRuleQuery(query: RuleQuery, registry: Registry, options: CompileOptions = {}): CompiledRuleQuery {
  const problems: RuleProblem[] = [];
  const logic = compileGroup(query, '', 1, registry, problems, { rules: 0 }, options.subjectType);
  const vars = new Set<string>();
  if (logic !== null) inspectLogic(logic, '/', problems, vars);
  if (problems.length) return { logic: null, dependencies: [], problems };
  return { logic, dependencies: [...vars].sort(), problems };
}

/** Whether an operator's template takes a membership state (`$state`), so editors offer a state picker. */
export function operatorUsesState(operator: RuntimeOperator): boolean {
  return JSON.stringify(operator.jsonLogic).includes('"$state"');
}
