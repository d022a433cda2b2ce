/** One condition: kind, subject, operator (filtered to what fits), negation, membership state and typed value, with its errors inline. */
import { useId } from 'react';
import type { RuntimeOperator, Rule, RuleKind } from '../../schemas/model';
import { kindSubject, MEMBERSHIP_STATES, operatorFitsKind, operatorUsesState } from '../../engine/core';
import { useRulesEditorEnv } from './editor-env';
import { availableKinds, newRule, subjectChoicesFor } from './query-edit';
import { ValueInput } from './ValueInput';

interface Props {
  rule: Rule;
  /** 1-based position, for the legend. */
  position: number;
  problemPath: string;
  onChange(rule: Rule): void;
  onRemove(): void;
}

/** Operators offered for a kind and a subject's value type, in registry order. */
export function operatorsFor(operators: RuntimeOperator[], rule: Rule, subjectType: string | undefined): RuntimeOperator[] {
  return operators.filter((op) => {
    if (!operatorFitsKind(op, rule.kind)) return false;
    if (kindSubject(rule.kind) !== 'value' || !subjectType) return true;
    return op.subjects.includes(subjectType as never) || op.subjects.includes('any');
  });
}

export function RuleEditor({ rule, position, problemPath, onChange, onRemove }: Props) {
  const { t, registry, choices, messagesAt } = useRulesEditorEnv();
  const id = useId();
  const subjects = subjectChoicesFor(rule.kind, choices);
  const subjectType = kindSubject(rule.kind) === 'value' ? subjects.find((s) => s.value === rule.subject)?.type : undefined;
  const operators = operatorsFor(Object.values(registry.data.operators), rule, subjectType);
  const operator = registry.operator(rule.operator);
  const errors = messagesAt(problemPath);
  const errorId = `${id}-errors`;
  const describedBy = errors.length ? errorId : undefined;
  const at = (part: string) => messagesAt(`${problemPath}.${part}`).length > 0;

  const setKind = (kind: RuleKind) => onChange(newRule(kind, choices));
  const setSubject = (subject: string) => {
    const type = subjects.find((s) => s.value === subject)?.type;
    const stillFits = operator && operatorsFor([operator], { ...rule, subject }, type).length > 0;
    onChange(stillFits ? { ...rule, subject } : { kind: rule.kind, subject, operator: '', ...(rule.entityId ? { entityId: rule.entityId } : {}) });
  };
  const setOperator = (operatorId: string) => {
    const next = registry.operator(operatorId);
    const { value, negate, state, ...rest } = rule;
    onChange({
      ...rest,
      operator: operatorId,
      ...(next && operator && next.arity === operator.arity && value !== undefined ? { value } : {}),
      ...(next?.negatable && negate ? { negate } : {}),
      ...(next && operatorUsesState(next) && state ? { state } : {}),
    });
  };

  return (
    <fieldset className="t-rules__rule" data-rule-path={problemPath} aria-describedby={describedBy}>
      <legend>{t('rules.editor.rule', { index: position })}</legend>
      <label className="t-rules__field">
        {t('rules.editor.kind')}
        <select
          id={`${id}-kind`}
          data-rule-focus
          value={rule.kind}
          onChange={(e) => setKind(e.target.value as RuleKind)}
          aria-invalid={at('kind') || undefined}
        >
          {availableKinds(choices)
            .concat(availableKinds(choices).includes(rule.kind) ? [] : [rule.kind])
            .map((kind) => (
              <option key={kind} value={kind}>
                {t(`rules.kinds.${kind}`)}
              </option>
            ))}
        </select>
      </label>
      {kindSubject(rule.kind) !== 'list' && (
        <label className="t-rules__field">
          {t('rules.editor.subject')}
          <select id={`${id}-subject`} value={rule.subject} onChange={(e) => setSubject(e.target.value)} aria-invalid={at('subject') || undefined}>
            <option value="">{t('rules.editor.chooseSubject')}</option>
            {subjects.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {(rule.kind === 'entityField' || kindSubject(rule.kind) === 'powerUp') && (choices.entities?.length ?? 0) > 0 && (
        <label className="t-rules__field">
          {t('rules.editor.entity')}
          <select
            id={`${id}-entity`}
            value={rule.entityId ?? ''}
            onChange={(e) => {
              const { entityId: _old, ...rest } = rule;
              onChange(e.target.value ? { ...rest, entityId: e.target.value } : rest);
            }}
            aria-invalid={at('entityId') || undefined}
          >
            <option value="">{t('rules.editor.targetEntity')}</option>
            {choices.entities!.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="t-rules__field">
        {t('rules.editor.operator')}
        <select id={`${id}-operator`} value={rule.operator} onChange={(e) => setOperator(e.target.value)} aria-invalid={at('operator') || undefined}>
          <option value="">{t('rules.editor.chooseOperator')}</option>
          {operators.map((op) => (
            <option key={op.id} value={op.id}>
              {t(`rules.operators.${op.id}`)}
            </option>
          ))}
        </select>
      </label>
      {operator?.negatable && (
        <label className="t-rules__check">
          <input type="checkbox" checked={!!rule.negate} onChange={(e) => onChange({ ...rule, negate: e.target.checked || undefined })} />
          {t('rules.editor.negate')}
        </label>
      )}
      {operator && operatorUsesState(operator) && (
        <label className="t-rules__field">
          {t('rules.editor.state')}
          <select
            id={`${id}-state`}
            value={rule.state ?? 'default'}
            onChange={(e) => onChange({ ...rule, state: e.target.value === 'default' ? undefined : e.target.value })}
          >
            {MEMBERSHIP_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`rules.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {operator && (
        <ValueInput
          id={`${id}-value`}
          kind={rule.kind}
          operator={operator}
          subjectType={subjectType}
          value={rule.value}
          invalid={at('value')}
          describedBy={describedBy}
          onChange={(value) => {
            const { value: _old, ...rest } = rule;
            onChange(value === undefined ? rest : { ...rest, value });
          }}
        />
      )}
      <button type="button" className="t-rules__remove" onClick={onRemove} aria-label={`${t('rules.editor.remove')} ${position}`}>
        {t('rules.editor.remove')}
      </button>
      {errors.length > 0 && (
        <ul id={errorId} className="t-rules__errors">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
