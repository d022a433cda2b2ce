/**
 * What a rule's subject is and which operators may test it: the one place the rules editor
 * (to offer operators), the compiler (to refuse a mismatch) and the server (the rule preview)
 * decide it. A field's value type comes from its field type; list and power-up kinds have their
 * own operators; built-in known values are booleans.
 */
import type { OperatorSubject, Rule, RuleKind, RuleQuery, RuntimeFieldType, RuntimeOperator } from '../../../schemas/model';

/** What a kind's subject is: a field value, a set of list ids, or power-up memberships. */
export type KindSubject = 'value' | 'list' | 'powerUp';

export function kindSubject(kind: RuleKind): KindSubject {
  if (kind === 'list' || kind === 'userList') return 'list';
  if (kind === 'profileEntityPowerUp' || kind === 'userEntityPowerUp') return 'powerUp';
  return 'value';
}

/** Whether an operator can be used with a kind (field kinds take any operator that is not list- or power-up-only). */
export function operatorFitsKind(operator: RuntimeOperator, kind: RuleKind): boolean {
  const subject = kindSubject(kind);
  if (subject === 'value') return operator.subjects.some((s) => s !== 'list' && s !== 'powerUp');
  return operator.subjects.includes(subject);
}

/**
 * Whether an operator fits a rule's kind and, for value kinds whose subject type is known, that
 * type (an operator for `any` value fits every type). An unknown type accepts every value operator.
 */
export function operatorFitsSubject(operator: RuntimeOperator, kind: RuleKind, subjectType: OperatorSubject | undefined): boolean {
  if (!operatorFitsKind(operator, kind)) return false;
  if (kindSubject(kind) !== 'value' || !subjectType || subjectType === 'any') return true;
  return operator.subjects.includes(subjectType) || operator.subjects.includes('any');
}

/** The operators offered for a kind and subject type, in the order given (registry order). */
export function operatorsForSubject<T extends RuntimeOperator>(operators: readonly T[], kind: RuleKind, subjectType: OperatorSubject | undefined): T[] {
  return operators.filter((op) => operatorFitsSubject(op, kind, subjectType));
}

/** The kind of value a field type holds, as operators name it. */
const FIELD_SUBJECT_TYPES: Record<string, OperatorSubject> = {
  text: 'string',
  textarea: 'string',
  email: 'string',
  wysiwyg: 'string',
  csv: 'string',
  colorPicker: 'string',
  icon: 'string',
  radio: 'string',
  options: 'string',
  structureSelector: 'string',
  dataSchemaSelector: 'string',
  number: 'number',
  rating: 'number',
  year: 'number',
  toggle: 'boolean',
  date: 'date',
  checkbox: 'array',
  tags: 'array',
  membershipTags: 'array',
  repeater: 'array',
  files: 'file',
  imageUploader: 'file',
};

/**
 * The subject type of a field type (its registry entry says whether it holds a value): `any` for
 * types with no fixed kind, undefined for unknown types and those holding no value of their own
 * (display-only fields, groups and conditional fields).
 */
export function fieldSubjectType(fieldType: string, entry: Pick<RuntimeFieldType, 'displayOnly' | 'children'> | undefined): OperatorSubject | undefined {
  const known = Object.prototype.hasOwnProperty.call(FIELD_SUBJECT_TYPES, fieldType) ? FIELD_SUBJECT_TYPES[fieldType] : undefined;
  if (!entry || entry.displayOnly || (entry.children && !known)) return undefined;
  return known ?? 'any';
}

/** The built-in known values (`knownValueField`) and their types: all true or false. */
export const BUILT_IN_KNOWN_VALUE_TYPES: Readonly<Record<string, OperatorSubject>> = {
  isMobile: 'boolean',
  isDesktop: 'boolean',
  isAdmin: 'boolean',
  isElevated: 'boolean',
  isLoggedIn: 'boolean',
  isOwnProfile: 'boolean',
};

/** Tells the compiler a rule subject's type when the caller knows it (the server's subject catalogue, the editor's choices). */
export type SubjectTypeOf = (rule: Rule) => OperatorSubject | undefined;

/** The type every caller knows without a catalogue: built-in known values are booleans. */
export function builtInSubjectType(rule: Rule): OperatorSubject | undefined {
  if (rule.kind !== 'knownValueField' || typeof rule.subject !== 'string') return undefined;
  return Object.prototype.hasOwnProperty.call(BUILT_IN_KNOWN_VALUE_TYPES, rule.subject) ? BUILT_IN_KNOWN_VALUE_TYPES[rule.subject] : undefined;
}

/**
 * The meaning of an empty rule, the same everywhere: a query with no condition (in no group)
 * always matches, so everyone sees what it guards. The engine compiles an empty group to `true`;
 * block visibility with advanced rules on and no query stored is the same empty rule. Editors
 * state it with the one message `rules.emptyMeaning`.
 */
export const EMPTY_RULE_MESSAGE = 'rules.emptyMeaning';

/** Whether a rule query has no condition at all (nested groups included); a missing query counts as empty. */
export function isEmptyRuleQuery(query: RuleQuery | undefined | null): boolean {
  if (query === undefined || query === null) return true;
  if (typeof query !== 'object' || Array.isArray(query)) return false;
  const rules = (query as { rules?: unknown }).rules;
  const groups = (query as { groups?: unknown }).groups;
  if (rules !== undefined && (!Array.isArray(rules) || rules.length > 0)) return false;
  if (groups === undefined) return true;
  return Array.isArray(groups) && groups.every((g) => !!g && typeof g === 'object' && isEmptyRuleQuery(g as RuleQuery));
}
