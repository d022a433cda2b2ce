import { ChoiceListField, type FieldComponentProps } from '../../../engine';

/** One choice among the field's options. */
export default function RadioField(props: FieldComponentProps) {
  return <ChoiceListField {...props} multiple={false} />;
}
