/**
 * Responsive preview (issue 15): the bar's Phone (375 px), Tablet (768 px) and Desktop buttons.
 * Phone and tablet frame the same page in an iframe of that width, so the app's own media queries
 * apply as on a real device; the editor underneath stays in edit mode, and what is saved there
 * reaches the frame live (it is the app, subscribed like any member's). Desktop or Escape closes it.
 */
import { atom, useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useAdmin } from '../core/context';

export const PREVIEW_WIDTHS = { phone: 375, tablet: 768 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

export const previewWidthAtom = atom<PreviewWidth | null>(null);

/** The bar's three width buttons, one pressed. */
export function PreviewButtons() {
  const { t } = useAdmin();
  const [width, setWidth] = useAtom(previewWidthAtom);
  return (
    <span role="group" aria-label={t('admin.preview.group')} className="t-admin-preview-buttons">
      {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((key) => (
        <button key={key} type="button" aria-pressed={width === key} onClick={() => setWidth(width === key ? null : key)}>
          {t(`admin.preview.${key}`, { width: PREVIEW_WIDTHS[key] })}
        </button>
      ))}
      <button type="button" aria-pressed={width === null} onClick={() => setWidth(null)}>
        {t('admin.preview.desktop')}
      </button>
    </span>
  );
}

/** The framed page at the chosen width, over the editor; nothing at desktop width. */
export function PreviewFrame() {
  const { t } = useAdmin();
  const [width, setWidth] = useAtom(previewWidthAtom);
  const headRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!width) return;
    // Keyboard users land on the pressed width button of the frame's own bar.
    headRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setWidth(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [width, setWidth]);
  if (!width) return null;
  const px = PREVIEW_WIDTHS[width];
  return (
    <section className="t-admin-preview" aria-label={t('admin.preview.region', { width: px })}>
      <div className="t-admin-preview__head" ref={headRef}>
        <PreviewButtons />
        <button type="button" onClick={() => setWidth(null)}>
          {t('admin.preview.close')}
        </button>
      </div>
      <iframe className="t-admin-preview__frame" title={t('admin.preview.frame', { width: px })} src={window.location.href} style={{ width: px }} />
    </section>
  );
}
