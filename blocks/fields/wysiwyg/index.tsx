import { Suspense } from 'react';
import {
  FieldShell,
  formatBytes,
  LazyRichTextEditor,
  MAX_INLINE_IMAGE_UPLOAD_BYTES,
  sanitizeHtml,
  showStoredImages,
  storedImageSrc,
  storeShownImages,
  toolbarFor,
  useFormContext,
  useFormField,
  type FieldComponentProps,
  type ToolbarButton,
} from '../../../engine';

const BUTTONS: ToolbarButton[] = [
  'bold',
  'italic',
  'strike',
  'code',
  'codeBlock',
  'heading',
  'bulletList',
  'orderedList',
  'blockquote',
  'link',
  'image',
  'undo',
  'redo',
];

/** Rich text: sanitised HTML when read, the tiptap editor (its own chunk) with the preset's toolbar when editing. */
export default function WysiwygField({ field, index }: FieldComponentProps) {
  const b = useFormField(field, index);
  const { controller } = useFormContext();
  const { upload, imageUrl } = controller.services;
  // Uploaded images are stored by id (token-free) and shown with a URL that works now.
  const html = showStoredImages(typeof b.state.value === 'string' ? b.state.value : '', (id) => imageUrl?.(id));
  // The image button: one image, uploaded as an image (re-encoded by the server), the first id used.
  const uploadImage =
    upload && imageUrl
      ? async (file: File) => {
          const [id] = await upload([file], { ...field, opts: { ...field.opts, imagesOnly: true } });
          if (!id) throw new Error('the server kept no file');
          return imageUrl(id) || storedImageSrc(id);
        }
      : undefined;
  if (!b.editing) {
    return (
      <div className="t-field t-field--readonly">
        <span id={b.ids.label} className="t-field__label">
          {b.label}
        </span>
        <div className="t-rich-text__content" aria-labelledby={b.ids.label} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
      </div>
    );
  }
  const labels = Object.fromEntries(BUTTONS.map((name) => [name, b.t(`fields.wysiwyg.${name}`)])) as Record<ToolbarButton, string>;
  return (
    <FieldShell binding={b} group>
      <Suspense fallback={<p role="status">{b.t('fields.wysiwyg.loading')}</p>}>
        <LazyRichTextEditor
          html={html}
          onChange={(next) => b.setValue(storeShownImages(next))}
          onBlur={b.touch}
          buttons={toolbarFor(field.opts?.toolbar)}
          labels={labels}
          toolbarLabel={b.t('fields.wysiwyg.toolbar')}
          linkPrompt={b.t('fields.wysiwyg.linkPrompt')}
          inputId={b.ids.input}
          labelledBy={b.ids.label}
          describedBy={b.errors.length ? b.ids.errors : undefined}
          editable={!b.disabled}
          uploadImage={uploadImage}
          imageTexts={{
            hint: b.t('fields.wysiwyg.imageHint', { size: formatBytes(MAX_INLINE_IMAGE_UPLOAD_BYTES) }),
            tooLarge: (file) => b.t('imageUploader.maxFileSizeError', { size: formatBytes(file.size), max: formatBytes(MAX_INLINE_IMAGE_UPLOAD_BYTES) }),
            failed: (message) => b.t('fields.wysiwyg.imageFailed', { message }),
          }}
        />
      </Suspense>
    </FieldShell>
  );
}
