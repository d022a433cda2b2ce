/**
 * The file picker of block options (`ui:widget` `fileId`: one file, a string; `fileIds`: several,
 * an array): the chosen files by title or name, size and thumbnail, each removable, and a panel
 * opening below them to choose from the asset library (searched as the asset manager searches it)
 * or to upload a new asset, which is chosen at once. Without a file service (a host that gives
 * none) the id is typed.
 */
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { formatFileSize, mediaUrl, type StoredFile } from '../../engine';
import { errorMessage, useAdmin } from '../core/context';
import { IdInput } from './id-input';

/** Assets listed in the picker at a time (the server's page). */
const PICKER_PAGE_SIZE = 20;
const THUMB_WIDTH = 56;

function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return typeof value === 'string' && value ? [value] : [];
}

/** The chosen files' metadata, re-read when the ids change; ids the server does not answer for are missing. */
function useChosenFiles(ids: string[]): Map<string, StoredFile> | undefined {
  const { files } = useAdmin();
  const key = ids.join(',');
  const [known, setKnown] = useState<Map<string, StoredFile>>();
  useEffect(() => {
    let live = true;
    if (!files || !key) return setKnown(new Map());
    files.get(key.split(',')).then(
      (found) => live && setKnown(new Map(found.map((f) => [f.id, f]))),
      () => live && setKnown(new Map()),
    );
    return () => {
      live = false;
    };
  }, [files, key]);
  return known;
}

/** A file's extension as a badge where an image shows a thumbnail ("PDF"): the same in every language. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1, dot + 6).toUpperCase() : '';
}

function FileLabel({ file }: { file: StoredFile }) {
  const { imageToken } = useAdmin();
  const thumb = file.kind === 'image' ? mediaUrl({ kind: 'image', id: file.id, token: imageToken, thumb: true, width: THUMB_WIDTH }) : undefined;
  return (
    <span className="t-asset-picker__file">
      {thumb ? (
        <img src={thumb} alt="" width={THUMB_WIDTH} height={32} className="t-asset-picker__thumb" />
      ) : (
        <span className="t-asset-picker__kind" aria-hidden="true">
          {extensionOf(file.name)}
        </span>
      )}
      <span className="t-asset-picker__name">{file.data.title || file.name}</span> <span className="t-asset-picker__size">{formatFileSize(file.size)}</span>
    </span>
  );
}

export function AssetPickerWidget(props: WidgetProps) {
  const { files, t } = useAdmin();
  const multiple = props.schema.type === 'array';
  const ids = idsOf(props.value);
  const chosen = useChosenFiles(ids);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);
  // Escape inside the picker closes the library, not the side panel around it.
  useEffect(() => {
    const element = container.current;
    if (!element || !open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      setOpen(false);
      openButton.current?.focus();
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [open]);
  if (!files) return <IdInput {...props} />;
  const store = (next: string[]) => props.onChange(multiple ? next : next[0]);
  const choose = (file: StoredFile) => {
    if (!multiple) {
      store([file.id]);
      setOpen(false);
    } else store(ids.includes(file.id) ? ids.filter((id) => id !== file.id) : [...ids, file.id]);
  };
  const disabled = props.disabled || props.readonly;
  const action = t(multiple ? 'admin.widgets.files.chooseMany' : ids.length ? 'admin.widgets.files.change' : 'admin.widgets.files.chooseOne');
  return (
    <div className="t-asset-picker" ref={container}>
      {ids.length > 0 && (
        <ul className="t-asset-picker__chosen" aria-label={t('admin.widgets.files.chosen', { label: props.label })}>
          {ids.map((id) => {
            const file = chosen?.get(id);
            return (
              <li key={id}>
                {file ? <FileLabel file={file} /> : <span className="t-asset-picker__missing">{chosen ? t('admin.widgets.files.missing') : '…'}</span>}
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => {
                    store(ids.filter((x) => x !== id));
                    // The removed row takes its button with it: focus stays in the picker.
                    openButton.current?.focus();
                  }}
                  aria-label={t('admin.widgets.files.remove', { name: file ? file.data.title || file.name : id })}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button
        ref={openButton}
        id={props.id}
        type="button"
        className="t-asset-picker__open"
        aria-expanded={open}
        aria-controls={panelId}
        aria-describedby={props.rawErrors?.length ? `${props.id}__error` : undefined}
        disabled={disabled}
        // The option's label (rjsf's <label for>) and what the button does, both in its name.
        aria-label={`${props.label}: ${action}`}
        onClick={() => setOpen(!open)}
      >
        {action}
      </button>
      {open && <AssetPickerPanel id={panelId} label={props.label} multiple={multiple} chosenIds={ids} onChoose={choose} />}
    </div>
  );
}

function AssetPickerPanel({
  id,
  label,
  multiple,
  chosenIds,
  onChoose,
}: {
  id: string;
  label: string;
  multiple: boolean;
  chosenIds: string[];
  onChoose(file: StoredFile): void;
}) {
  const { files, t } = useAdmin();
  const [search, setSearch] = useState('');
  const [round, setRound] = useState(0);
  const [assets, setAssets] = useState<{ items: StoredFile[]; total: number }>();
  const [error, setError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const searchId = useId();
  const uploadId = useId();
  useEffect(() => {
    let live = true;
    // Typing waits a moment before asking, so each keystroke is not a request.
    const timer = setTimeout(
      () =>
        files?.assets({ ...(search.trim() ? { search: search.trim() } : {}), page: 1, limit: PICKER_PAGE_SIZE }).then(
          (page) => live && (setAssets({ items: page.items, total: page.total }), setError(undefined)),
          (e: unknown) => live && setError(errorMessage(e, t)),
        ),
      search ? 250 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [files, search, round, t]);
  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.target.files ?? [])].slice(0, multiple ? undefined : 1);
    e.target.value = '';
    if (!files || !picked.length) return;
    setUploading(true);
    setError(undefined);
    try {
      const stored = await files.uploadAsset(picked);
      for (const file of stored) onChoose(file);
      setRound((n) => n + 1);
    } catch (err) {
      setError(errorMessage(err, t));
    } finally {
      setUploading(false);
    }
  };
  return (
    <div id={id} className="t-asset-picker__panel" role="group" aria-label={t('admin.widgets.files.library', { label })}>
      <label htmlFor={searchId}>{t('admin.widgets.files.search')}</label>
      <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      {error && <p role="alert">{error}</p>}
      {!assets && !error && <p role="status">{t('admin.widgets.files.loading')}</p>}
      {assets && (
        <>
          <p role="status" className="t-asset-picker__count">
            {assets.total > assets.items.length
              ? t('admin.widgets.files.someShown', { shown: assets.items.length, total: assets.total })
              : t('admin.widgets.files.count', { count: assets.total })}
          </p>
          <ul className="t-asset-picker__assets">
            {assets.items.map((asset) => {
              const picked = chosenIds.includes(asset.id);
              return (
                <li key={asset.id}>
                  <button type="button" className="t-asset-picker__asset" aria-pressed={multiple ? picked : undefined} onClick={() => onChoose(asset)}>
                    <FileLabel file={asset} />
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <label htmlFor={uploadId}>{t('admin.widgets.files.upload')}</label>
      <input id={uploadId} type="file" multiple={multiple} aria-busy={uploading || undefined} disabled={uploading} onChange={(e) => void upload(e)} />
      {uploading && <p role="status">{t('admin.widgets.files.uploading')}</p>}
    </div>
  );
}
