import type { Id, JsonValue } from './common';

/** The ten kinds of rule a rule query can hold (spec core 3, community 5). */
export type RuleKind =
  | 'field'
  | 'list'
  | 'profileEntityPowerUp'
  | 'userField'
  | 'userList'
  | 'userEntityPowerUp'
  | 'entityField'
  | 'emailBuilderField'
  | 'knownValueField'
  | 'formField';

/**
 * One condition. `subject` names what is tested and its meaning depends on `kind`:
 * a profile or entity field key, a user list id, a power-up id, a known value name or a form field key.
 */
export interface Rule {
  /** Stable id for editors and error reporting. */
  id?: string;
  kind: RuleKind;
  subject: string;
  /** Entity the rule reads, for entity-scoped kinds; the target entity of the page when absent. */
  entityId?: Id;
  /** Operator id from `registry/operators`. */
  operator: string;
  /** Operand(s); `between` takes `[min, max]`, list operators take an array of ids. */
  value?: JsonValue;
  /** Inverts the operator's result. Only allowed for operators marked negatable. */
  negate?: boolean;
  /** Power-up operators: the membership state to test for; `default` accepts the default state. */
  state?: string;
}

/** A group of rules and nested groups joined by `all` (and) or `any` (or). */
export interface RuleGroup {
  id?: string;
  logicalOperator: 'all' | 'any';
  rules?: Rule[];
  groups?: RuleGroup[];
}

/** A rule query is its top-level group. */
export type RuleQuery = RuleGroup;
