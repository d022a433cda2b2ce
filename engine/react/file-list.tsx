/**
 * A list of stored files as the file blocks show them (community 3 File): a thumbnail for images,
 * the title (or name), the description, the size in MB or GB (spec 5.2), the download count, and
 * buttons to download (counted by the server) and delete (the owner's or a files manager's; the
 * server decides). Every control is a real button, so the keyboard reaches all of them.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import type { Id } from '../../schemas/model';
import type { FileInfo } from '../../schemas/model/api/files';
import { formatBytes } from '../core/validation/values';
import { useEngine } from './engine-context';
import type { FileService } from './file-service';

export type FileListState =
  | { status: 'idle' | 'loading'; files: FileInfo[]; reload(): void; replace(files: FileInfo[]): void }
  | { status: 'ready'; files: FileInfo[]; reload(): void; replace(files: FileInfo[]): void }
  | { status: 'error'; message: string; files: FileInfo[]; reload(): void; replace(files: FileInfo[]): void };

/** Loads files by the upload's context (`getFileList/{contextId}`) or by ids (`getFiles`, in the given order). */
export function useFileList(service: FileService | undefined, source: { contextId?: Id; ids?: Id[]; enabled?: boolean }): FileListState {
  const [status, setStatus] = useState<'idle' | 'loading' | 'ready' | 'error'>('idle');
  const [files, setFiles] = useState<FileInfo[]>([]);
  const [message, setMessage] = useState('');
  const [round, setRound] = useState(0);
  const idsKey = source.ids?.join('\n');
  const enabled = source.enabled !== false && !!service && (source.contextId !== undefined || idsKey !== undefined);
  useEffect(() => {
    if (!enabled || !service) return;
    let live = true;
    setStatus('loading');
    const ids = idsKey ? idsKey.split('\n') : [];
    const load = source.contextId !== undefined ? service.list(source.contextId) : service.get(ids);
    load.then(
      (found) => {
        if (!live) return;
        const valid = Array.isArray(found) ? found.filter((f) => f && typeof f.id === 'string') : [];
        // Chosen files keep the order they were chosen in.
        setFiles(source.contextId !== undefined ? valid : ids.map((id) => valid.find((f) => f.id === id)).filter((f): f is FileInfo => !!f));
        setStatus('ready');
      },
      (error: unknown) => {
        if (!live) return;
        setMessage(error instanceof Error ? error.message : String(error));
        setStatus('error');
      },
    );
    return () => {
      live = false;
    };
  }, [service, enabled, source.contextId, idsKey, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  // Another block's upload to the same context, or any delete, shows here without a page reload.
  useEffect(
    () => (enabled ? service?.subscribe?.((changed) => (changed === undefined || changed === source.contextId) && reload()) : undefined),
    [service, enabled, source.contextId, reload],
  );
  const replace = useCallback((next: FileInfo[]) => setFiles(next), []);
  return status === 'error' ? { status, message, files, reload, replace } : { status, files, reload, replace };
}

export interface FileListProps {
  title?: string;
  state: FileListState;
  files: FileService;
  layout: 'list' | 'grid';
  allowDownload?: boolean;
  /** Shows a delete button for these files (the server still checks). */
  allowDelete?: (file: FileInfo) => boolean;
  showThumbnails?: boolean;
  thumbnailWidth?: number;
  thumbnailRatio?: '16:9' | '3:2' | '1:1';
  showDescription?: boolean;
  showDownloadCount?: boolean;
  imageLoading?: 'eager' | 'async' | 'high' | 'lazy' | 'auto' | 'low';
}

const ASPECT: Record<string, string> = { '16:9': '16 / 9', '3:2': '3 / 2', '1:1': '1 / 1' };

/** The img attributes of an image loading mode (viewFiles' imageLoading option). */
function loadingAttributes(mode: FileListProps['imageLoading']) {
  if (mode === 'eager' || mode === 'lazy') return { loading: mode } as const;
  if (mode === 'async') return { decoding: 'async' } as const;
  if (mode === 'high' || mode === 'low' || mode === 'auto') return { fetchPriority: mode } as const;
  return {};
}

export function FileList(props: FileListProps) {
  const { t, services } = useEngine();
  const { state, files, layout, thumbnailWidth = 250, thumbnailRatio = '16:9' } = props;
  const [notice, setNotice] = useState<{ text: string; error: boolean }>();
  const [working, setWorking] = useState<Id>();
  const headingId = useId();
  const [confirming, setConfirming] = useState<Id>();

  const download = async (file: FileInfo) => {
    setWorking(file.id);
    try {
      await files.download(file);
      state.replace(state.files.map((f) => (f.id === file.id ? { ...f, data: { ...f.data, downloadCount: f.data.downloadCount + 1 } } : f)));
    } catch (error) {
      setNotice({ text: t('blocks.files.downloadError', { message: error instanceof Error ? error.message : String(error) }), error: true });
    } finally {
      setWorking(undefined);
    }
  };
  const remove = async (file: FileInfo, name: string) => {
    setConfirming(undefined);
    setWorking(file.id);
    try {
      await files.remove(file.id);
      state.replace(state.files.filter((f) => f.id !== file.id));
      setNotice({ text: t('blocks.files.deleted', { name }), error: false });
    } catch (error) {
      setNotice({ text: t('blocks.files.deleteError', { message: error instanceof Error ? error.message : String(error) }), error: true });
    } finally {
      setWorking(undefined);
    }
  };

  return (
    <div className={`t-file-list t-file-list--${layout}`}>
      {props.title && (
        <h3 id={headingId} className="t-file-list__title">
          {props.title}
        </h3>
      )}
      {state.status === 'loading' && state.files.length === 0 && <p role="status">{t('engine.states.loading')}</p>}
      {state.status === 'error' && <p role="alert">{t('blocks.files.loadError', { message: state.message })}</p>}
      {state.status === 'ready' && state.files.length === 0 && <p className="t-file-list__empty">{t('blocks.files.empty')}</p>}
      {state.files.length > 0 && (
        <ul className="t-file-list__items" aria-labelledby={props.title ? headingId : undefined}>
          {state.files.map((file) => {
            const name = file.data.title || file.name;
            const src =
              props.showThumbnails && file.kind === 'image'
                ? services.mediaUrl?.({ kind: 'image', id: file.id, thumb: true, width: thumbnailWidth, ratio: thumbnailRatio })
                : undefined;
            return (
              <li key={file.id} className="t-file-list__item">
                {src && (
                  <img
                    className="t-file-list__thumb"
                    src={src}
                    alt=""
                    width={thumbnailWidth}
                    style={{ aspectRatio: ASPECT[thumbnailRatio] }}
                    {...loadingAttributes(props.imageLoading)}
                  />
                )}
                <div className="t-file-list__text">
                  <span className="t-file-list__name">{name}</span>
                  {props.showDescription !== false && file.data.description && <p className="t-file-list__description">{file.data.description}</p>}
                  <span className="t-file-list__meta">
                    {t('blocks.files.size', { size: formatBytes(file.size) })}
                    {props.showDownloadCount && <> · {t('blocks.files.downloads', { count: file.data.downloadCount })}</>}
                  </span>
                </div>
                <span className="t-file-list__actions">
                  {props.allowDownload && (
                    <button type="button" className="t-file-list__button" disabled={working === file.id} onClick={() => void download(file)}>
                      {t('blocks.files.download', { name })}
                    </button>
                  )}
                  {props.allowDelete?.(file) && confirming !== file.id && (
                    <button
                      type="button"
                      className="t-file-list__button t-file-list__button--danger"
                      disabled={working === file.id}
                      onClick={() => setConfirming(file.id)}
                    >
                      {t('blocks.files.delete', { name })}
                    </button>
                  )}
                  {confirming === file.id && (
                    <span className="t-file-list__confirm">
                      <span>{t('blocks.files.deleteConfirm', { name })}</span>
                      <button type="button" className="t-file-list__button t-file-list__button--danger" autoFocus onClick={() => void remove(file, name)}>
                        {t('blocks.files.confirmDelete')}
                      </button>
                      <button type="button" className="t-file-list__button" onClick={() => setConfirming(undefined)}>
                        {t('blocks.files.cancel')}
                      </button>
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {notice && <p role={notice.error ? 'alert' : 'status'}>{notice.text}</p>}
    </div>
  );
}
