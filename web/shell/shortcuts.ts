/**
 * Keyboard shortcuts (spec 2.6): alt+shift+e edit mode, alt+shift+j text-edit mode, alt+shift+d
 * debug info, alt+shift+s safe mode; a backtick toggles text-edit mode on en-GB and en-US layouts.
 * The hidden key sequence (up up down down left right left right b a) prints a console banner.
 */
export type ShortcutAction = 'editMode' | 'textEditMode' | 'debugInfo' | 'safeMode';

export interface KeyLike {
  key: string;
  code?: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  target?: EventTarget | null;
}

const BY_CODE: Record<string, ShortcutAction> = { KeyE: 'editMode', KeyJ: 'textEditMode', KeyD: 'debugInfo', KeyS: 'safeMode' };
export const BACKTICK_LAYOUTS = ['en-GB', 'en-US'];

function isTyping(target: EventTarget | null | undefined): boolean {
  const el = target as HTMLElement | null | undefined;
  if (!el || typeof el.tagName !== 'string') return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** The action a key press asks for, or null. `layout` is the keyboard layout language (navigator.language). */
export function shortcutFor(e: KeyLike, layout: string): ShortcutAction | null {
  if (e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey) {
    // alt+shift changes e.key on some layouts (macOS): use the physical key.
    const byCode = e.code ? BY_CODE[e.code] : undefined;
    if (byCode) return byCode;
    const byKey = ({ e: 'editMode', j: 'textEditMode', d: 'debugInfo', s: 'safeMode' } as Record<string, ShortcutAction>)[e.key.toLowerCase()];
    return byKey ?? null;
  }
  if (e.key === '`' && !e.altKey && !e.ctrlKey && !e.metaKey && BACKTICK_LAYOUTS.includes(layout) && !isTyping(e.target)) return 'textEditMode';
  return null;
}

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

/** Safe mode lives in the address (query safeMode): toggling it rewrites the query. */
export function toggleSafeModeUrl(url: URL, on: boolean): URL {
  const next = new URL(url);
  if (on) next.searchParams.delete('safeMode');
  else next.searchParams.set('safeMode', 'on');
  return next;
}
