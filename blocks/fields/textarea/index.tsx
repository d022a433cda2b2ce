import { TextLikeField, type FieldComponentProps } from '../../../engine';

/** Multi-line text; Enter adds a line instead of saving. */
export default function TextareaField(props: FieldComponentProps) {
  return <TextLikeField {...props} multiline />;
}
