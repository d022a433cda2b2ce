/** Field addressing and the form tree, shared by the React form and the server. */
import type { Field, Id, JsonValue } from '../../../schemas/model';
import type { RuleContext, RuleQueryEvaluator } from '../rules/context';

/** Thrown for a form set up wrongly (spec 5.3, 8): a field with no id, key or name. */
export class FormSetupError extends Error {
  override name = 'FormSetupError';
}

/** The name a field's value is stored under: key, else name, else id. */
export function fieldName(field: Partial<Pick<Field, 'id' | 'key' | 'name'>>): string {
  const name = field.key || field.name || field.id;
  if (!name) throw new FormSetupError('A form field needs an id, key or name; got a field with none of them');
  return name;
}

/** Errors are keyed by field id, and by repeater index for fields inside a repeater item. */
export const errorKey = (fieldId: Id, index?: number): string => (index === undefined ? fieldId : `${fieldId}[${index}]`);

export interface FieldTree {
  byId: Map<Id, Field>;
  /** Fields that are nobody's child, in order. */
  roots: Field[];
  parentOf: Map<Id, Id>;
}

export function buildFieldTree(fields: Field[], rootIds?: Id[]): FieldTree {
  const byId = new Map<Id, Field>();
  for (const f of fields) {
    fieldName(f);
    byId.set(f.id, f);
  }
  const parentOf = new Map<Id, Id>();
  for (const f of fields) for (const c of f.childIds ?? []) parentOf.set(c, f.id);
  const roots = (rootIds ?? fields.map((f) => f.id)).filter((id) => !parentOf.has(id) && byId.has(id)).map((id) => byId.get(id)!);
  return { byId, roots, parentOf };
}

export const childrenOf = (tree: FieldTree, field: Field): Field[] => (field.childIds ?? []).map((id) => tree.byId.get(id)).filter((f): f is Field => !!f);

/** Whether a conditional field's rules match; no rules always match, no evaluator never does. */
export function conditionMatches(field: Field, evaluator: RuleQueryEvaluator | undefined, context: RuleContext): boolean {
  if (!field.rules) return true;
  return evaluator ? evaluator.evaluate(field.rules, context).matches : false;
}

/** Form values by field name (repeaters hold an array of items, each by child field name). */
export type FormValues = Record<string, JsonValue | undefined>;
