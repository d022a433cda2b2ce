import { useState } from 'react';
import { DEFAULT_MAX_FILE_SIZE_BYTES, FilePickerField, useFormContext, useFormField, type FieldComponentProps } from '../../../engine';
import { ImageWindow } from './ImageWindow';

/**
 * One image, stored as its file id: picked and uploaded with the image-only and maximum-size
 * checks; once there is an image, its window (spec 4.8) sets the focal point and previews.
 */
export default function ImageUploaderField(props: FieldComponentProps) {
  const b = useFormField(props.field, props.index);
  const { controller } = useFormContext();
  const [open, setOpen] = useState(false);
  // The maxFileSize rule, else the field's Image options (spec 3 maxFileSize), else the spec 9 default.
  const max = props.field.validation?.maxFileSize ?? (props.field.opts?.image as { maxFileSize?: unknown } | undefined)?.maxFileSize;
  const fileId = typeof b.state.value === 'string' ? b.state.value : undefined;
  const src = fileId ? controller.services.imageUrl?.(fileId) : undefined;
  return (
    <div className="t-image-uploader">
      {src && <img className="t-image-uploader__thumb" src={src} alt={b.label} style={{ maxHeight: 300 }} />}
      <FilePickerField {...props} accept={['image/*']} multiple={false} maxBytes={typeof max === 'number' ? max : DEFAULT_MAX_FILE_SIZE_BYTES} />
      {b.editing && fileId && (
        <button type="button" onClick={() => setOpen(true)}>
          {b.t('imageUploader.edit')}
        </button>
      )}
      {open && fileId && <ImageWindow binding={b} field={props.field} fileId={fileId} services={controller.services} onClose={() => setOpen(false)} />}
    </div>
  );
}
