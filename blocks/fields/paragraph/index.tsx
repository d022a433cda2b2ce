import { useFormField, type FieldComponentProps } from '../../../engine';

/** A paragraph of explanatory text (opts.text, else the label); holds no value. Plain text, never HTML. */
export default function ParagraphField({ field, index }: FieldComponentProps) {
  const { label } = useFormField(field, index);
  const text = typeof field.opts?.text === 'string' ? field.opts.text : label;
  return <p className="t-form__paragraph">{text}</p>;
}
