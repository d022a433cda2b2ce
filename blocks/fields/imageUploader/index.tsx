import { useState } from 'react';
import { FilePickerField, useFormContext, useFormField, useProfileHeroShown, type FieldComponentProps } from '../../../engine';
import { ImageWindow } from './ImageWindow';
import { InlineImageEditor } from './InlineImageEditor';

const PROFILE_AVATAR_KEY = 'avatar';

/**
 * One image, stored as its file id: picked and uploaded with the image-only and maximum-size
 * checks; once there is an image and the field is edited, the uploader of spec 4.8 shows inline
 * (focal point, zoom, previews by ratio), and its window chooses the ratios.
 */
export default function ImageUploaderField(props: FieldComponentProps) {
  const b = useFormField(props.field, props.index);
  const { controller } = useFormContext();
  const [open, setOpen] = useState(false);
  const heroShown = useProfileHeroShown();
  // The maxFileSize rule, else the field's Image options (spec 3 maxFileSize); the picker takes the
  // smaller of it and the server's limit (the spec 9 default of 1 MB until the server's is read).
  const max = props.field.validation?.maxFileSize ?? (props.field.opts?.image as { maxFileSize?: unknown } | undefined)?.maxFileSize;
  const fileId = typeof b.state.value === 'string' ? b.state.value : undefined;
  const src = fileId ? controller.services.imageUrl?.(fileId) : undefined;
  // On a profile page whose hero shows the person, her photo (core §3 `avatar`) shows there: the
  // form shows it only to change it, never as a second picture of her.
  if (heroShown && !b.editing && props.field.key === PROFILE_AVATAR_KEY) return null;
  const inline = b.editing && !!fileId && !!src && !open;
  return (
    <div className="t-image-uploader">
      {/* Read-only, the picture is the value (no file id as text under it); edited, the inline editor shows it. */}
      {src && !b.editing && <img className="t-image-uploader__thumb" src={src} alt={b.label} style={{ maxHeight: 300 }} />}
      {(b.editing || !src) && (
        <FilePickerField {...props} accept={['image/*']} multiple={false} maxBytes={typeof max === 'number' ? max : undefined} hideStored={inline} />
      )}
      {/* The window, while open, is the one editor of the picture. */}
      {inline && <InlineImageEditor binding={b} field={props.field} fileId={fileId} services={controller.services} />}
      {b.editing && fileId && (
        <button type="button" onClick={() => setOpen(true)}>
          {b.t('imageUploader.edit')}
        </button>
      )}
      {open && fileId && <ImageWindow binding={b} field={props.field} fileId={fileId} services={controller.services} onClose={() => setOpen(false)} />}
    </div>
  );
}
