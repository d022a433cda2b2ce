/**
 * Typing in the side panel's form re-renders the field typed in and the block's preview, not the
 * whole @rjsf form. rjsf keeps the form's data in its Form and renders the whole tree for every
 * change; for the fields one types into (text and numbers, not choices) the value is held by the
 * field while typing and shown on the page through `preview` at once, and handed to rjsf when the
 * field loses focus (when rjsf validates it, `liveValidate="onBlur"`) or the form is saved (`flush`).
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { FieldPathList, FieldProps } from '@rjsf/utils';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ComponentType } from 'react';
import type { JsonObject } from '../../schemas/model';

export interface LiveForm {
  /** Shows a typed value on the page (the block's options with `value` at `path`). */
  preview(path: FieldPathList, value: unknown): void;
  /** Registers a field's hand-over to rjsf; answers its removal. */
  hold(commit: () => void): () => void;
}

export const LiveFormContext = createContext<LiveForm | null>(null);

/** Choices change once per pick and may change the schema (dependencies): rjsf takes them at once. */
const PICKED = new Set(['select', 'radio', 'checkboxes', 'checkbox', 'structureSelector', 'hidden']);

function typedInto(props: FieldProps): boolean {
  const widget = (props.uiSchema?.['ui:widget'] ?? (props.uiSchema?.['ui:options'] as { widget?: unknown } | undefined)?.widget) as unknown;
  if (typeof widget === 'string' && PICKED.has(widget)) return false;
  return !props.registry.schemaUtils.isSelect(props.schema);
}

type Change = Parameters<FieldProps['onChange']>;

function live(Field: ComponentType<FieldProps>): ComponentType<FieldProps> {
  return function LiveField(props: FieldProps) {
    const form = useContext(LiveFormContext);
    const [typed, setTyped] = useState<{ value: unknown } | null>(null);
    const pending = useRef<Change | null>(null);
    const latest = useRef(props.onChange);
    latest.current = props.onChange;
    const commit = useCallback(() => {
      const change = pending.current;
      if (!change) return;
      pending.current = null;
      latest.current(...change);
      setTyped(null);
    }, []);
    useEffect(() => form?.hold(commit), [form, commit]);
    if (!form || !typedInto(props)) return <Field {...props} />;
    return (
      <Field
        {...props}
        formData={typed ? typed.value : props.formData}
        onChange={(...change: Change) => {
          pending.current = change;
          setTyped({ value: change[0] });
          form.preview(change[1], change[0]);
        }}
        onBlur={(id, data) => {
          commit();
          props.onBlur(id, data);
        }}
      />
    );
  };
}

const { StringField, NumberField } = getDefaultRegistry().fields;

/** rjsf `fields` for the side panel: its string and number fields, held while typed into. */
export const liveFields = { StringField: live(StringField), NumberField: live(NumberField) };

/** `options` with `value` at `path` (copies along the path; the rest is shared). */
export function withValueAt(options: JsonObject, path: FieldPathList, value: unknown): JsonObject {
  const set = (target: unknown, i: number): unknown => {
    if (i === path.length) return value;
    const key = path[i];
    if (typeof key === 'number' || Array.isArray(target)) {
      const list = Array.isArray(target) ? [...(target as unknown[])] : [];
      list[Number(key)] = set(list[Number(key)], i + 1);
      return list;
    }
    const object = target && typeof target === 'object' ? (target as Record<string, unknown>) : {};
    return { ...object, [key]: set(object[key], i + 1) };
  };
  return set(options, 0) as JsonObject;
}
