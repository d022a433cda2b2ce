import { DEFAULT_MAX_FILE_SIZE_BYTES, FilePickerField, type FieldComponentProps } from '../../../engine';

/**
 * One image, stored as its file id. Picks and uploads with the image-only and maximum-size checks;
 * the cropping, focal-point and previews window of spec 4.8 is not built yet.
 */
export default function ImageUploaderField(props: FieldComponentProps) {
  const max = props.field.validation?.maxFileSize;
  return <FilePickerField {...props} accept={['image/*']} multiple={false} maxBytes={typeof max === 'number' ? max : DEFAULT_MAX_FILE_SIZE_BYTES} />;
}
