/**
 * A member's answers to an application's form, checked as the form engine checks the form in the
 * browser (engine/core/validation: the rules each field sets and its type accepts, conditionals
 * that hide fields, required fields), plus what only the server can refuse: answers naming no field
 * of the form, too many answers, values a field type cannot hold. Every refusal is a 400 naming the
 * field; rich text is stored sanitised.
 */
import { createRegistry } from '../../engine/core/registry';
import { createRuleEngine } from '../../engine/core/rules/evaluator';
import { fieldName, validateForm, type AcceptedRules } from '../../engine/core/validation';
import { ownValue } from '../../engine/core/own';
import type { Field, JsonValue } from '../../schemas/model';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { sanitizeFieldValues } from '../html/sanitize';
import { refuseBlockingErrors } from '../validation';

/** At most this many answers (an application holds at most as many fields). */
export const MAX_ANSWERS = 200;

const engines = new WeakMap<AppContext, { fieldTypes: AcceptedRules; evaluator: ReturnType<typeof createRuleEngine> }>();

function formEngine(ctx: AppContext) {
  let engine = engines.get(ctx);
  if (!engine) {
    engine = {
      fieldTypes: Object.fromEntries(Object.entries(ctx.registry.fields).map(([type, entry]) => [type, { rules: entry.rules ?? [] }])),
      evaluator: createRuleEngine(createRegistry(ctx.registry)),
    };
    engines.set(ctx, engine);
  }
  return engine;
}

/** Fields that hold a value (not layout: the registry's displayOnly types). */
export const valuedFields = (ctx: AppContext, fields: readonly Field[]): Field[] => fields.filter((f) => !ownValue(ctx.registry.fields, f.type)?.displayOnly);

/** The answers as they are stored (rich text sanitised), or a 400 naming what is wrong. */
export function checkAnswers(ctx: AppContext, fields: readonly Field[], answers: Record<string, JsonValue>): Record<string, JsonValue> {
  const ids = Object.keys(answers);
  if (ids.length > MAX_ANSWERS) throw badRequest(`answers: at most ${MAX_ANSWERS} answers, got ${ids.length}`);
  const byId = new Map(valuedFields(ctx, fields).map((f) => [f.id, f]));
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length)
    throw badRequest(
      `answers: ${unknown.map((id) => `"${id.slice(0, 80)}"`).join(', ')} ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of this application`,
    );
  for (const id of ids) ctx.validator.fieldValue(byId.get(id)!, answers[id], `answers.${id}`);
  const stored = sanitizeFieldValues(answers, (id) => byId.get(id));
  // The form engine reads values by field name (key, name or id): answers are kept by id.
  const values: Record<string, JsonValue> = {};
  for (const [id, value] of Object.entries(stored)) values[fieldName(byId.get(id)!)] = value;
  const { fieldTypes, evaluator } = formEngine(ctx);
  refuseBlockingErrors(validateForm([...fields], values, { fieldTypes, evaluator, ruleContext: {} }), 'answers');
  return stored;
}
