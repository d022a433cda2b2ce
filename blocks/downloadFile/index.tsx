import { useId, useState } from 'react';
import { ConfigurationNeeded, EditableText, formatFileSize, useEditsTextInPlace, useEngine, type BlockProps } from '../../engine/block-api';
import { useFileList } from '../../engine/react/file-list';
import type { DownloadFileOptions } from '../options.generated';

export type { DownloadFileOptions };

/** One file to download (`files/download/{id}`, counted by the server), with its size in MB or GB and its download count. */
export default function DownloadFile({ block, options }: BlockProps<DownloadFileOptions>) {
  const { t, services, user } = useEngine();
  const state = useFileList({ ids: options.fileId ? [options.fileId] : [], enabled: !!options.fileId });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const detailsId = useId();
  const inPlace = useEditsTextInPlace();
  if (!options.fileId) return <ConfigurationNeeded reason="Choose the file to download." />;
  if (!services.files || !user) return <p className="t-download-file t-download-file--unavailable">{t('blocks.files.unavailable')}</p>;
  const file = state.files[0];
  if (state.status === 'loading' || state.status === 'idle') return <p role="status">{t('engine.states.loading')}</p>;
  if (!file)
    return (
      <p className="t-download-file t-download-file--missing">
        {state.status === 'error' ? t('blocks.files.loadError', { message: state.message }) : t('blocks.files.missing')}
      </p>
    );
  const files = services.files;
  const download = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await files.download(file);
      state.downloaded(file.id);
    } catch (e) {
      setError(t('blocks.files.downloadError', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(false);
    }
  };
  const details = [
    options.showFileSize ? t('blocks.files.size', { size: formatFileSize(file.size) }) : '',
    options.showDownloadCount ? t('blocks.files.downloads', { count: file.data.downloadCount }) : '',
  ].filter(Boolean);
  const buttonClass = `t-download-file__button t-action-button t-action-button--${options.buttonStyle}`;
  return (
    <div className="t-download-file">
      {inPlace ? (
        // In edit mode the label is edited in place: the button is drawn, not pressed.
        <span className={buttonClass}>
          <EditableText block={block} option="label" value={options.label} />
        </span>
      ) : (
        <button
          type="button"
          className={buttonClass}
          aria-label={`${options.label} (${file.data.title || file.name})`}
          aria-describedby={details.length ? detailsId : undefined}
          aria-busy={busy || undefined}
          disabled={busy}
          onClick={() => void download()}
        >
          {options.label}
        </button>
      )}
      {details.length > 0 && (
        <span id={detailsId} className="t-download-file__details">
          {details.join(' · ')}
        </span>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
