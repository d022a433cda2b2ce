import { SelectField, type FieldComponentProps } from '../../../engine';

/** Picks a data schema; the field's options list the schemas offered. */
export default function DataSchemaSelectorField(props: FieldComponentProps) {
  return <SelectField {...props} />;
}
