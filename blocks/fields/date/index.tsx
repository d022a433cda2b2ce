import { DATE_FORMAT, TextLikeField, type FieldComponentProps } from '../../../engine';

/** A day, stored as yyyy-MM-dd (the native date input's value format). */
export default function DateField(props: FieldComponentProps) {
  return <TextLikeField {...props} inputType="date" extra={{ pattern: '\\d{4}-\\d{2}-\\d{2}', title: DATE_FORMAT }} />;
}
