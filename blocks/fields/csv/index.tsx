import { TextLikeField, useFormField, type FieldComponentProps } from '../../../engine';

/** Comma-separated values, stored as typed (the server splits on commas). */
export default function CsvField(props: FieldComponentProps) {
  const { t } = useFormField(props.field, props.index);
  return <TextLikeField {...props} hint={t('fields.csv.hint')} />;
}
