/** The React side of a form: its context and the hooks field components use. */
import { createContext, useCallback, useContext, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import type { Field, Id, JsonValue } from '../../schemas/model';
import type { Translator } from '../core/i18n';
import type { ContentLookup } from '../core/i18n/content-keys';
import { errorKey } from '../core/validation';
import type { FormController } from './controller';
import type { FieldComponents, FieldState } from './types';

export interface FormContextValue {
  controller: FormController;
  components: FieldComponents;
  t: Translator['t'];
  /** Content translations: a field's label, placeholder, help texts and choices in the member's language (content-keys.ts). */
  lookup?: ContentLookup;
  /** `#privacy` in the URL: tabbing moves between privacy buttons instead of inputs. */
  privacyTabbing: boolean;
}

export const FormContext = createContext<FormContextValue | null>(null);

/**
 * Form-wide modes every field reads, subscribed once by FormRoot: a field reading them through
 * its own atom subscriptions would add two per field to a mount (20,000 at 5,000 fields). They
 * change rarely (edit toggle, a save attempt), when every field re-renders anyway.
 */
export interface FormMode {
  editing: boolean;
  showAllErrors: boolean;
}
export const FormModeContext = createContext<FormMode>({ editing: false, showAllErrors: false });

export function useFormContext(): FormContextValue {
  const value = useContext(FormContext);
  if (!value) throw new Error('Form field rendered outside a form: wrap it in <FormRoot>');
  return value;
}

/** DOM ids of a field's parts, unique per form, field and repeater index. */
export function fieldDomIds(formId: string, fieldId: Id, index?: number) {
  const base = `f-${formId}-${errorKey(fieldId, index)}`.replace(/[^A-Za-z0-9_-]/g, '_');
  return { input: `${base}-input`, label: `${base}-label`, errors: `${base}-errors`, hint: `${base}-hint` };
}

export interface FormFieldBinding {
  field: Field;
  index?: number;
  state: FieldState;
  editing: boolean;
  disabled: boolean;
  /** Translated messages of the field's failures, shown once touched, dirty or after a save attempt. */
  errors: string[];
  ids: ReturnType<typeof fieldDomIds>;
  /** -1 while privacy tabbing is on, so Tab moves between privacy buttons. */
  inputTabIndex: number | undefined;
  label: string;
  t: Translator['t'];
  setValue(value: JsonValue | undefined, inputValue?: JsonValue): void;
  touch(): void;
}

/** Binds a field component to its atom: it re-renders when this field changes, never for others. */
export function useFormField(field: Field, index?: number): FormFieldBinding {
  const { controller, t, privacyTabbing } = useFormContext();
  const state = useAtomValue(controller.stateAtom(field.id, index));
  const { editing, showAllErrors: showAll } = useContext(FormModeContext);
  const setValue = useCallback(
    (value: JsonValue | undefined, inputValue?: JsonValue) => controller.setValue(field.id, index, value, inputValue),
    [controller, field.id, index],
  );
  const touch = useCallback(() => controller.touch(field.id, index), [controller, field.id, index]);
  const ids = useMemo(() => fieldDomIds(controller.formId, field.id, index), [controller.formId, field.id, index]);
  const shown = state.touched || state.dirty || showAll;
  const errors = useMemo(() => (shown ? state.errors.map((e) => t(e.key, e.params)) : []), [shown, state.errors, t]);
  return {
    field,
    index,
    state,
    editing,
    disabled: !!field.disabled || !!field.qProps?.disable,
    errors,
    ids,
    inputTabIndex: privacyTabbing ? -1 : undefined,
    label: field.labelKey ? t(field.labelKey) : (field.label ?? field.key ?? field.name ?? field.id),
    t,
    setValue,
    touch,
  };
}

/** ARIA attributes tying an input to its label and errors. */
export function inputAria(b: FormFieldBinding) {
  return {
    id: b.ids.input,
    'aria-invalid': b.errors.length ? true : undefined,
    'aria-describedby': b.errors.length ? b.ids.errors : undefined,
    'aria-required': b.field.validation?.required ? true : undefined,
    tabIndex: b.inputTabIndex,
    disabled: b.disabled,
    onBlur: b.touch,
  } as const;
}

/** Whether a conditional field's rules currently match (re-renders only when the answer flips). */
export function useConditionMatches(field: Field, index?: number): boolean {
  const { controller } = useFormContext();
  return useAtomValue(controller.conditionAtom(field.id, index));
}

/** A repeater's items and the actions on them (add, mark deleted / restore, edit label). */
export function useRepeater(field: Field) {
  const { controller } = useFormContext();
  const items = useAtomValue(controller.itemsAtom(field.id));
  const { editing } = useContext(FormModeContext);
  return {
    items,
    editing,
    add: () => controller.addItem(field.id),
    setDeleted: (index: number, deleted: boolean) => controller.setItemDeleted(field.id, index, deleted),
    setLabel: (index: number, label: string) => controller.setItemLabel(field.id, index, label),
  };
}
