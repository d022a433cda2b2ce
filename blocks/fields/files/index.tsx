import { FilePickerField, type FieldComponentProps } from '../../../engine';

/** File uploads: accepted types, size in KB, one file unless multipleFiles. */
export default function FilesField(props: FieldComponentProps) {
  return <FilePickerField {...props} />;
}
