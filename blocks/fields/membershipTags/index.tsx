import { ChoiceListField, type FieldComponentProps } from '../../../engine';

/** Tags of a membership type (the field's options), any number of them. */
export default function MembershipTagsField(props: FieldComponentProps) {
  return <ChoiceListField {...props} multiple />;
}
