import { useFormField, type FieldComponentProps } from '../../../engine';

/** A heading between fields; holds no value. */
export default function HeadingField({ field, index }: FieldComponentProps) {
  const { label } = useFormField(field, index);
  return <h3 className="t-form__heading">{label}</h3>;
}
