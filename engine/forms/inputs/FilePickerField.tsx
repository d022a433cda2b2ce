/**
 * Picking and uploading files (files, imageUploader): accepted types (image/* for an image-only
 * field, else file_types), size limits in KB converted to bytes and shown in MB/GB, a single file
 * unless multipleFiles. Picked files are validated before upload; a save waits while uploading.
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import type { Id, JsonValue } from '../../../schemas/model';
import { DEFAULT_MAX_FILE_SIZE_BYTES } from '../../core/constants';
import { effectiveMaxBytes } from '../../core/files';
import { formatBytes, runRule, validateFieldValue, type FileInfo } from '../../core/validation';
import { FieldErrors, FieldReadOnly, FieldShell } from '../FieldShell';
import { inputAria, useFormContext, useFormField } from '../context';
import type { FieldComponentProps } from '../types';
import { StoredFiles } from './StoredFiles';

export interface FilePickerProps extends FieldComponentProps {
  /** Accepted types; derived from the field when absent. */
  accept?: string[];
  /** Maximum bytes per file; from the size rule (KB) when absent. */
  maxBytes?: number;
  multiple?: boolean;
  /** The caller shows the stored file itself (the image uploader's inline editor): no list of it here. */
  hideStored?: boolean;
}

export function acceptedTypes(field: FieldComponentProps['field']): string[] {
  if (field.opts?.imagesOnly === true) return ['image/*'];
  const rule = field.validation?.file_types;
  return Array.isArray(rule) ? rule.map(String) : [];
}

export function maxBytesOf(field: FieldComponentProps['field']): number | undefined {
  const kb = field.validation?.size;
  return typeof kb === 'number' ? kb * 1024 : undefined;
}

/** The server's largest upload, once asked for (undefined until it answers, or when it cannot be asked). */
function useServerMaxFileSize(ask: (() => Promise<number>) | undefined): number | undefined {
  const [bytes, setBytes] = useState<number>();
  useEffect(() => {
    let live = true;
    ask?.().then(
      (n) => live && typeof n === 'number' && setBytes(n),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ask]);
  return bytes;
}

export function FilePickerField({
  field,
  index,
  accept = acceptedTypes(field),
  maxBytes: configuredMax = maxBytesOf(field),
  multiple = !!field.multipleFiles,
  hideStored = false,
}: FilePickerProps) {
  const b = useFormField(field, index);
  const { controller } = useFormContext();
  // The smaller of the field's limit and the server's (spec 9: 1 MB until the server's value is read, for image fields).
  const serverMax = useServerMaxFileSize(controller.services.maxFileSize);
  const maxBytes = effectiveMaxBytes(configuredMax, serverMax ?? (field.type === 'imageUploader' ? DEFAULT_MAX_FILE_SIZE_BYTES : undefined));
  const [pickErrors, setPickErrors] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState<number>();
  const imageUrl = field.type === 'imageUploader' || field.opts?.imagesOnly === true ? controller.services.imageUrl : undefined;
  const ids: Id[] = Array.isArray(b.state.value) ? b.state.value.map(String) : typeof b.state.value === 'string' ? [b.state.value] : [];
  if (!b.editing) {
    // Images show as images (an avatar is a picture, not its id); other files by name, size and a download link.
    if (imageUrl && ids.length)
      return (
        <div className="t-field t-field--readonly">
          <span id={b.ids.label} className="t-field__label">
            {b.label}
          </span>
          <span className="t-files t-files--readonly" role="group" aria-labelledby={b.ids.label}>
            {ids.map((id) => (
              <img key={id} src={imageUrl(id)} alt={b.label} className="t-files__image" height={100} />
            ))}
          </span>
        </div>
      );
    if (!ids.length) return <FieldReadOnly binding={b} text="" />;
    return <StoredFiles binding={b} ids={ids} services={controller.services} />;
  }

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])].slice(0, multiple ? undefined : 1);
    e.target.value = '';
    if (!files.length) return;
    const infos: FileInfo[] = files.map((f) => ({ name: f.name, type: f.type, size: f.size }));
    // An image field's too-large file gets the image uploader's message (spec 5.2, 8); other files the size rule's.
    const imageLimit = field.type === 'imageUploader' && maxBytes ? runRule('maxFileSize', infos, maxBytes) : null;
    const failures = imageLimit
      ? [imageLimit]
      : validateFieldValue(
          {
            ...field,
            validation: { ...field.validation, ...(accept.length ? { file_types: accept } : {}), ...(maxBytes ? { size: maxBytes / 1024 } : {}) },
            type: 'files',
          },
          infos,
          {
            fieldTypes: { files: { rules: ['file_types', 'size'] } },
          },
        );
    setPickErrors(failures.map((f) => b.t(f.key, f.params)));
    if (failures.length) return;
    const upload = controller.services.upload;
    if (!upload) return setPickErrors([b.t('form.saving.failed', { message: 'no upload service' })]);
    setUploading(true);
    setProgress(undefined);
    controller.setTransmitting(field.id, index, true);
    try {
      const uploaded = await upload(files, field, setProgress);
      const next: JsonValue = multiple ? [...ids, ...uploaded] : field.type === 'imageUploader' ? (uploaded[0] ?? null) : uploaded.slice(0, 1);
      b.setValue(next);
    } catch (error) {
      setPickErrors([b.t('form.saving.failed', { message: error instanceof Error ? error.message : String(error) })]);
    } finally {
      controller.setTransmitting(field.id, index, false);
      setUploading(false);
    }
  };
  const remove = (id: Id) => b.setValue(multiple ? ids.filter((x) => x !== id) : field.type === 'imageUploader' ? null : []);
  const hints = [
    accept.length ? b.t('fields.files.accepted', { types: accept.join(', ') }) : '',
    maxBytes ? b.t('fields.files.maxSize', { size: formatBytes(maxBytes) }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <FieldShell binding={b} hint={hints || undefined}>
      <input
        {...inputAria(b)}
        type="file"
        accept={accept.join(',') || undefined}
        multiple={multiple}
        onChange={(e) => void onPick(e)}
        aria-busy={uploading || undefined}
      />
      {uploading && (
        <span role="status" className="t-files__progress">
          {b.t('fields.files.uploading')}
          {progress !== undefined && (
            <progress max={100} value={Math.round(progress * 100)} aria-label={b.t('fields.files.uploading')}>
              {Math.round(progress * 100)}%
            </progress>
          )}
        </span>
      )}
      {pickErrors.length > 0 && <FieldErrors binding={{ ...b, errors: pickErrors, ids: { ...b.ids, errors: `${b.ids.errors}-pick` } }} />}
      {!field.hideUploadedFiles && !hideStored && ids.length > 0 && (
        <ul className="t-files">
          {ids.map((id) => (
            <li key={id}>
              {imageUrl ? <img src={imageUrl(id)} alt={b.t('fields.files.uploadedImage')} className="t-files__image" height={100} /> : <span>{id}</span>}
              <button type="button" onClick={() => remove(id)} aria-label={b.t('fields.files.remove', { name: id })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </FieldShell>
  );
}
