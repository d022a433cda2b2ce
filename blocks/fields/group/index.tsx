import { FieldChildren, useFormField, type FieldComponentProps } from '../../../engine';

/** Groups child fields under a legend. */
export default function GroupField({ field, index }: FieldComponentProps) {
  const { label } = useFormField(field, index);
  return (
    <fieldset className="t-form__group">
      <legend>{label}</legend>
      <FieldChildren fieldId={field.id} index={index} />
    </fieldset>
  );
}
