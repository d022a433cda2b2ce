/**
 * The shell's own key behaviours: the hidden key sequence (up up down down left right left right
 * b a) prints a console banner, and safe mode's address. The edit shortcuts (spec 2.6) are
 * admin/edit-mode's `editShortcutFor` / `useEditModeShortcuts`.
 */
/** Leading-edge throttle: calls pass at most once per `ms`. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number, now: () => number = Date.now): (...args: A) => void {
  let last = -Infinity;
  return (...args) => {
    const t = now();
    if (t - last < ms) return;
    last = t;
    fn(...args);
  };
}

export const KONAMI = ['ArrowUp', 'ArrowUp', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'ArrowLeft', 'ArrowRight', 'b', 'a'];

/** Feeds keys one at a time; calls onMatch each time the sequence completes. */
export function createKeySequence(sequence: string[], onMatch: () => void): (key: string) => void {
  let recent: string[] = [];
  return (key) => {
    recent = [...recent, key.length === 1 ? key.toLowerCase() : key].slice(-sequence.length);
    if (recent.length === sequence.length && recent.every((k, i) => k === sequence[i])) {
      recent = [];
      onMatch();
    }
  };
}

/** Safe mode is decided at start-up from the address: switching it reloads with or without ?safeMode=on. */
export function reloadWithSafeMode(current: boolean): void {
  window.location.assign(toggleSafeModeUrl(new URL(window.location.href), current).toString());
}

/** Safe mode lives in the address (query safeMode): toggling it rewrites the query. */
export function toggleSafeModeUrl(url: URL, on: boolean): URL {
  const next = new URL(url);
  if (on) next.searchParams.delete('safeMode');
  else next.searchParams.set('safeMode', 'on');
  return next;
}
