import { ChoiceListField, type FieldComponentProps } from '../../../engine';

/** Several choices (an array of values), or one on/off box when the field has no options. */
export default function CheckboxField(props: FieldComponentProps) {
  return <ChoiceListField {...props} multiple />;
}
