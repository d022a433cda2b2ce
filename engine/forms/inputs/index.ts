/** Reusable inputs field components are built from. */
export { TextLikeField, parseNumber, type TextLikeFieldProps } from './TextLikeField';
export { ChoiceListField, SelectField } from './ChoiceField';
export { FilePickerField, acceptedTypes, maxBytesOf, type FilePickerProps } from './FilePickerField';
