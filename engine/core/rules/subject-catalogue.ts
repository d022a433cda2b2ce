/**
 * What rules can talk about, by name: the lists (picked by name, stored by id), the profile fields
 * with their value types and options, the form's fields, the built-in known values. The server
 * builds it from what it stores (GET admin/rules/subjects) and checks a previewed query against it;
 * the rules editor offers exactly these choices.
 */
import type { Field, OperatorSubject, RuleKind } from '../../../schemas/model';
import type { Registry } from '../registry';
import { fieldName } from '../validation/fields';
import { builtInSubjectType, fieldSubjectType, kindSubject, type SubjectTypeOf } from './subjects';

/** One thing an admin can pick: a stored value and the label shown. */
export interface Choice {
  value: string;
  label: string;
}

/** A field or known value a rule can test, with the kind of value it holds (filters the operators) and its options when it has them. */
export interface SubjectChoice extends Choice {
  type: OperatorSubject;
  /** The values it can hold, picked rather than typed (radio, options, checkboxes). */
  options?: Choice[];
}

/**
 * What the rules can talk about, passed in by the host (block visibility, conditional field):
 * a kind is offered only when it has choices.
 */
export interface RuleSubjectChoices {
  /** Profile fields of the viewed profile (kind `field`). */
  fields?: SubjectChoice[];
  /** The signed-in member's own profile fields (kind `userField`). */
  userFields?: SubjectChoice[];
  entityFields?: SubjectChoice[];
  /** Fields of the form being filled: offered inside forms only (conditional fields). */
  formFields?: SubjectChoice[];
  emailBuilderFields?: SubjectChoice[];
  knownValues?: SubjectChoice[];
  /** User lists, the operands of list operators (kinds `list`, `userList`). */
  lists?: Choice[];
  /** Power-ups, the subjects of power-up kinds. */
  powerUps?: Choice[];
  /** Entities an entity-field or power-up rule may name instead of the page's target entity. */
  entities?: Choice[];
  /** Membership tags offered to the tag operators; free text when absent. */
  membershipTags?: Choice[];
}

/** Who a rule query lets in, as the server counts it for the editor's "who sees this" (POST admin/rules/preview). */
export interface RulePreview {
  /** Accounts the query matches, each judged on the context it has when signed in; a few names, sorted. */
  accounts: { count: number; total: number; names: string[] };
  /** Lists whose members, as members of that list alone, the query lets in. */
  lists: { id: string; name: string }[];
}

const FIELD_CHOICES: Partial<Record<RuleKind, keyof RuleSubjectChoices>> = {
  field: 'fields',
  userField: 'userFields',
  entityField: 'entityFields',
  formField: 'formFields',
  emailBuilderField: 'emailBuilderFields',
  knownValueField: 'knownValues',
};

/** The subjects offered for a kind: field choices, power-ups, or none (list kinds test the member's lists). */
export function subjectChoicesFor(kind: RuleKind, choices: RuleSubjectChoices): SubjectChoice[] {
  const subject = kindSubject(kind);
  if (subject === 'list') return [];
  if (subject === 'powerUp') return (choices.powerUps ?? []).map((c) => ({ ...c, type: 'powerUp' }));
  const key = FIELD_CHOICES[kind];
  return ((key && choices[key]) as SubjectChoice[] | undefined) ?? [];
}

/** The subject types the choices tell, for the compiler: a rule on a subject not in the choices is not judged by type. */
export function subjectTypeFrom(choices: RuleSubjectChoices): SubjectTypeOf {
  return (rule) => builtInSubjectType(rule) ?? subjectChoicesFor(rule.kind, choices).find((c) => c.value === rule.subject)?.type;
}

/**
 * The fields a rule can test, once per stored name (the first definition wins), labelled by
 * their label and typed by their field type. Valueless fields and unreadable entries are left out.
 */
export function fieldSubjectChoices(fields: readonly unknown[], registry: Registry): SubjectChoice[] {
  const out = new Map<string, SubjectChoice>();
  for (const raw of fields) {
    if (!raw || typeof raw !== 'object') continue;
    const field = raw as Field;
    if (typeof field.type !== 'string') continue;
    const type = fieldSubjectType(field.type, registry.fieldType(field.type));
    let name: string;
    try {
      name = fieldName(field);
    } catch {
      continue; // a stored field with no id, key or name: nothing to address
    }
    if (!type || typeof name !== 'string' || out.has(name)) continue;
    const label = typeof field.label === 'string' && field.label.trim() ? field.label : name;
    const options = Array.isArray(field.options)
      ? field.options
          .filter((o) => o && (typeof o.value === 'string' || typeof o.value === 'number'))
          .map((o) => ({ value: String(o.value), label: typeof o.label === 'string' && o.label ? o.label : String(o.value) }))
      : [];
    out.set(name, { value: name, label, type, ...(options.length ? { options } : {}) });
  }
  return [...out.values()].sort((a, b) => a.label.localeCompare(b.label));
}
