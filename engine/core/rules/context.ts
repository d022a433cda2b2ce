/**
 * The one evaluation context every rule query is evaluated against (block visibility, page
 * visibility, conditional fields, power-up rules). Built by the engine from what it knows;
 * absent parts evaluate as absent values, never as errors.
 */
import type { Entity, Id, JsonValue, ListMembership, Profile, RuleQuery, UserState } from '../../../schemas/model';

export interface RuleContext {
  user?: Pick<UserState, 'accountId' | 'isAdmin' | 'isElevated' | 'listMemberships'> & { data?: Record<string, JsonValue> };
  /** The profile being viewed (may be the user's own). */
  profile?: Profile;
  /** The target entity of the page, if any. Entity rules without `entityId` and power-up rules read it. */
  entity?: Entity;
  /** Other entities by id, for rules naming an `entityId` (`entities.<id>`). */
  entities?: Record<Id, Entity>;
  /** The viewed profile's list memberships, for `list` and `profileEntityPowerUp` rules (with `profile.acceptedUserListIds`). */
  profileListMemberships?: ListMembership[];
  /** Current values of the form being filled, by field key. */
  form?: Record<string, JsonValue>;
  /** The user's list memberships (also under user). */
  lists?: ListMembership[];
  /** Device facts for known values: `device.isMobile`, `device.isDesktop`. */
  device?: { isMobile: boolean; isDesktop: boolean };
  /** Email-builder values, by key. */
  emailBuilder?: Record<string, JsonValue>;
  /** Known values by name, e.g. `now`, `isOwnProfile`. */
  known?: Record<string, JsonValue>;
}

/** The outcome of evaluating a rule query: a malformed query evaluates as not matching, with the error kept for admins. */
export interface RuleEvaluation {
  matches: boolean;
  error?: string;
}

/**
 * Evaluates rule queries. The engine takes one through its provider (block visibility advanced
 * rules, page visibility, conditional fields); the rule-query compiler supplies the real one.
 */
export interface RuleQueryEvaluator {
  evaluate(query: RuleQuery, context: RuleContext): RuleEvaluation;
  /** The context paths a query reads, so a change re-evaluates only the queries that depend on it. */
  dependencies?(query: RuleQuery): string[];
}

export type { Id };
