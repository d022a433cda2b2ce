import { SelectField, TextLikeField, type FieldComponentProps } from '../../../engine';

/** An icon name: chosen from the field's options when it has them, typed otherwise. */
export default function IconField(props: FieldComponentProps) {
  return props.field.options?.length ? <SelectField {...props} /> : <TextLikeField {...props} />;
}
