import { useSyncExternalStore } from 'react';

/** The "medium" breakpoint: below it is a small screen (spec 2.7). Keep in step with web/styles/shell.css. */
export const MEDIUM_BREAKPOINT_PX = 768;
export const WIDE_QUERY = `(min-width: ${MEDIUM_BREAKPOINT_PX}px)`;

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const mql = window.matchMedia(query);
      mql.addEventListener('change', notify);
      return () => mql.removeEventListener('change', notify);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => true,
  );
}
export const useIsWide = () => useMediaQuery(WIDE_QUERY);
