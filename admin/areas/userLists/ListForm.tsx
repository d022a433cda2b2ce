/**
 * A list's label, type and capacity ("Unlimited" or a number: null is unlimited, community §5),
 * and whether its members come from a rule over their profiles (a dynamic list): the rule is
 * edited in the rules editor, offered the profile fields only (what the server evaluates dynamic
 * lists on), with who it would let in. Saving fails with the §8 sentence, the server's reason under it.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { isEmptyRuleQuery } from '../../../engine/core';
import type { RuleQuery } from '../../../schemas/model';
import type { UserListInput, UserListType, UserListView } from '../../../schemas/model/api/lists';
import { countText } from '../../core/count-text';
import { fullRegistry } from '../../core/full-registry';
import type { ListsApiError } from '../../core/lists-api';
import { useAdminFrame } from '../../frame/frame-context';
import { RulesEditorDialog, type RuleSubjectChoices } from '../../rules-editor';
import { RuleSetCopy } from '../../rules-editor/RuleSetCopy';
import type { RulePreview } from '../../../engine/core/rules/subject-catalogue';

const EMPTY_RULE: RuleQuery = { logicalOperator: 'all', rules: [] };
/** Until the fields arrive nothing is offered (not the editor's built-in known values, which the server does not evaluate here). */
const NO_SUBJECTS: RuleSubjectChoices = { knownValues: [] };

/** The server's rule subjects, asked once the form needs them, narrowed to the profile fields a dynamic list may read (no known values: the server evaluates profiles only). */
function useProfileFieldSubjects(wanted: boolean): { subjects: RuleSubjectChoices; failed?: string } {
  const { services } = useAdminFrame();
  const [loaded, setLoaded] = useState<RuleSubjectChoices>();
  const [failed, setFailed] = useState<string>();
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    services.request<RuleSubjectChoices>('GET', 'admin/rules/subjects').then(
      (all) => live && setLoaded({ fields: all.fields ?? [], userFields: all.userFields ?? [], knownValues: [] }),
      (error: { message?: string }) => live && setFailed(error?.message ?? ''),
    );
    return () => {
      live = false;
    };
  }, [wanted, loaded, services]);
  return useMemo(() => ({ subjects: loaded ?? NO_SUBJECTS, failed }), [loaded, failed]);
}

const TYPES: readonly UserListType[] = ['standard', 'connection', 'entity'];

export interface ListFormProps {
  list?: UserListView;
  onSave(input: UserListInput): Promise<void>;
  onCancel(): void;
  /** Inside a dialog the dialog draws the buttons' bar. */
  submitLabel: string;
}

