/**
 * Dynamic lists (issue 30 item 2): a list whose membership is a rule query over profile data. This
 * module is the pure part: which profile fields a list's rule reads (the rule engine's
 * `dependencies`), the index field -> lists built from them, the fields a profile write changed,
 * and the evaluation of just the lists that read one of them. No database, no clock: the write
 * hook (dynamic-sync.ts) and the bench call these exact functions.
 *
 * A dynamic rule may read profile fields only (rule kinds `field` and `userField`, which read
 * `profile.data.profile.<key>` and `user.data.<key>` of the profile's own rule context). A rule
 * reading anything else (lists, entities, known values) could change without a profile write, so
 * it is refused when the list is saved; one stored anyway is left out of the index and makes
 * nobody a member (fail closed).
 */
import { sameJson } from '../../engine/core/same-json';
import type { CompiledRuleQuery } from '../../engine/core/rules/compile';
import type { RuleEngine } from '../../engine/core/rules/evaluator';
import type { RuleContext } from '../../engine/core/rules/context';
import type { Id, JsonValue, Profile, RuleQuery } from '../../schemas/model';

/** The context paths a dynamic rule may read, each followed by a profile field key. */
const FIELD_PREFIXES = ['profile.data.profile.', 'user.data.'] as const;

/** A dynamic list as the index needs it. */
export interface DynamicListRule {
  id: Id;
  rule: RuleQuery;
}

export interface DynamicListIndex {
  /** Profile field key -> ids of the lists whose rule reads it. */
  readonly byField: ReadonlyMap<string, readonly Id[]>;
  /** Each indexed list's compiled rule. */
  readonly compiled: ReadonlyMap<Id, CompiledRuleQuery>;
  /** Lists left out: their rule has problems or reads something other than profile fields. */
  readonly refused: ReadonlyMap<Id, string>;
}

/** The profile field key a context path reads (`profile.data.profile.address.city` -> `address`), or undefined when it reads no field. */
export function fieldKeyOf(path: string): string | undefined {
  for (const prefix of FIELD_PREFIXES) if (path.startsWith(prefix)) return path.slice(prefix.length).split('.')[0] || undefined;
  return undefined;
}

/**
 * The profile fields a compiled dynamic rule reads, or a reason it cannot be a dynamic rule (a
 * problem in the query, a read of something else than a profile field). A rule reading no field
 * at all (an empty group, which always matches) reads none: every profile is then a member, kept
 * by the list's full evaluation, never by a write.
 */
export function dynamicRuleFields(compiled: CompiledRuleQuery): { fields: string[] } | { refused: string } {
  if (compiled.logic === null) return { refused: compiled.problems.map((p) => `${p.path || '/'}: ${p.code}`).join('; ') || 'invalid rule' };
  const fields = new Set<string>();
  for (const path of compiled.dependencies) {
    const key = fieldKeyOf(path);
    if (key === undefined) return { refused: `reads "${path}", which is not a profile field (dynamic lists use the field and userField kinds)` };
    fields.add(key);
  }
  return { fields: [...fields].sort() };
}

/** Builds the field -> lists index of these dynamic lists (each rule compiled once by the engine, cached). */
export function buildDynamicListIndex(lists: readonly DynamicListRule[], engine: RuleEngine): DynamicListIndex {
  const byField = new Map<string, Id[]>();
  const compiled = new Map<Id, CompiledRuleQuery>();
  const refused = new Map<Id, string>();
  for (const list of lists) {
    const c = engine.compile(list.rule);
    const reads = dynamicRuleFields(c);
    if ('refused' in reads) {
      refused.set(list.id, reads.refused);
      continue;
    }
    compiled.set(list.id, c);
    for (const field of reads.fields) {
      const ids = byField.get(field);
      if (ids) ids.push(list.id);
      else byField.set(field, [list.id]);
    }
  }
  return { byField, compiled, refused };
}

type ProfileFields = Record<string, JsonValue> | undefined;

/** The field keys whose value differs between two states of a profile's data (absent on one side counts). */
export function changedProfileFields(before: ProfileFields, after: ProfileFields): string[] {
  const a = before ?? {};
  const b = after ?? {};
  const changed: string[] = [];
  // Runs on every profile write: plain loops, the structural comparison only for objects.
  for (const k of Object.keys(a)) {
    const x = a[k];
    const y = Object.hasOwn(b, k) ? b[k] : undefined;
    if (x !== y && (typeof x !== 'object' || x === null || !sameJson(x, y))) changed.push(k);
  }
  for (const k of Object.keys(b)) if (!Object.hasOwn(a, k)) changed.push(k);
  return changed;
}

/** The lists whose rule reads one of these fields, each once. */
export function listsReading(index: DynamicListIndex, fields: readonly string[]): Id[] {
  const out = new Set<Id>();
  for (const field of fields) for (const id of index.byField.get(field) ?? []) out.add(id);
  return [...out];
}

/**
 * What a dynamic rule sees of a profile: the profile as the viewed one and its data as the user's
 * (the field and userField kinds of the member's own rule context, as accountRuleContext builds it).
 * Memberships are left out: a dynamic rule reads no list.
 */
export function dynamicRuleContext(profile: Profile): RuleContext {
  return {
    user: { accountId: profile.accountId, isAdmin: false, isElevated: false, listMemberships: [], data: profile.data?.profile ?? {} },
    profile,
  };
}

/** Evaluates these lists' rules for one profile: list id -> whether the profile belongs. Unknown or refused lists answer false. */
export function evaluateDynamicLists(index: DynamicListIndex, engine: RuleEngine, context: RuleContext, listIds: readonly Id[]): Map<Id, boolean> {
  const out = new Map<Id, boolean>();
  for (const id of listIds) {
    const compiled = index.compiled.get(id);
    out.set(id, compiled ? engine.evaluateCompiled(compiled, context).matches : false);
  }
  return out;
}

/**
 * The dynamic lists a profile write must re-evaluate: those reading a changed field. A profile
 * written for the first time is evaluated against every list (a rule such as "city is empty"
 * holds for it although no field it reads was written).
 */
export function listsToEvaluate(index: DynamicListIndex, before: Profile | undefined, after: Profile): Id[] {
  if (!before) return [...index.compiled.keys()];
  return listsReading(index, changedProfileFields(before.data?.profile, after.data?.profile));
}

/** A profile write's re-evaluation: the lists reading a changed field, each with whether the profile now belongs. */
export function reevaluateProfile(index: DynamicListIndex, engine: RuleEngine, before: Profile | undefined, after: Profile): Map<Id, boolean> {
  return evaluateDynamicLists(index, engine, dynamicRuleContext(after), listsToEvaluate(index, before, after));
}
