import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { acceptListOf, EditableText, effectiveMaxBytes, formatBytes, runRule, useEngine, type BlockProps, type StoredFile } from '../../engine';
import { FileList, useFileList } from '../../engine/react/file-list';
import type { UploadFileOptions } from '../options.generated';

export type { UploadFileOptions };

/**
 * Members upload files (community 7 Files): the accepted types and the smaller of the block's
 * limit and the server's (files/serviceMaxFileSize) are checked before anything is sent, with the
 * message of spec 5.2; uploads are kept under this block's id, so `getFileList/{blockId}` and a
 * viewFiles block pointed at it list them. With saveAsAsset they join the asset library too (the
 * server allows that to files managers only). The member's own uploads are listed below, with
 * downloads and deletes, unless the block hides them.
 */
export default function UploadFile({ block, options }: BlockProps<UploadFileOptions>) {
  const { t, services, user } = useEngine();
  const files = services.files;
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const [serverMax, setServerMax] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number>();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const list = useFileList({ contextId: block.id, enabled: !options.hideUploadedFiles && !!user });
  useEffect(() => {
    let live = true;
    files?.maxFileSize().then(
      (bytes) => live && setServerMax(bytes),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [files]);

  if (!files || !user) return <p className="t-upload-file t-upload-file--unavailable">{t('blocks.files.unavailable')}</p>;
  const accept = acceptListOf(options.acceptedTypes);
  const max = effectiveMaxBytes(options.maxSizeKb === undefined ? undefined : options.maxSizeKb * 1024, serverMax);
  const hint = [
    t('blocks.files.accepted', { types: options.acceptedTypes.map((c) => t(`blocks.files.types.${c}`)).join(', ') }),
    max ? t('blocks.files.maxSize', { size: formatBytes(max) }) : '',
  ]
    .filter(Boolean)
    .join(' · ');

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.target.files ?? [])].slice(0, options.multipleFiles ? undefined : 1);
    e.target.value = '';
    if (!picked.length) return;
    const infos = picked.map((f) => ({ name: f.name, type: f.type, size: f.size }));
    // Refused before a byte is sent: a wrong type, or a file over the limit (spec 5.2, 8).
    const failure = runRule('file_types', infos, accept) ?? (max ? runRule('maxFileSize', infos, max) : null);
    if (failure) {
      const name = failure.params?.name ?? picked[0].name;
      return setMessage({ text: failure.rule === 'file_types' ? t('blocks.files.wrongType', { name }) : t(failure.key, failure.params), error: true });
    }
    setBusy(true);
    setProgress(undefined);
    setMessage(undefined);
    try {
      const stored: StoredFile[] = await files.upload(picked, { contextId: block.id, claim: true, asset: options.saveAsAsset }, setProgress);
      setMessage({ text: t('blocks.files.uploaded', { name: stored.map((f) => f.name).join(', ') }), error: false });
      // Into this context's list wherever a block shows it (a viewFiles pointed at this block).
      list.add(stored);
    } catch (error) {
      setMessage({ text: t('blocks.files.uploadError', { message: error instanceof Error ? error.message : String(error) }), error: true });
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  return (
    <div className="t-upload-file">
      <label htmlFor={inputId} className="t-upload-file__label">
        <EditableText block={block} option="label" value={options.label} />
      </label>
      <input
        ref={input}
        id={inputId}
        className="t-upload-file__input"
        type="file"
        accept={accept.join(',')}
        multiple={options.multipleFiles}
        aria-describedby={hintId}
        aria-busy={busy || undefined}
        disabled={busy}
        onChange={(e) => void onPick(e)}
      />
      <p id={hintId} className="t-upload-file__hint">
        {hint}
      </p>
      {busy && (
        <p role="status" className="t-upload-file__progress">
          {t('blocks.files.uploading')}
          {progress !== undefined && (
            <progress max={100} value={Math.round(progress * 100)} aria-label={t('blocks.files.progress')}>
              {Math.round(progress * 100)}%
            </progress>
          )}
        </p>
      )}
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={`t-upload-file__message${message.error ? ' t-upload-file__message--error' : ''}`}>
          {message.text}
        </p>
      )}
      {!options.hideUploadedFiles && (
        <FileList
          title={t('blocks.files.yourFiles')}
          state={list}
          files={files}
          layout="list"
          allowDownload
          allowDelete={(file) => file.ownerId === user.accountId}
        />
      )}
    </div>
  );
}
