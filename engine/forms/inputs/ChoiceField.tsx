/** Radio groups and checkbox lists (radio, checkbox, membershipTags), and selects (options, selectors, icon). */
import type { JsonValue } from '../../../schemas/model';
import { FieldReadOnly, FieldShell } from '../FieldShell';
import { inputAria, useFormField } from '../context';
import { sortOptions } from '../submission';
import type { FieldComponentProps } from '../types';

function optionLabels(b: ReturnType<typeof useFormField>) {
  return sortOptions(
    (b.field.options ?? []).map((o) => ({ ...o, label: o.labelKey ? b.t(o.labelKey) : o.label })),
    b.field.sort,
  );
}

function readText(b: ReturnType<typeof useFormField>): string {
  const values = Array.isArray(b.state.value) ? b.state.value : [b.state.value];
  const options = b.field.options ?? [];
  return values
    .filter((v) => v !== undefined && v !== null && v !== '')
    .map((v) => options.find((o) => o.value === v)?.label ?? String(v))
    .join(', ');
}

export function ChoiceListField({ field, index, multiple }: FieldComponentProps & { multiple: boolean }) {
  const b = useFormField(field, index);
  if (!b.editing) return <FieldReadOnly binding={b} text={readText(b)} />;
  const options = optionLabels(b);
  const selected: JsonValue[] = multiple ? (Array.isArray(b.state.value) ? b.state.value : []) : [b.state.value ?? null];
  const aria = inputAria(b);
  if (multiple && !options.length) {
    return (
      <FieldShell binding={b}>
        <input {...aria} type="checkbox" checked={b.state.value === true} onChange={(e) => b.setValue(e.target.checked)} />
      </FieldShell>
    );
  }
  return (
    <FieldShell binding={b} group>
      {options.map((o, i) => {
        const id = `${b.ids.input}-${i}`;
        const checked = selected.some((v) => v === o.value);
        const toggle = () => {
          if (!multiple) return b.setValue(o.value);
          b.setValue(checked ? selected.filter((v) => v !== o.value) : [...selected, o.value]);
        };
        return (
          <div key={id} className="t-choice">
            <input
              id={id}
              type={multiple ? 'checkbox' : 'radio'}
              name={b.ids.input}
              checked={checked}
              disabled={b.disabled || o.disabled}
              tabIndex={aria.tabIndex}
              onBlur={b.touch}
              onChange={toggle}
            />
            <label htmlFor={id}>{o.label}</label>
          </div>
        );
      })}
    </FieldShell>
  );
}

/** A select with the blank choice placed first or last by the field's sort. */
export function SelectField({ field, index }: FieldComponentProps) {
  const b = useFormField(field, index);
  if (!b.editing) return <FieldReadOnly binding={b} text={readText(b)} />;
  const options = optionLabels(b);
  const hasBlank = options.some((o) => o.value === '' || o.value === null);
  const blank = hasBlank ? null : (
    <option key="__blank" value="">
      {field.placeholder ?? b.t('fields.options.blank')}
    </option>
  );
  const current = options.findIndex((o) => o.value === b.state.value);
  return (
    <FieldShell binding={b}>
      <select
        {...inputAria(b)}
        value={current < 0 ? '' : String(current)}
        onChange={(e) => b.setValue(e.target.value === '' ? undefined : options[Number(e.target.value)].value)}
      >
        {field.sort?.blankPosition !== 'last' && blank}
        {options.map((o, i) => (
          <option key={i} value={String(i)} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {field.sort?.blankPosition === 'last' && blank}
      </select>
    </FieldShell>
  );
}
