import { TextLikeField, type FieldComponentProps } from '../../../engine';

/** A colour as #rrggbb. */
export default function ColorPickerField(props: FieldComponentProps) {
  return <TextLikeField {...props} inputType="color" />;
}
