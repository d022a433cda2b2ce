/**
 * The parts of the image uploader (spec 4.8) that the window and the inline editor share: the
 * picture with its focal point (moved by a click, or the arrow keys by 1 %, while editing) and the
 * previews of the picture cut to each ratio around that point.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import {
  FOCAL_POINT_DEFAULT,
  focalPointAfterKey,
  focalPointAt,
  focalPointOf,
  PREVIEWS_PER_ROW,
  type FormFieldBinding,
  type FormServices,
} from '../../../engine';

export type Point = { x: number; y: number };
type T = FormFieldBinding['t'];

/** The picture's focal point: it starts at the stored one (file data), and a point the member already moved is kept. */
export function useFocalPoint(services: FormServices, fileId: string) {
  const [focal, setFocal] = useState<Point>({ ...FOCAL_POINT_DEFAULT });
  const [moved, setMoved] = useState(false);
  const movedRef = useRef(false);
  useEffect(() => {
    let live = true;
    movedRef.current = false;
    setMoved(false);
    services.fileData?.(fileId).then(
      (data) => live && !movedRef.current && data?.focalPos && setFocal(focalPointOf(data.focalPos)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [services, fileId]);
  const move = useCallback((next: Point | ((p: Point) => Point)) => {
    movedRef.current = true;
    setMoved(true);
    setFocal(next);
  }, []);
  /** After a save: the point shown is the stored one again. */
  const saved = useCallback(() => setMoved(false), []);
  return { focal, move, moved, saved };
}

export interface FocalCanvasProps {
  src?: string;
  /** Shown when there is no picture URL (no media token). */
  fallback: string;
  alt: string;
  focal: Point;
  editing: boolean;
  zoom: number;
  onMove(next: Point | ((p: Point) => Point)): void;
  t: T;
}

export function FocalCanvas({ src, fallback, alt, focal, editing, zoom, onMove, t }: FocalCanvasProps) {
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (!editing) return;
    const frame = e.currentTarget.querySelector('.t-image-window__frame') ?? e.currentTarget;
    const point = focalPointAt(frame.getBoundingClientRect(), e.clientX, e.clientY);
    if (point) onMove(point);
  };
  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    if (!editing || !focalPointAfterKey(focal, e.key)) return;
    e.preventDefault();
    onMove((p) => focalPointAfterKey(p, e.key) ?? p);
  };
  return (
    <div
      className="t-image-window__canvas"
      role={editing ? 'application' : undefined}
      tabIndex={editing ? 0 : undefined}
      aria-label={t('imageUploader.focalPoint.position', focal)}
      onClick={onClick}
      onKeyDown={onKey}
    >
      {/* The frame is the image's own box: a click's position is a percentage of the picture, not of the window. */}
      <span className="t-image-window__frame" style={{ transform: zoom === 1 ? undefined : `scale(${zoom})`, transformOrigin: `${focal.x}% ${focal.y}%` }}>
        {src ? <img src={src} alt={alt} /> : <span>{fallback}</span>}
        <span className="t-image-window__focal" style={{ left: `${focal.x}%`, top: `${focal.y}%` }} aria-hidden="true" />
      </span>
    </div>
  );
}

export function RatioPreviews({ src, ratios, focal, perRow, t }: { src?: string; ratios: string[]; focal: Point; perRow: number; t: T }) {
  return (
    <ul className="t-image-window__grid" style={{ display: 'grid', gridTemplateColumns: `repeat(${perRow}, 1fr)`, gap: PREVIEWS_PER_ROW.spacingPx }}>
      {ratios.map((r) => (
        <li key={r} aria-label={t('imageUploader.previews.preview', { ratio: r })} style={{ aspectRatio: r.replace(':', ' / '), overflow: 'hidden' }}>
          {src && <img src={src} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover', objectPosition: `${focal.x}% ${focal.y}%` }} />}
        </li>
      ))}
    </ul>
  );
}
