/**
 * Adds or edits one field of an application: its type (the registry's field types), label, key,
 * whether it is required, and for the choice types its options one a line. The form engine renders
 * and validates it on the member's side (PUT applications/{id}/field/{fieldId}).
 */
import { DialogButtons } from '../../core/DialogButtons';
import { useId, useMemo, useState } from 'react';
import type { Field } from '../../../schemas/model';
import { Dialog } from '../../core/Dialog';
import { fullRegistry } from '../../core/full-registry';
import { useAdminFrame } from '../../frame/frame-context';

/** Field types whose answer is one or more of the field's options. */
const CHOICE_TYPES = new Set(['options', 'radio', 'checkbox']);

const newFieldId = () => `field-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export function FieldDialog({ field, onClose, onSave }: { field?: Field; onClose(): void; onSave(field: Field): Promise<void> }) {
  const { t } = useAdminFrame();
  const id = useId();
  const types = useMemo(
    () =>
      Object.entries(fullRegistry.fields)
        .filter(([, def]) => (def as { status?: string }).status !== 'planned')
        .map(([type, def]) => ({ type, title: (def as { title?: string }).title ?? type }))
        .sort((a, b) => a.title.localeCompare(b.title)),
    [],
  );
  const [type, setType] = useState(field?.type ?? 'text');
  const [label, setLabel] = useState(field?.label ?? '');
  const [key, setKey] = useState(field?.key ?? '');
  const [required, setRequired] = useState(field?.validation?.required === true);
  const [options, setOptions] = useState((field?.options ?? []).map((o) => o.label).join('\n'));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const save = async () => {
    if (!label.trim()) return setProblem(t('adminAreas.applications.fields.labelRequired'));
    const choices = options
      .split('\n')
      .map((o) => o.trim())
      .filter(Boolean);
    if (CHOICE_TYPES.has(type) && !choices.length) return setProblem(t('adminAreas.applications.fields.optionsRequired'));
    const { validation: _old, options: _oldOptions, ...kept } = field ?? { id: newFieldId(), type };
    const validation = { ...(field?.validation ?? {}) };
    if (required) validation.required = true;
    else delete validation.required;
    const next: Field = {
      ...kept,
      type,
      label: label.trim(),
      ...(key.trim() ? { key: key.trim() } : {}),
      ...(Object.keys(validation).length ? { validation } : {}),
      ...(CHOICE_TYPES.has(type) ? { options: choices.map((c) => field?.options?.find((o) => o.label === c) ?? { value: c, label: c }) } : {}),
    };
    if (!key.trim()) delete next.key;
    setBusy(true);
    setProblem(undefined);
    try {
      await onSave(next);
    } catch (error) {
      setProblem(t('adminAreas.applications.fields.saveFailed', { message: (error as { message?: string }).message ?? '' }));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={field ? t('adminAreas.applications.fields.editTitle', { label: field.label ?? field.id }) : t('adminAreas.applications.fields.addTitle')}
      size="small"
      busy={busy}
      onClose={onClose}
      className="t-admin-area"
      actions={
        <DialogButtons
          busy={busy}
          onCancel={onClose}
          onConfirm={save}
          cancelLabel={t('adminAreas.lists.form.cancel')}
          confirmLabel={t('adminAreas.lists.form.save')}
          busyLabel={t('adminAreas.lists.form.saving')}
          styled
        />
      }
    >
      <div className="t-membership-form">
        <label htmlFor={`${id}-type`}>{t('adminAreas.applications.fields.type')}</label>
        <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value)}>
          {types.map((x) => (
            <option key={x.type} value={x.type}>
              {x.title}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-label`}>{t('adminAreas.applications.fields.label')}</label>
        <input id={`${id}-label`} type="text" maxLength={300} value={label} onChange={(e) => setLabel(e.target.value)} />
        <label htmlFor={`${id}-key`}>{t('adminAreas.applications.fields.key')}</label>
        <input id={`${id}-key`} type="text" maxLength={100} value={key} onChange={(e) => setKey(e.target.value)} />
        <label className="t-membership-check">
          <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} />
          {t('adminAreas.applications.fields.required')}
        </label>
        {CHOICE_TYPES.has(type) && (
          <>
            <label htmlFor={`${id}-options`}>{t('adminAreas.applications.fields.options')}</label>
            <textarea id={`${id}-options`} rows={4} value={options} onChange={(e) => setOptions(e.target.value)} />
          </>
        )}
        {problem && (
          <p role="alert" className="t-admin-notice--error">
            {problem}
          </p>
        )}
      </div>
    </Dialog>
  );
}
