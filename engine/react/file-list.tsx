/**
 * A list of stored files as the file blocks show them (community 3 File): a thumbnail for images,
 * the title (or name), the description, the size in MB or GB (spec 5.2), the download count, and
 * buttons to download (counted by the server) and delete (the owner's or a files manager's; the
 * server decides). Every control is a real button, so the keyboard reaches all of them.
 */
import { loadingAttributes, type ImageLoading } from './image-loading';
import { useId, useState } from 'react';
import type { Id } from '../../schemas/model';
import type { FileInfo } from '../../schemas/model/api/files';
import { formatFileSize } from '../core/validation/values';
import { useCollectionOf } from '../data/collection-hooks';
import { filesSlice } from '../data/files';
import { useOptionalDataLayer, useResourceEntries } from '../data/hooks';
import { messageOf } from '../data/transport';
import { useEngine } from './engine-context';
import type { FileService } from './file-service';

/** `idle` when there is nothing to read (no source, no data layer); `error` says why. */
export type FileListState = FileListActions &
  ({ status: 'idle' | 'loading' | 'ready'; files: FileInfo[] } | { status: 'error'; files: FileInfo[]; message: string });

export interface FileListActions {
  /** Reads the files again. */
  reload(): void;
  /** New uploads of the context: shown in every list of it. */
  add(files: readonly FileInfo[]): void;
  /** Deletes a file on the server; it leaves every list and view. */
  deleteFile(id: Id): Promise<void>;
  /** The server counted a download: every view shows the new count. */
  downloaded(id: Id): void;
}

const noFiles: readonly Id[] = [];

/**
 * Files by the upload's context (`getFileList/{contextId}`) or by ids (`getFiles`, in the given
 * order), read through the data layer's files slice: blocks showing the same files share one
 * read, and a change made in one shows in all.
 */
export function useFileList(source: { contextId?: Id; ids?: readonly Id[]; enabled?: boolean }): FileListState {
  const files = useOptionalDataLayer()?.slice(filesSlice);
  const enabled = source.enabled !== false && !!files;
  const byContext = enabled && source.contextId !== undefined;
  const byIds = enabled && !byContext && source.ids !== undefined;
  const list = useCollectionOf(files?.lists, byContext ? source.contextId : undefined);
  const ids = byIds ? source.ids! : noFiles;
  const entries = useResourceEntries(byIds ? files?.byId : undefined, ids);
  const actions: FileListActions = {
    reload() {
      if (byContext) void files!.lists.get(source.contextId!).reload();
      else if (byIds) for (const id of ids) void files!.byId.ensure(id, true);
    },
    add: (added: readonly FileInfo[]) => (source.contextId !== undefined ? files?.added(source.contextId, added) : undefined),
    deleteFile: (id: Id) => (files ? files.remove(id) : Promise.reject(new Error('No data layer'))),
    downloaded: (id: Id) => files?.downloaded(id),
  };
  if (byContext)
    return list.status === 'error'
      ? { ...actions, status: 'error', files: list.items, message: messageOf(list.error) }
      : { ...actions, status: list.status, files: list.items };
  if (!byIds) return { ...actions, status: 'idle', files: [] };
  const failed = entries.find((e) => e?.state === 'error' && e.error === 'failed');
  const shown = entries.flatMap((e) => (e?.state === 'ready' ? [e.value] : []));
  if (entries.some((e) => !e || e.state === 'loading')) return { ...actions, status: 'loading', files: shown };
  if (failed?.state === 'error') return { ...actions, status: 'error', files: shown, message: failed.message ?? '' };
  return { ...actions, status: 'ready', files: shown };
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
  imageLoading?: ImageLoading;
}

const ASPECT: Record<string, string> = { '16:9': '16 / 9', '3:2': '3 / 2', '1:1': '1 / 1' };

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
      state.downloaded(file.id);
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
      await state.deleteFile(file.id);
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
                    {t('blocks.files.size', { size: formatFileSize(file.size) })}
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
