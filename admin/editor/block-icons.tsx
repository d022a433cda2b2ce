/** Inline SVG icons of the block types, by the registry's `icon` name (registry/blocks/*.json); no icon font. Decorative: the type's title names it. */
import type { ReactNode } from 'react';

const P = (d: string) => <path d={d} />;

/** 24×24 stroke drawings, one per icon name the available block types use. */
const ICONS: Record<string, ReactNode> = {
  pointer: P('M5 3l13 8-6 1.5L9.5 19z'),
  'form-input': (
    <>
      <rect x="3" y="6" width="18" height="5" rx="1" />
      <rect x="3" y="14" width="18" height="5" rx="1" />
      {P('M6 8.5h5')}
    </>
  ),
  megaphone: (
    <>
      {P('M3 10v4h3l8 4V6L6 10z')}
      {P('M18 9a4 4 0 0 1 0 6')}
    </>
  ),
  card: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      {P('M3 10h18')}
    </>
  ),
  carousel: (
    <>
      <rect x="6" y="5" width="12" height="14" rx="1" />
      {P('M3 8v8M21 8v8')}
    </>
  ),
  hand: P(
    'M8 13V5.5a1.5 1.5 0 0 1 3 0V11m0-1.5a1.5 1.5 0 0 1 3 0V11m0-.5a1.5 1.5 0 0 1 3 0V15a6 6 0 0 1-6 6h-1a6 6 0 0 1-5-2.7L3.5 14a1.5 1.5 0 0 1 2.5-1.7L8 15',
  ),
  columns: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="1" />
      {P('M9 4v16M15 4v16')}
    </>
  ),
  square: <rect x="4" y="4" width="16" height="16" rx="2" />,
  'x-square': (
    <>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      {P('M9 9l6 6M15 9l-6 6')}
    </>
  ),
  braces: P('M8 4H7a2 2 0 0 0-2 2v4l-2 2 2 2v4a2 2 0 0 0 2 2h1M16 4h1a2 2 0 0 1 2 2v4l2 2-2 2v4a2 2 0 0 1-2 2h-1'),
  code: P('M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16'),
  frame: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="1" />
      {P('M3 8h18M6 6h.01M8.5 6h.01')}
    </>
  ),
  masonry: (
    <>
      <rect x="3" y="3" width="8" height="10" rx="1" />
      <rect x="13" y="3" width="8" height="6" rx="1" />
      <rect x="3" y="15" width="8" height="6" rx="1" />
      <rect x="13" y="11" width="8" height="10" rx="1" />
    </>
  ),
  'users-round': (
    <>
      <circle cx="9" cy="8" r="3.5" />
      {P('M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6')}
    </>
  ),
  window: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      {P('M3 9h18M17 6.5h.01')}
    </>
  ),
  windows: (
    <>
      <rect x="7" y="3" width="14" height="12" rx="1" />
      {P('M17 18v2a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1h3')}
    </>
  ),
  folder: P('M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z'),
  text: P('M4 6h16M4 10h16M4 14h16M4 18h10'),
  portal: (
    <>
      <rect x="3" y="3" width="12" height="12" rx="1" />
      {P('M12 12l9 9M21 15v6h-6')}
    </>
  ),
  'id-card': (
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <circle cx="8" cy="11" r="2" />
      {P('M5 16a3 3 0 0 1 6 0M14 10h5M14 14h3')}
    </>
  ),
  qr: (
    <>
      <rect x="3" y="3" width="7" height="7" />
      <rect x="14" y="3" width="7" height="7" />
      <rect x="3" y="14" width="7" height="7" />
      {P('M14 14h3v3h-3zM20 14v1M14 20h1M18 18h3v3')}
    </>
  ),
  steps: (
    <>
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
      {P('M7 12h3M14 12h3')}
    </>
  ),
  tabs: (
    <>
      {P('M3 20V6a1 1 0 0 1 1-1h5a1 1 0 0 1 1 1v3h10a1 1 0 0 1 1 1v10z')}
      {P('M10 9V6a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3')}
    </>
  ),
  'user-search': (
    <>
      <circle cx="9" cy="8" r="3.5" />
      {P('M3 20a6 6 0 0 1 9-5.2')}
      <circle cx="17" cy="16" r="3" />
      {P('M19.2 18.2L22 21')}
    </>
  ),
};

/** Whether a drawing exists for an icon name. */
export function hasBlockIcon(name: string | undefined): boolean {
  return Boolean(name && Object.prototype.hasOwnProperty.call(ICONS, name));
}

/** The icon of a block type (a plain square when the name has no drawing). */
export function BlockIcon({ name }: { name: string | undefined }) {
  return (
    <svg
      className="t-admin-block-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {(name && hasBlockIcon(name) ? ICONS[name] : null) ?? ICONS.square}
    </svg>
  );
}
