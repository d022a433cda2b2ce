/**
 * The image uploader window (spec 4.8): an image view with focal-point editing (click, or arrow
 * keys by 1 %) and a previews view (ratios on/off, custom ratios checked by the customRatio rule,
 * 2 to 5 previews per row); saving in progress or not; Escape closes.
 */
import { useEffect, useRef, useState } from 'react';
import {
  PREVIEWS_PER_ROW,
  PREVIEW_RATIOS_OFF,
  PREVIEW_RATIOS_ON,
  ZOOM_MAX_FACTOR,
  runRule,
  type Field,
  type FormFieldBinding,
  type FormServices,
} from '../../../engine';
import { FocalCanvas, RatioPreviews, useFocalPoint } from './focal-parts';

export interface ImageWindowProps {
  binding: FormFieldBinding;
  /** The field: its opts say which preview ratios start on, how many previews per row, and whether the focal point can be edited. */
  field: Field;
  fileId: string;
  services: FormServices;
  onClose(): void;
}

const ratioValue = (r: string) => {
  const [w, h] = r.split(':').map(Number);
  return w / h;
};

interface ImageUploaderOpts {
  focalPoint?: boolean;
  ratios?: string[];
  previewsPerRow?: number;
}

export function ImageWindow({ binding: b, field, fileId, services, onClose }: ImageWindowProps) {
  const opts = (field.opts ?? {}) as ImageUploaderOpts;
  const focalEditable = opts.focalPoint !== false;
  const [view, setView] = useState<'image' | 'previews'>('image');
  const [focalEditing, setFocalEditing] = useState(false);
  const { focal, move: moveFocal } = useFocalPoint(services, fileId);
  const [saving, setSaving] = useState(false);
  const [enabled, setEnabled] = useState<string[]>(() =>
    Array.isArray(opts.ratios) ? opts.ratios.filter((r) => /^\d+:\d+$/.test(r)) : [...PREVIEW_RATIOS_ON],
  );
  const [perRow, setPerRow] = useState<number>(() =>
    typeof opts.previewsPerRow === 'number' && opts.previewsPerRow >= PREVIEWS_PER_ROW.min && opts.previewsPerRow <= PREVIEWS_PER_ROW.max
      ? opts.previewsPerRow
      : PREVIEWS_PER_ROW.default,
  );
  // Zoom between the starting scale and ten times it (spec 9), around the focal point.
  const [zoom, setZoom] = useState(1);
  const [custom, setCustom] = useState({ width: '', height: '' });
  const [ratioMessage, setRatioMessage] = useState<{ text: string; severity: 'error' | 'warning' } | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => dialog.current?.focus(), []);
  const src = services.imageUrl?.(fileId);
  const t = b.t;

  const addRatio = () => {
    const value = { width: Number(custom.width) || 0, height: Number(custom.height) || 0 };
    const failure = runRule('customRatio', value, { existing: enabled.map(ratioValue) });
    setRatioMessage(failure ? { text: t(failure.key), severity: failure.severity } : null);
    if (failure?.severity === 'error' || failure?.key.endsWith('duplicate')) return;
    setEnabled((list) => [...list, `${value.width}:${value.height}`]);
    setCustom({ width: '', height: '' });
  };
  const save = async () => {
    setSaving(true);
    try {
      await services.saveFileData?.(fileId, { focalPos: focal });
      onClose();
    } finally {
      setSaving(false);
    }
  };
  const titleId = `${b.ids.input}-window-title`;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a dialog closes on Escape pressed anywhere inside it
    <div
      ref={dialog}
      tabIndex={-1}
      className="t-image-window"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <h2 id={titleId}>{t('imageUploader.window', { field: b.label })}</h2>
      <div role="group" aria-label={t('imageUploader.views.image') + ' / ' + t('imageUploader.views.previews')}>
        {(['image', 'previews'] as const).map((v) => (
          <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
            {t(`imageUploader.views.${v}`)}
          </button>
        ))}
      </div>
      {view === 'image' ? (
        <div className="t-image-window__image t-image-window__body">
          <div className="t-image-window__controls">
            {focalEditable && (
              <button type="button" aria-pressed={focalEditing} onClick={() => setFocalEditing((on) => !on)}>
                {t('imageUploader.focalPoint.toggle')}
              </button>
            )}
            <label className="t-image-window__zoom">
              {t('imageUploader.zoom', { factor: zoom })}
              <input type="range" min={1} max={ZOOM_MAX_FACTOR} step={0.5} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
            </label>
            {focalEditing && <p>{t('imageUploader.focalPoint.hint')}</p>}
            <p role="status">{t('imageUploader.focalPoint.position', focal)}</p>
          </div>
          <FocalCanvas src={src} fallback={fileId} alt={b.label} focal={focal} editing={focalEditing} zoom={zoom} onMove={moveFocal} t={t} />
        </div>
      ) : (
        <div className="t-image-window__previews t-image-window__body">
          <div className="t-image-window__controls">
            <fieldset>
              <legend>{t('imageUploader.previews.ratios')}</legend>
              {[...new Set([...PREVIEW_RATIOS_ON, ...PREVIEW_RATIOS_OFF, ...enabled])].map((r) => (
                <label key={r}>
                  <input
                    type="checkbox"
                    checked={enabled.includes(r)}
                    onChange={(e) => setEnabled((list) => (e.target.checked ? [...list, r] : list.filter((x) => x !== r)))}
                  />
                  {r}
                </label>
              ))}
            </fieldset>
            <fieldset>
              <legend>{t('imageUploader.previews.custom')}</legend>
              <label>
                {t('imageUploader.previews.width')}
                <input type="number" min={1} value={custom.width} onChange={(e) => setCustom((c) => ({ ...c, width: e.target.value }))} />
              </label>
              <label>
                {t('imageUploader.previews.height')}
                <input type="number" min={1} value={custom.height} onChange={(e) => setCustom((c) => ({ ...c, height: e.target.value }))} />
              </label>
              <button type="button" onClick={addRatio}>
                {t('imageUploader.previews.add')}
              </button>
              {ratioMessage && <p role={ratioMessage.severity === 'error' ? 'alert' : 'status'}>{ratioMessage.text}</p>}
            </fieldset>
            <label>
              {t('imageUploader.previews.perRow')}
              <select value={perRow} onChange={(e) => setPerRow(Number(e.target.value))}>
                {Array.from({ length: PREVIEWS_PER_ROW.max - PREVIEWS_PER_ROW.min + 1 }, (_, i) => PREVIEWS_PER_ROW.min + i).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <RatioPreviews src={src} ratios={enabled} focal={focal} perRow={perRow} t={t} />
        </div>
      )}
      <button type="button" onClick={() => void save()} disabled={saving} aria-busy={saving || undefined}>
        {saving ? t('imageUploader.saving') : t('imageUploader.save')}
      </button>
      <button type="button" onClick={onClose}>
        {t('imageUploader.close')}
      </button>
    </div>
  );
}