export function ListForm({ list, onSave, onCancel, submitLabel }: ListFormProps) {
  const t = useAdminFrame().t;
  const id = useId();
  const [label, setLabel] = useState(list?.label ?? '');
  const [type, setType] = useState<UserListType>(list?.type ?? 'standard');
  const [unlimited, setUnlimited] = useState(list ? list.capacity === null : true);
  const [capacity, setCapacity] = useState(list?.capacity != null ? String(list.capacity) : '');
  const [dynamic, setDynamic] = useState(list?.dynamic ?? false);
  const [rule, setRule] = useState<RuleQuery>(list?.rule ?? EMPTY_RULE);
  const [ruleOpen, setRuleOpen] = useState(false);
  const { services } = useAdminFrame();
  const { subjects, failed: subjectsFailed } = useProfileFieldSubjects(dynamic);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  const capacityNumber = Number(capacity);
  const labelProblem = !label.trim() ? t('adminAreas.lists.form.labelRequired') : undefined;
  const capacityProblem =
    !unlimited && (capacity.trim() === '' || !Number.isInteger(capacityNumber) || capacityNumber < 0 || capacityNumber > 1_000_000)
      ? t('adminAreas.lists.form.capacityInvalid')
      : undefined;
  const ruleProblem = dynamic && isEmptyRuleQuery(rule) ? t('adminAreas.lists.form.ruleRequired') : undefined;
  const ruleCount = (rule.rules?.length ?? 0) + (rule.groups?.length ?? 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setFailure(undefined);
    if (labelProblem || capacityProblem || ruleProblem) return;
    setSaving(true);
    try {
      await onSave({
        label: label.trim(),
        ...(list?.system ? {} : { type }),
        capacity: unlimited ? null : capacityNumber,
        // A system list keeps its membership source; otherwise the rule goes with dynamic.
        ...(list?.system ? {} : dynamic ? { dynamic, rule } : { dynamic }),
      });
    } catch (error) {
      setFailure((error as ListsApiError).message ?? '');
      setTouched(false);
      setSaving(false);
      return;
    }
    setSaving(false);
  };

  return (
    <form className="t-membership-form" noValidate onSubmit={(e) => void submit(e)} aria-label={submitLabel}>
      <label htmlFor={`${id}-label`}>{t('adminAreas.lists.form.label')}</label>
      <input
        id={`${id}-label`}
        type="text"
        maxLength={120}
        required
        value={label}
        aria-invalid={touched && labelProblem ? true : undefined}
        aria-describedby={touched && labelProblem ? `${id}-label-error` : undefined}
        onChange={(e) => setLabel(e.target.value)}
      />
      {touched && labelProblem && (
        <p id={`${id}-label-error`} className="t-admin-notice--error">
          {labelProblem}
        </p>
      )}
      <label htmlFor={`${id}-type`}>{t('adminAreas.lists.form.type')}</label>
      <select id={`${id}-type`} value={type} disabled={list?.system} onChange={(e) => setType(e.target.value as UserListType)}>
        {TYPES.map((x) => (
          <option key={x} value={x}>
            {t(`adminAreas.lists.types.${x}`)}
          </option>
        ))}
      </select>
      <fieldset>
        <legend>{t('adminAreas.lists.form.capacity')}</legend>
        <label className="t-membership-check">
          <input type="checkbox" checked={unlimited} onChange={(e) => setUnlimited(e.target.checked)} />
          {t('adminAreas.lists.unlimited')}
        </label>
        {!unlimited && (
          <>
            <label htmlFor={`${id}-capacity`}>{t('adminAreas.lists.form.places')}</label>
            <input
              id={`${id}-capacity`}
              type="number"
              min={0}
              max={1_000_000}
              step={1}
              inputMode="numeric"
              value={capacity}
              aria-invalid={touched && capacityProblem ? true : undefined}
              aria-describedby={touched && capacityProblem ? `${id}-capacity-error` : undefined}
              onChange={(e) => setCapacity(e.target.value)}
            />
            {touched && capacityProblem && (
              <p id={`${id}-capacity-error`} className="t-admin-notice--error">
                {capacityProblem}
              </p>
            )}
          </>
        )}
      </fieldset>
      <fieldset>
        <legend>{t('adminAreas.lists.form.membership')}</legend>
        <label className="t-membership-check">
          <input
            type="checkbox"
            role="switch"
            checked={dynamic}
            disabled={list?.system}
            aria-describedby={`${id}-rule-hint`}
            onChange={(e) => setDynamic(e.target.checked)}
          />
          {t('adminAreas.lists.form.dynamic')}
        </label>
        <p className="t-admin-meta" id={`${id}-rule-hint`}>
          {t(dynamic ? 'adminAreas.lists.form.dynamicHint' : 'adminAreas.lists.form.standardHint')}
        </p>
        {dynamic && (
          <p>
            {isEmptyRuleQuery(rule) ? t('adminAreas.lists.form.noRule') : countText(t, services.locale, 'adminAreas.lists.form.ruleSummary', ruleCount)}{' '}
            <button type="button" className="ts-button" aria-haspopup="dialog" disabled={list?.system} onClick={() => setRuleOpen(true)}>
              {t('adminAreas.lists.form.editRule')}
            </button>
          </p>
        )}
        {dynamic && !list?.system && <RuleSetCopy request={services.request} onCopy={(query) => setRule(query)} />}
        {touched && ruleProblem && <p className="t-admin-notice--error">{ruleProblem}</p>}
        {subjectsFailed !== undefined && <p className="t-admin-notice--error">{t('adminAreas.lists.form.subjectsFailed', { message: subjectsFailed })}</p>}
      </fieldset>
      <RulesEditorDialog
        open={ruleOpen}
        onClose={() => setRuleOpen(false)}
        title={t('adminAreas.lists.form.ruleTitle')}
        query={rule}
        onChange={setRule}
        registry={fullRegistry}
        subjects={subjects}
        locale={services.locale}
        preview={(query) => services.request<RulePreview>('POST', 'admin/rules/preview', { query })}
      />
      {failure !== undefined && (
        <div role="alert" className="t-admin-notice--error">
          <p>{t('adminAreas.lists.saveFailed')}</p>
          {failure && <p className="t-admin-meta">{failure}</p>}
        </div>
      )}
      <div className="t-admin-actions">
        <button type="submit" className="ts-button ts-button--primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? t('adminAreas.lists.form.saving') : submitLabel}
        </button>
        <button type="button" className="ts-button" disabled={saving} onClick={onCancel}>
          {t('adminAreas.lists.form.cancel')}
        </button>
      </div>
    </form>
  );
}
