/**
 * Auto theme mode follows the system while the page is open: start-up resolves the scheme once,
 * so without this a member whose system turns dark at dusk stays light until the next reload.
 * Only in auto mode; an explicit light or dark choice wins and nothing listens.
 */
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { themeModeAtom } from '../shell/shell-state';
import { applyScheme, type ThemeMode } from './theme';

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** Subscribes to system scheme changes when the mode is auto; returns the unsubscribe. */
export function followSystemScheme(mode: ThemeMode, win: Window, storage?: Storage): () => void {
  if (mode !== 'auto' || typeof win.matchMedia !== 'function') return () => undefined;
  const mql = win.matchMedia(DARK_SCHEME_QUERY);
  const onChange = (e: MediaQueryListEvent) => applyScheme(win.document, e.matches ? 'dark' : 'light', storage);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

export function useFollowSystemScheme(): void {
  const mode = useAtomValue(themeModeAtom);
  useEffect(() => followSystemScheme(mode, window, localStorage), [mode]);
}
