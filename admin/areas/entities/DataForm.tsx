/**
 * An entity's data as a form of the project's form engine (FormRoot, one atom per field, the
 * registry's field components): the definition's fields become form fields keyed by their `key`,
 * so a submission is `data` by key. Read-only (no Edit, no Save) when the viewer may not change it.
 * A rejected save shows the server's words in the form's message (a duplicate names its field).
 */
import { useEffect, useMemo, useState } from 'react';
import { fieldComponents } from '../../../blocks/index.generated';
import { createTranslator, messages } from '../../../engine/core/i18n';
import {
  FormRoot,
  fieldTypesUsed,
  loadFieldComponents,
  registryFieldTypes,
  withDefaultEvaluator,
  type FieldComponents,
  type FormServices,
} from '../../../engine/forms';
import type { EntityFieldDefinition, Field, Id, JsonObject } from '../../../schemas/model';
import { useAdminFrame } from '../../frame/frame-context';

const asFormField = (f: EntityFieldDefinition): Field => ({
  id: f.id,
  key: f.key,
  type: f.type,
  label: f.label || f.key,
  ...(f.required ? { validation: { required: true } } : {}),
  ...(f.options ? { options: f.options } : {}),
});

export interface DataFormProps {
  formId: string;
  fields: EntityFieldDefinition[];
  data?: JsonObject;
  editable: boolean;
  submitLabel: string;
  /** Every value (new entity) or only the changed ones. */
  all?: boolean;
  /** What uploads belong to (the entity), when known. */
  contextId?: Id;
  onSave(values: JsonObject): Promise<void>;
}

export function DataForm({ formId, fields, data, editable, submitLabel, all, contextId, onSave }: DataFormProps) {
  const { services: frame } = useAdminFrame();
  const formFields = useMemo(() => fields.map(asFormField), [fields]);
  const [components, setComponents] = useState<FieldComponents>();
  const typesKey = fieldTypesUsed(formFields).join(',');
  useEffect(() => {
    let live = true;
    void loadFieldComponents(fieldComponents, typesKey ? typesKey.split(',') : []).then((loaded) => live && setComponents(loaded));
    return () => {
      live = false;
    };
  }, [typesKey]);
  const translator = useMemo(() => createTranslator(messages, frame.locale, frame.overrides), [frame.locale, frame.overrides]);
  const services = useMemo<FormServices>(
    () =>
      withDefaultEvaluator({
        save: async (submission) => {
          try {
            await onSave(submission.values as JsonObject);
          } catch (error) {
            // The form shows an Error's message: the server's words.
            throw new Error((error as { message?: string })?.message ?? String(error));
          }
        },
        imageUrl: (id) => frame.imageUrl(id, 320) ?? '',
        upload: async (files, field, onProgress) =>
          (await frame.files.upload(files, { ...(contextId ? { contextId } : {}), imagesOnly: field.type === 'imageUploader', claim: true }, onProgress)).map(
            (f) => f.id,
          ),
        maxFileSize: () => frame.files.maxFileSize(),
        fileInfos: (ids) => frame.files.get(ids),
      }),
    [frame, onSave, contextId],
  );
  if (!components) return <p role="status">{translator.t('adminAreas.entities.entity.loadingFields')}</p>;
  return (
    <FormRoot
      formId={formId}
      fields={formFields}
      data={data}
      options={{ editable, alwaysEdit: editable, doNotClose: true, skipDirtyCheck: !!all, showProgress: false, submitLabel }}
      services={services}
      components={components}
      fieldTypes={registryFieldTypes}
      translator={translator}
      hash=""
    />
  );
}
