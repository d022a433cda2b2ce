import { TextLikeField, parseNumber, type FieldComponentProps } from '../../../engine';

/** A number; saved as an integer. */
export default function NumberField(props: FieldComponentProps) {
  return <TextLikeField {...props} inputType="number" inputMode="numeric" parse={parseNumber} />;
}
