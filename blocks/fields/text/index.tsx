import { TextLikeField, type FieldComponentProps } from '../../../engine';

/** Single-line text. */
export default function TextField(props: FieldComponentProps) {
  return <TextLikeField {...props} />;
}
