import { SelectField, type FieldComponentProps } from '../../../engine';

/** Picks a module, page or block; the form's options list the structure items offered. */
export default function StructureSelectorField(props: FieldComponentProps) {
  return <SelectField {...props} />;
}
