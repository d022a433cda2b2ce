/**
 * The asset manager (/admin/content, community 7 Files): the asset library listed newest first in
 * pages of 10 (spec 9 admin list defaults), searched by name, title and description; uploads with
 * progress; each asset's title, description and focal point edited in a panel of the frame's
 * panel stack (nothing changed is the assetManager.warnings.noData warning of spec 5.2, and
 * nothing is sent); deletes confirmed; sizes in MB or GB. The server checks every call against
 * the area `content` (server/admin-area.ts).
 */
import { Fragment, useCallback, useEffect, useId, useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import {
  clampPercent,
  focalPointAfterKey,
  focalPointAt,
  focalPointOf,
  formatFileSize,
  type FileService,
  type FocalPoint,
  type StoredFile,
} from '../../../engine';
import type { FileDataChanges } from '../../../schemas/model/api/files';
import { formatDay } from '../../../engine/core/date-display';
import { useAdminFrame } from '../../frame/frame-context';
import { usePanelStack } from '../../frame/panel-stack';
import type { Translate } from '../../frame/types';
import './asset-manager.css';

export interface AssetManagerProps {
  files: FileService;
  /** A media URL of an image asset at about `width` px (with the session's token). */
  imageUrl(id: string, width: number): string | undefined;
}

const PAGE_SIZE = 10;
const SEARCH_DEBOUNCE_MS = 250;
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export default function AssetManager({ files, imageUrl }: AssetManagerProps) {
  const { t, services } = useAdminFrame();
  const panels = usePanelStack();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ items: StoredFile[]; total: number; status: 'loading' | 'ready' | 'error'; message?: string }>({
    items: [],
    total: 0,
    status: 'loading',
  });
  const [round, setRound] = useState(0);
  const [notice, setNotice] = useState<{ text: string; kind: 'error' | 'warning' | 'status' }>();
  const [uploading, setUploading] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<string>();
  const searchId = useId();
  const uploadId = useId();
  const titleId = useId();

  // Only a changed search goes back to page 1: a page chosen meanwhile stays.
  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    files.assets({ ...(search ? { search } : {}), page, limit: PAGE_SIZE }).then(
      (answer) => live && setState({ items: Array.isArray(answer?.items) ? answer.items : [], total: Number(answer?.total) || 0, status: 'ready' }),
      (e: unknown) => live && setState({ items: [], total: 0, status: 'error', message: errorText(e) }),
    );
    return () => {
      live = false;
    };
  }, [files, search, page, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  const onUpload = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(e.target.files ?? [])];
    e.target.value = '';
    if (!picked.length) return;
    setUploading(0);
    setNotice(undefined);
    try {
      const stored = await files.uploadAsset(picked, (fraction) => setUploading(fraction));
      setNotice({ text: t('assetManager.uploaded', { name: stored.map((f) => f.name).join(', ') }), kind: 'status' });
      setPage(1);
      reload();
    } catch (error) {
      setNotice({ text: t('assetManager.uploadError', { message: errorText(error) }), kind: 'error' });
    } finally {
      setUploading(null);
    }
  };
  const remove = async (asset: StoredFile) => {
    setConfirming(undefined);
    try {
      await files.remove(asset.id);
      setNotice({ text: t('assetManager.deleted', { name: asset.data.title || asset.name }), kind: 'status' });
      reload();
    } catch (error) {
      setNotice({ text: t('assetManager.deleteError', { message: errorText(error) }), kind: 'error' });
    }
  };
  const edit = (asset: StoredFile) =>
    panels.open({
      title: t('assetManager.editing', { name: asset.data.title || asset.name }),
      render: (close) => (
        <AssetEditor
          asset={asset}
          t={t}
          imageUrl={imageUrl}
          onCancel={close}
          onSave={async (changes) => {
            const saved = await files.updateAsset(asset.id, changes);
            close();
            setState((s) => ({ ...s, items: s.items.map((a) => (a.id === saved.id ? saved : a)) }));
            setNotice({ text: t('assetManager.saved', { name: saved.data.title || saved.name }), kind: 'status' });
          }}
        />
      ),
    });
  const pages = Math.max(1, Math.ceil(state.total / PAGE_SIZE));

  return (
    <div className="t-asset-manager">
      <h1 id={titleId} className="ts-page-title">
        {t('assetManager.title')}
      </h1>
      <div className="t-asset-manager__bar">
        <div role="search" className="t-asset-manager__search">
          <label htmlFor={searchId}>{t('assetManager.search')}</label>
          <input id={searchId} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <div className="t-asset-manager__upload">
          <label htmlFor={uploadId}>{t('assetManager.upload')}</label>
          <input id={uploadId} type="file" multiple disabled={uploading !== null} onChange={(e) => void onUpload(e)} />
          {uploading !== null && (
            <progress max={100} value={Math.round(uploading * 100)} aria-label={t('assetManager.uploading')}>
              {Math.round(uploading * 100)}%
            </progress>
          )}
        </div>
      </div>
      {notice && (
        <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`t-asset-manager__notice t-asset-manager__notice--${notice.kind}`}>
          {notice.text}
        </p>
      )}
      <p role="status" className="t-asset-manager__count">
        {state.status === 'loading' ? t('assetManager.loading') : t('assetManager.count', { count: state.total })}
      </p>
      {state.status === 'error' && <p role="alert">{t('assetManager.loadError', { message: state.message ?? '' })}</p>}
      <ul className="t-asset-manager__list" aria-labelledby={titleId}>
        {state.items.map((asset) => {
          const name = asset.data.title || asset.name;
          const thumb = asset.kind === 'image' ? imageUrl(asset.id, 100) : undefined;
          return (
            <li key={asset.id} className="t-asset-manager__item">
              <div className="t-asset-manager__row">
                {thumb ? (
                  <img src={thumb} alt="" width={100} height={56} className="t-asset-manager__thumb" />
                ) : (
                  <span className="t-asset-manager__kind">{asset.kind}</span>
                )}
                <div className="t-asset-manager__text">
                  <span className="t-asset-manager__name">{name}</span>
                  <span className="t-asset-manager__meta">
                    {asset.name} · {formatFileSize(asset.size)} · {formatDay(asset.created, services.dates)}
                  </span>
                  {asset.data.description && <span className="t-asset-manager__description">{asset.data.description}</span>}
                </div>
                <div className="t-asset-manager__actions">
                  <button type="button" className="t-file-list__button" aria-haspopup="dialog" onClick={() => edit(asset)}>
                    {t('assetManager.edit', { name })}
                  </button>
                  {confirming === asset.id ? (
                    <>
                      <span>{t('assetManager.deleteConfirm', { name })}</span>
                      <button type="button" className="t-file-list__button t-file-list__button--danger" autoFocus onClick={() => void remove(asset)}>
                        {t('assetManager.confirmDelete')}
                      </button>
                      <button type="button" className="t-file-list__button" onClick={() => setConfirming(undefined)}>
                        {t('assetManager.cancel')}
                      </button>
                    </>
                  ) : (
                    <button type="button" className="t-file-list__button t-file-list__button--danger" onClick={() => setConfirming(asset.id)}>
                      {t('assetManager.delete', { name })}
                    </button>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {pages > 1 && (
        <nav className="t-asset-manager__pages" aria-label={t('assetManager.pages')}>
          <button type="button" className="t-file-list__button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('assetManager.previous')}
          </button>
          <span>{t('assetManager.page', { page, pages })}</span>
          <button type="button" className="t-file-list__button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('assetManager.next')}
          </button>
        </nav>
      )}
    </div>
  );
}

interface AssetEditorProps {
  asset: StoredFile;
  t: Translate;
  imageUrl: AssetManagerProps['imageUrl'];
  /** Rejects with the server's error, shown in the panel. */
  onSave(changes: FileDataChanges): Promise<void>;
  onCancel(): void;
}

/** Title, description and (for images) the focal point: click the picture, use the arrow keys on it, or type the percentages. */
function AssetEditor({ asset, t, imageUrl, onSave, onCancel }: AssetEditorProps) {
  const [title, setTitle] = useState(asset.data.title);
  const [description, setDescription] = useState(asset.data.description);
  const stored = focalPointOf(asset.data.focalPos);
  const [focal, setFocal] = useState<FocalPoint>(stored);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ text: string; kind: 'warning' | 'error' }>();
  const id = useId();
  const image = asset.kind === 'image' ? imageUrl(asset.id, 500) : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const changes: FileDataChanges = {};
    if (title !== asset.data.title) changes.title = title;
    if (description !== asset.data.description) changes.description = description;
    if (focal.x !== stored.x || focal.y !== stored.y) changes.focalPos = focal;
    if (!Object.keys(changes).length) return setProblem({ text: t('assetManager.warnings.noData'), kind: 'warning' });
    setSaving(true);
    setProblem(undefined);
    try {
      await onSave(changes);
    } catch (error) {
      setProblem({ text: t('assetManager.saveError', { message: errorText(error) }), kind: 'error' });
      setSaving(false);
    }
  };
  const onPictureClick = (e: MouseEvent<HTMLElement>) => {
    // A keyboard "click" (Enter, Space) has no position: the arrow keys move the point instead.
    if (e.detail === 0) return;
    const point = focalPointAt(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY);
    if (point) setFocal(point);
  };
  const onPictureKey = (e: KeyboardEvent<HTMLElement>) => {
    if (!focalPointAfterKey(focal, e.key)) return;
    e.preventDefault();
    setFocal((p) => focalPointAfterKey(p, e.key) ?? p);
  };
  return (
    <form className="t-asset-manager__editor" onSubmit={(e) => void submit(e)} aria-label={t('assetManager.editing', { name: asset.data.title || asset.name })}>
      {problem && (
        <p role="alert" className={`t-asset-manager__notice t-asset-manager__notice--${problem.kind}`}>
          {problem.text}
        </p>
      )}
      <label htmlFor={`${id}-title`}>{t('assetManager.fields.title')}</label>
      <input id={`${id}-title`} type="text" maxLength={500} value={title} onChange={(e) => setTitle(e.target.value)} />
      <label htmlFor={`${id}-description`}>{t('assetManager.fields.description')}</label>
      <textarea id={`${id}-description`} maxLength={5000} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      {image && (
        <fieldset className="t-asset-manager__focal">
          <legend>{t('assetManager.fields.focalPoint')}</legend>
          <button
            type="button"
            className="t-asset-manager__picture"
            aria-label={t('imageUploader.focalPoint.position', { ...focal })}
            aria-describedby={`${id}-focal-hint`}
            onClick={onPictureClick}
            onKeyDown={onPictureKey}
          >
            <img src={image} alt="" />
            <span className="t-image-window__focal" style={{ left: `${focal.x}%`, top: `${focal.y}%` }} aria-hidden="true" />
          </button>
          <p id={`${id}-focal-hint`} className="t-asset-manager__hint">
            {t('imageUploader.focalPoint.hint')}
          </p>
          {(['x', 'y'] as const).map((axis) => (
            <Fragment key={axis}>
              <label htmlFor={`${id}-${axis}`}>{t(axis === 'x' ? 'assetManager.fields.focalX' : 'assetManager.fields.focalY')}</label>
              <input
                id={`${id}-${axis}`}
                type="number"
                min={0}
                max={100}
                value={focal[axis]}
                onChange={(e) => setFocal((p) => ({ ...p, [axis]: clampPercent(Number(e.target.value) || 0) }))}
              />
            </Fragment>
          ))}
        </fieldset>
      )}
      <div className="t-asset-manager__actions">
        <button type="submit" className="t-file-list__button" disabled={saving} aria-busy={saving || undefined}>
          {t('assetManager.save')}
        </button>
        <button type="button" className="t-file-list__button" onClick={onCancel}>
          {t('assetManager.cancel')}
        </button>
      </div>
    </form>
  );
}
