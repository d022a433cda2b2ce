/** Which composer panels are open: the left (palette and outline) and the right (settings); below the medium breakpoint they are sheets, closed until asked for. */
import { atom } from 'jotai';

/** The medium breakpoint: below it the panels are sheets over the page's lower part. */
export const PANELS_MEDIUM_QUERY = '(min-width: 900px)';

export const leftPanelOpenAtom = atom(false);
export const rightPanelOpenAtom = atom(false);
/** The left panel's tab. */
export const leftPanelTabAtom = atom<'palette' | 'outline'>('palette');

export function isWideScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PANELS_MEDIUM_QUERY).matches;
}
