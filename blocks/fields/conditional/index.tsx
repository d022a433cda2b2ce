import { FieldChildren, useConditionMatches, type FieldComponentProps } from '../../../engine';

/** Reveals its children only while its rules match (profile, entity or form data). */
export default function ConditionalField({ field, index }: FieldComponentProps) {
  if (!useConditionMatches(field, index)) return null;
  return (
    <div className="t-form__conditional">
      <FieldChildren fieldId={field.id} index={index} />
    </div>
  );
}
