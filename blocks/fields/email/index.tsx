import { TextLikeField, type FieldComponentProps } from '../../../engine';

/** An email address (the email keyboard on phones). */
export default function EmailField(props: FieldComponentProps) {
  return <TextLikeField {...props} inputType="email" inputMode="email" extra={{ autoComplete: 'email' }} />;
}
