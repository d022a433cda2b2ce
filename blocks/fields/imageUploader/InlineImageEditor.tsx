/**
 * The image uploader inline in the form (spec 4.8, issue 35 item 3): while the field is edited, the
 * picture itself with its focal point (a click, or the arrow keys by 1 %), a zoom, and the
 * previews cut to the field's ratios around the point, live; the point is saved with the file's
 * data. The window (ImageWindow) stays for choosing ratios and custom ones.
 */
import { useState } from 'react';
import { PREVIEW_RATIOS_ON, ZOOM_MAX_FACTOR, type Field, type FormFieldBinding, type FormServices } from '../../../engine';
import { FocalCanvas, RatioPreviews, useFocalPoint } from './focal-parts';

export interface InlineImageEditorProps {
  binding: FormFieldBinding;
  field: Field;
  fileId: string;
  services: FormServices;
}

export function InlineImageEditor({ binding: b, field, fileId, services }: InlineImageEditorProps) {
  const t = b.t;
  const { focal, move, moved, saved } = useFocalPoint(services, fileId);
  const [zoom, setZoom] = useState(1);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const opts = (field.opts ?? {}) as { focalPoint?: boolean; ratios?: unknown };
  const editable = opts.focalPoint !== false;
  const ratios = Array.isArray(opts.ratios) ? opts.ratios.filter((r): r is string => typeof r === 'string' && /^\d+:\d+$/.test(r)) : [...PREVIEW_RATIOS_ON];
  const src = services.imageUrl?.(fileId);
  const headingId = `${b.ids.input}-inline-title`;
  const save = async () => {
    setState('saving');
    try {
      await services.saveFileData?.(fileId, { focalPos: focal });
      saved();
      setState('saved');
    } catch {
      setState('failed');
    }
  };
  return (
    <section className="t-image-inline" aria-labelledby={headingId}>
      <h3 id={headingId} className="t-image-inline__title">
        {t('imageUploader.window', { field: b.label })}
      </h3>
      <div className="t-image-inline__body">
        <FocalCanvas
          src={src}
          fallback={fileId}
          alt={b.label}
          focal={focal}
          editing={editable}
          zoom={zoom}
          onMove={(next) => {
            move(next);
            setState('idle');
          }}
          t={t}
        />
        <div className="t-image-window__controls">
          {editable && <p className="t-image-inline__hint">{t('imageUploader.focalPoint.hint')}</p>}
          <label className="t-image-window__zoom">
            {t('imageUploader.zoom', { factor: zoom })}
            <input type="range" min={1} max={ZOOM_MAX_FACTOR} step={0.5} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
          </label>
          <RatioPreviews src={src} ratios={ratios} focal={focal} perRow={Math.max(ratios.length, 1)} t={t} />
          {editable && (
            <button type="button" onClick={() => void save()} disabled={!moved || state === 'saving'} aria-busy={state === 'saving' || undefined}>
              {state === 'saving' ? t('imageUploader.saving') : t('imageUploader.saveFocalPoint')}
            </button>
          )}
          <button type="button" onClick={() => b.setValue(null)}>
            {t('imageUploader.remove')}
          </button>
          <p role="status" className="t-image-inline__status">
            {state === 'saved' ? t('imageUploader.focalPoint.saved') : state === 'failed' ? t('imageUploader.focalPoint.failed') : ''}
          </p>
        </div>
      </div>
    </section>
  );
}
