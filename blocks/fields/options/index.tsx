import { SelectField, type FieldComponentProps } from '../../../engine';

/** A select over the field's options, sorted with the blank first or last by the field's sort. */
export default function OptionsField(props: FieldComponentProps) {
  return <SelectField {...props} />;
}
