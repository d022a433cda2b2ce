/**
 * Adds or edits one field of a definition (PUT entityDefinitions/{id}/field): key (the key rule of
 * engine/core fieldKeyProblem), label, type among the registry's field types that hold an entity's
 * own value, required, options one a line for the choice types, searchable, filterable, unique. A
 * key another field uses is the server's 409, shown here.
 */
import { DialogButtons } from '../../core/DialogButtons';
import { useId, useMemo, useState } from 'react';
import { ENTITY_FIELD_KEY_MAX, fieldKeyProblem } from '../../../engine/core/entities';
import type { EntityFieldDefinition } from '../../../schemas/model';
import { Dialog } from '../../core/Dialog';
import { fullRegistry } from '../../core/full-registry';
import { useAdminFrame } from '../../frame/frame-context';
import { messageOf } from './entities-api';
import { Failure } from './shared';

/**
 * Field types an entity's data holds: values of its own. Layout (group, heading, conditional,
 * repeater) and the structure editors' pickers (structureSelector, dataSchemaSelector,
 * membershipTags, i18n, icon, csv) are left out.
 */
const ENTITY_DATA_TYPES = [
  'text',
  'textarea',
  'wysiwyg',
  'number',
  'rating',
  'year',
  'date',
  'email',
  'toggle',
  'options',
  'radio',
  'checkbox',
  'tags',
  'imageUploader',
  'files',
  'geoLocation',
  'colorPicker',
];
const CHOICE_TYPES = new Set(['options', 'radio', 'checkbox']);

const newFieldId = () => `field-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const fieldTypeTitle = (type: string): string => (fullRegistry.fields[type] as { title?: string } | undefined)?.title ?? type;

export function FieldDialog({
  field,
  onClose,
  onSave,
}: {
  field?: EntityFieldDefinition;
  onClose(): void;
  onSave(field: EntityFieldDefinition): Promise<void>;
}) {
  const { t } = useAdminFrame();
  const id = useId();
  const types = useMemo(
    () =>
      ENTITY_DATA_TYPES.filter((type) => (fullRegistry.fields[type] as { status?: string } | undefined)?.status === 'available')
        .map((type) => ({ type, title: fieldTypeTitle(type) }))
        .sort((a, b) => a.title.localeCompare(b.title)),
    [],
  );
  const [key, setKey] = useState(field?.key ?? '');
  const [label, setLabel] = useState(field?.label ?? '');
  const [type, setType] = useState(field?.type ?? 'text');
  const [required, setRequired] = useState(!!field?.required);
  const [options, setOptions] = useState((field?.options ?? []).map((o) => o.label).join('\n'));
  const [searchable, setSearchable] = useState(!!field?.searchable);
  const [filterable, setFilterable] = useState(!!field?.filterable);
  const [unique, setUnique] = useState(!!field?.unique);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const keyProblem = fieldKeyProblem(key.trim());
  const keyText = keyProblem ? t(`adminAreas.entities.fields.keyProblems.${keyProblem}`, { max: ENTITY_FIELD_KEY_MAX }) : undefined;
  const labelText = !label.trim() ? t('adminAreas.entities.fields.labelRequired') : undefined;
  const choices = options
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean);
  const optionsText = CHOICE_TYPES.has(type) && !choices.length ? t('adminAreas.entities.fields.optionsRequired') : undefined;

  const save = async () => {
    setTouched(true);
    setFailure(undefined);
    if (keyText || labelText || optionsText) return;
    const next: EntityFieldDefinition = {
      id: field?.id ?? newFieldId(),
      key: key.trim(),
      label: label.trim(),
      type,
      ...(required ? { required } : {}),
      ...(CHOICE_TYPES.has(type) ? { options: choices.map((c) => field?.options?.find((o) => o.label === c) ?? { value: c, label: c }) } : {}),
      ...(searchable ? { searchable } : {}),
      ...(filterable ? { filterable } : {}),
      ...(unique ? { unique } : {}),
    };
    setBusy(true);
    try {
      await onSave(next);
    } catch (error) {
      setFailure(messageOf(error));
      setBusy(false);
    }
  };
  const invalid = (problem: string | undefined, name: string) =>
    touched && problem ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {};
  const problem = (text: string | undefined, name: string) =>
    touched && text ? (
      <p id={`${id}-${name}-error`} className="t-admin-notice--error">
        {text}
      </p>
    ) : null;

  return (
    <Dialog
      title={field ? t('adminAreas.entities.fields.editTitle', { label: field.label || field.key }) : t('adminAreas.entities.fields.addTitle')}
      size="small"
      busy={busy}
      onClose={onClose}
      className="t-admin-area"
      actions={
        <DialogButtons
          busy={busy}
          onCancel={onClose}
          onConfirm={save}
          cancelLabel={t('adminAreas.entities.cancel')}
          confirmLabel={t('adminAreas.entities.save')}
          busyLabel={t('adminAreas.entities.saving')}
          styled
        />
      }
    >
      <div className="t-membership-form">
        <label htmlFor={`${id}-label`}>{t('adminAreas.entities.fields.label')}</label>
        <input id={`${id}-label`} type="text" maxLength={300} value={label} {...invalid(labelText, 'label')} onChange={(e) => setLabel(e.target.value)} />
        {problem(labelText, 'label')}
        <label htmlFor={`${id}-key`}>{t('adminAreas.entities.fields.key')}</label>
        <input
          id={`${id}-key`}
          type="text"
          maxLength={ENTITY_FIELD_KEY_MAX}
          value={key}
          spellCheck={false}
          autoCapitalize="off"
          {...invalid(keyText, 'key')}
          onChange={(e) => setKey(e.target.value)}
        />
        <p className="t-admin-meta">{t('adminAreas.entities.fields.keyHint')}</p>
        {problem(keyText, 'key')}
        <label htmlFor={`${id}-type`}>{t('adminAreas.entities.fields.type')}</label>
        <select id={`${id}-type`} value={type} onChange={(e) => setType(e.target.value)}>
          {types.map((x) => (
            <option key={x.type} value={x.type}>
              {x.title}
            </option>
          ))}
          {!types.some((x) => x.type === type) && <option value={type}>{fieldTypeTitle(type)}</option>}
        </select>
        {CHOICE_TYPES.has(type) && (
          <>
            <label htmlFor={`${id}-options`}>{t('adminAreas.entities.fields.options')}</label>
            <textarea id={`${id}-options`} rows={4} value={options} {...invalid(optionsText, 'options')} onChange={(e) => setOptions(e.target.value)} />
            {problem(optionsText, 'options')}
          </>
        )}
        <fieldset>
          <legend>{t('adminAreas.entities.fields.flags')}</legend>
          <label className="t-membership-check">
            <input type="checkbox" checked={required} onChange={(e) => setRequired(e.target.checked)} />
            {t('adminAreas.entities.fields.required')}
          </label>
          <label className="t-membership-check">
            <input type="checkbox" checked={searchable} onChange={(e) => setSearchable(e.target.checked)} />
            {t('adminAreas.entities.fields.searchable')}
          </label>
          <label className="t-membership-check">
            <input type="checkbox" checked={filterable} onChange={(e) => setFilterable(e.target.checked)} />
            {t('adminAreas.entities.fields.filterable')}
          </label>
          <label className="t-membership-check">
            <input type="checkbox" checked={unique} onChange={(e) => setUnique(e.target.checked)} />
            {t('adminAreas.entities.fields.unique')}
          </label>
        </fieldset>
        {failure !== undefined && <Failure title={t('adminAreas.entities.fields.saveFailed')} message={failure} />}
      </div>
    </Dialog>
  );
}
