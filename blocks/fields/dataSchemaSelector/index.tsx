import { useMemo } from 'react';
import { SelectField, useFormField, type FieldComponentProps } from '../../../engine';
import { useDataSchemas } from '../../../engine/data/entities';
import { dataSchemaOptions, dataSchemaSourceOf } from '../../../engine/forms/entity-options';

/** Picks a data schema (GET structure/dataSchema, narrowed by `opts.source`); the field's own options while they load or when they cannot be read. */
export default function DataSchemaSelectorField(props: FieldComponentProps) {
  const { field } = props;
  const schemas = useDataSchemas(dataSchemaSourceOf(field.opts));
  const { t, editing } = useFormField(field, props.index);
  const withSchemas = useMemo(() => (schemas?.length ? { ...field, options: dataSchemaOptions(schemas) } : field), [field, schemas]);
  return (
    <>
      <SelectField {...props} field={withSchemas} />
      {editing && schemas === null && !field.options?.length && (
        <p className="t-field__hint" role="status">
          {t('fields.dataSchemaSelector.loadError')}
        </p>
      )}
    </>
  );
}
