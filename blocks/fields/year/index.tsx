import { TextLikeField, parseNumber, type FieldComponentProps } from '../../../engine';

/** A four-digit year. */
export default function YearField(props: FieldComponentProps) {
  return <TextLikeField {...props} inputType="number" inputMode="numeric" parse={parseNumber} extra={{ min: 1000, max: 9999, step: 1 }} />;
}
