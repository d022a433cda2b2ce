/**
 * A list's label, type and capacity ("Unlimited" or a number: null is unlimited, community §5);
 * a dynamic list's rule is shown as stored (its members come from it, not from this form). Saving
 * fails with the §8 sentence, the server's reason under it.
 */
import { useId, useState, type FormEvent } from 'react';
import type { UserListInput, UserListType, UserListView } from '../../../schemas/model/api/lists';
import type { ListsApiError } from '../../core/lists-api';
import { useAdminFrame } from '../../frame/frame-context';

const TYPES: readonly UserListType[] = ['standard', 'connection', 'entity'];

export interface ListFormProps {
  list?: UserListView;
  onSave(input: UserListInput): Promise<void>;
  onCancel(): void;
  /** Inside a dialog the dialog draws the buttons' bar. */
  submitLabel: string;
}

export function ListForm({ list, onSave, onCancel, submitLabel }: ListFormProps) {
  const { t } = useAdminFrame();
  const id = useId();
  const [label, setLabel] = useState(list?.label ?? '');
  const [type, setType] = useState<UserListType>(list?.type ?? 'standard');
  const [unlimited, setUnlimited] = useState(list ? list.capacity === null : true);
  const [capacity, setCapacity] = useState(list?.capacity != null ? String(list.capacity) : '');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();

  const capacityNumber = Number(capacity);
  const labelProblem = !label.trim() ? t('adminAreas.lists.form.labelRequired') : undefined;
  const capacityProblem =
    !unlimited && (capacity.trim() === '' || !Number.isInteger(capacityNumber) || capacityNumber < 0 || capacityNumber > 1_000_000)
      ? t('adminAreas.lists.form.capacityInvalid')
      : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setFailure(undefined);
    if (labelProblem || capacityProblem) return;
    setSaving(true);
    try {
      await onSave({
        label: label.trim(),
        ...(list?.system ? {} : { type }),
        capacity: unlimited ? null : capacityNumber,
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
      {list?.dynamic && (
        <>
          <p className="t-admin-meta" id={`${id}-rule-hint`}>
            {t('adminAreas.lists.form.dynamicHint')}
          </p>
          <pre className="t-membership-rule" aria-describedby={`${id}-rule-hint`} aria-label={t('adminAreas.lists.form.rule')}>
            {JSON.stringify(list.rule ?? null, null, 2)}
          </pre>
        </>
      )}
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
