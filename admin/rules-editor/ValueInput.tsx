/** The operand input of a rule, typed from its operator (`arity`, `valueSchema`) and its subject's value type. */
import type { JsonValue, RuntimeOperator, OperatorSubject, RuleKind } from '../../schemas/model';
import { kindSubject } from '../../engine/core';
import type { Choice } from './types';
import { useRulesEditorEnv } from './editor-env';

interface Props {
  id: string;
  kind: RuleKind;
  operator: RuntimeOperator;
  subjectType: OperatorSubject | undefined;
  /** The subject's known values (a radio's or checkboxes' options): picked, not typed. */
  options?: Choice[];
  value: JsonValue | undefined;
  onChange(value: JsonValue | undefined): void;
  invalid: boolean;
  describedBy?: string;
}

const inputType = (type: OperatorSubject | undefined) => (type === 'number' ? 'number' : type === 'date' ? 'date' : 'text');

function parse(text: string, type: OperatorSubject | undefined, schemaType: JsonValue | undefined): JsonValue | undefined {
  if (text === '') return undefined;
  const numeric = type === 'number' || schemaType === 'number';
  return numeric && Number.isFinite(Number(text)) ? Number(text) : text;
}

const csv = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Checkboxes by name; a stored value no longer among the options (a deleted list) shows as unknown, so it can be unticked. */
function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  describedBy,
  invalid,
  unknownLabel,
}: {
  legend: string;
  options: Choice[];
  value: JsonValue | undefined;
  onChange(v: string[] | undefined): void;
  describedBy?: string;
  invalid: boolean;
  unknownLabel(value: string): string;
}) {
  const selected = Array.isArray(value) ? value.map(String) : [];
  const set = (next: string[]) => onChange(next.length ? next : undefined);
  const known = new Set(options.map((o) => o.value));
  const shown = [...options, ...selected.filter((v) => !known.has(v)).map((v) => ({ value: v, label: unknownLabel(v) }))];
  return (
    <fieldset className="t-rules__values" aria-describedby={describedBy} data-invalid={invalid || undefined}>
      <legend>{legend}</legend>
      {shown.map((o) => (
        <label key={o.value}>
          <input
            type="checkbox"
            checked={selected.includes(o.value)}
            onChange={(e) => set(e.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value))}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

export function ValueInput({ id, kind, operator, subjectType, options: known, value, onChange, invalid, describedBy }: Props) {
  const { t, choices } = useRulesEditorEnv();
  const common = { 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy };
  if (operator.arity === 0) return null;

  if (operator.arity === 'many') {
    const lists = kindSubject(kind) === 'list';
    const options = lists ? choices.lists : choices.membershipTags;
    if (options?.length)
      return (
        <CheckboxGroup
          legend={t(lists ? 'rules.editor.lists' : 'rules.editor.value')}
          options={options}
          value={value}
          onChange={onChange}
          describedBy={describedBy}
          invalid={invalid}
          unknownLabel={(v) => t(lists ? 'rules.editor.unknownList' : 'rules.editor.unknownValue', { value: v })}
        />
      );
    const hintId = `${id}-hint`;
    return (
      <label className="t-rules__field">
        {t('rules.editor.value')}
        <input
          id={id}
          type="text"
          value={Array.isArray(value) ? value.join(', ') : ''}
          onChange={(e) => onChange(csv(e.target.value).length ? csv(e.target.value) : undefined)}
          {...common}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        />
        <small id={hintId}>{t(kindSubject(kind) === 'powerUp' ? 'rules.editor.tagsHint' : 'rules.editor.valuesHint')}</small>
      </label>
    );
  }

  if (operator.arity === 2) {
    const pair = Array.isArray(value) ? value : [];
    const set = (i: 0 | 1, text: string) => {
      const next = [pair[0] ?? '', pair[1] ?? ''] as JsonValue[];
      next[i] = parse(text, subjectType, 'number') ?? '';
      onChange(next[0] === '' && next[1] === '' ? undefined : next);
    };
    return (
      <>
        {(['min', 'max'] as const).map((bound, i) => (
          <label key={bound} className="t-rules__field">
            {t(`rules.editor.${bound}`)}
            <input
              id={`${id}-${bound}`}
              type={inputType(subjectType)}
              value={String(pair[i] ?? '')}
              onChange={(e) => set(i as 0 | 1, e.target.value)}
              {...common}
            />
          </label>
        ))}
      </>
    );
  }

  if (known?.length) {
    return (
      <label className="t-rules__field">
        {t('rules.editor.value')}
        <select
          id={id}
          value={value === undefined || value === null ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
          {...common}
        >
          <option value="">{t('rules.editor.chooseValue')}</option>
          {known.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    );
  }

  if (subjectType === 'boolean') {
    return (
      <label className="t-rules__field">
        {t('rules.editor.value')}
        <select
          id={id}
          value={value === undefined ? '' : String(value)}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'true')}
          {...common}
        >
          <option value="">{t('rules.editor.chooseValue')}</option>
          <option value="true">{t('rules.editor.yes')}</option>
          <option value="false">{t('rules.editor.no')}</option>
        </select>
      </label>
    );
  }

  return (
    <label className="t-rules__field">
      {t('rules.editor.value')}
      <input
        id={id}
        type={inputType(subjectType)}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(e) => onChange(parse(e.target.value, subjectType, operator.valueSchema?.type))}
        {...common}
      />
    </label>
  );
}
