/**
 * Validating a field value and a whole form with the registry's rule sets (spec 5.1): only the
 * rules the field's type accepts apply; `skipValidation` skips a field; fields hidden by an
 * unmatched conditional never produce errors. The server calls these on a submitted form.
 */
import type { Field, JsonValue } from '../../../schemas/model';
import type { RuleContext, RuleQueryEvaluator } from '../rules/context';
import { buildFieldTree, childrenOf, conditionMatches, errorKey, fieldName, type FieldTree, type FormValues } from './fields';
import { validationRules } from './rules';
import { uniquenessNeedsServer } from './rules/uniqueness';
import { isAsyncRule, type AsyncRuleChecker, type RuleRunContext, type RuleValue, type ValidationFailure } from './types';
import { isEmptyValue } from './values';

/** Field type name -> accepted rule names (the registry's `rules`). */
export type AcceptedRules = Record<string, { rules: string[] }>;

export interface FieldValidationContext extends RuleRunContext {
  fieldTypes: AcceptedRules;
}

/** Rules of the field that apply: set on the field, accepted by its type, implemented. */
export function applicableRules(field: Field, fieldTypes: AcceptedRules): [string, JsonValue][] {
  if (field.skipValidation || !field.validation) return [];
  const accepted = fieldTypes[field.type]?.rules ?? [];
  return Object.entries(field.validation).filter(([name, params]) => params !== false && params !== null && accepted.includes(name) && !!validationRules[name]);
}

/** Runs one rule by name (also for rules no field type accepts, e.g. slug, entity_title). */
export function runRule(name: string, value: RuleValue, params: JsonValue, context: RuleRunContext = {}): ValidationFailure | null {
  const rule = validationRules[name];
  if (!rule) throw new Error(`Unknown validation rule "${name}"`);
  const check = isAsyncRule(rule) ? rule.precheck : rule.validate;
  if (!check) return null;
  if (!(!isAsyncRule(rule) && rule.checksEmpty) && isEmptyValue(value)) return null;
  const outcome = check(value, params, context);
  return outcome ? { rule: name, severity: outcome.severity ?? 'error', key: outcome.key, ...(outcome.params ? { params: outcome.params } : {}) } : null;
}

/** The synchronous failures of a field's value, all of them. */
export function validateFieldValue(field: Field, value: RuleValue, context: FieldValidationContext): ValidationFailure[] {
  const failures: ValidationFailure[] = [];
  for (const [name, params] of applicableRules(field, context.fieldTypes)) {
    const failure = runRule(name, value, params, { ...context, label: context.label ?? field.label });
    if (failure) failures.push(failure);
  }
  return failures;
}

/** Server rules (slug_valid, feed_valid, uniqueness) of a field whose local check passed, through the injected checker. */
export async function validateFieldValueAsync(
  field: Field,
  value: RuleValue,
  context: FieldValidationContext & { checker?: AsyncRuleChecker },
): Promise<ValidationFailure[]> {
  const failures: ValidationFailure[] = [];
  for (const [name, params] of applicableRules(field, context.fieldTypes)) {
    const rule = validationRules[name];
    if (!isAsyncRule(rule) || isEmptyValue(value) || runRule(name, value, params, context)) continue;
    if (name === 'uniqueness' && !uniquenessNeedsServer(params)) continue;
    if (!context.checker) throw new Error(`Field "${fieldName(field)}" uses the server rule "${name}" but no async rule checker was provided`);
    const answer = await context.checker({ rule: name, value, params, fieldId: field.id });
    if (answer === true) continue;
    const messageKey = `validation.${name}`;
    failures.push(
      answer === false
        ? { rule: name, key: messageKey, severity: 'error' }
        : { rule: name, severity: answer.severity ?? 'error', key: answer.key, ...(answer.params ? { params: answer.params } : {}) },
    );
  }
  return failures;
}

/** Errors of a form, keyed by field id (and `[index]` inside repeaters). */
export type FormErrors = Record<string, ValidationFailure[]>;

export interface FormValidationContext extends FieldValidationContext {
  evaluator?: RuleQueryEvaluator;
  ruleContext?: RuleContext;
  /** Root field ids in order (a block's `fields`); all fields not held by another when absent. */
  rootIds?: string[];
}

/** Calls `visit` for every field that is active: not below a conditional whose rules do not match. */
export function forEachActiveField(
  tree: FieldTree,
  values: FormValues,
  context: Pick<FormValidationContext, 'evaluator' | 'ruleContext'>,
  visit: (field: Field, value: JsonValue | undefined, index: number | undefined, itemValues: FormValues) => void,
): void {
  const ruleContext: RuleContext = { ...context.ruleContext, form: values as Record<string, JsonValue> };
  const walk = (fields: Field[], scope: FormValues, index: number | undefined) => {
    for (const field of fields) {
      if (field.type === 'conditional') {
        if (conditionMatches(field, context.evaluator, ruleContext)) walk(childrenOf(tree, field), scope, index);
        continue;
      }
      if (field.type === 'group') {
        walk(childrenOf(tree, field), scope, index);
        continue;
      }
      const value = scope[fieldName(field)];
      visit(field, value, index, scope);
      if (field.type === 'repeater' && Array.isArray(value)) {
        value.forEach((item, i) => {
          if (item && typeof item === 'object' && !Array.isArray(item)) walk(childrenOf(tree, field), item as FormValues, i);
        });
      }
    }
  };
  walk(tree.roots, values, undefined);
}

/** Validates submitted values; only failures with severity `error` are returned as blocking, warnings alongside. */
export function validateForm(fields: Field[], values: FormValues, context: FormValidationContext): FormErrors {
  const tree = buildFieldTree(fields, context.rootIds);
  const errors: FormErrors = {};
  forEachActiveField(tree, values, context, (field, value, index, scope) => {
    const failures = validateFieldValue(field, value, { ...context, values: scope });
    if (failures.length) errors[errorKey(field.id, index)] = failures;
  });
  return errors;
}

/** Whether any failure blocks submit (warnings do not). */
export const hasBlockingErrors = (errors: FormErrors): boolean => Object.values(errors).some((list) => list.some((f) => f.severity === 'error'));

/**
 * validateForm plus the server rules of fields whose local rules passed, through the checker
 * (on the server the checker queries storage directly). Errors keyed as in validateForm.
 * `serverRulesFor` limits the server rules to some fields (a save checks only the fields it changes).
 */
export async function validateFormAsync(
  fields: Field[],
  values: FormValues,
  context: FormValidationContext & { checker?: AsyncRuleChecker; serverRulesFor?: (field: Field) => boolean },
): Promise<FormErrors> {
  const errors = validateForm(fields, values, context);
  const tree = buildFieldTree(fields, context.rootIds);
  const pending: Promise<void>[] = [];
  forEachActiveField(tree, values, context, (field, value, index, scope) => {
    const key = errorKey(field.id, index);
    if (errors[key] || (context.serverRulesFor && !context.serverRulesFor(field))) return;
    pending.push(
      validateFieldValueAsync(field, value, { ...context, values: scope }).then((failures) => {
        if (failures.length) errors[key] = failures;
      }),
    );
  });
  await Promise.all(pending);
  return errors;
}
