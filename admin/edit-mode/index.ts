/**
 * Edit-mode state, its keyboard shortcuts and the admin-panel navigation guard. Deliberately
 * tiny (jotai and React only): the shell imports this statically, and loads the rest of admin
 * (`admin/index.tsx`, with rjsf and ajv) with `import()` only when edit mode is entered.
 */
import { atom, useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { EDIT_MODE_TOGGLE_THROTTLE_MS } from '../../engine/core/constants';
import { canManageEditMode, canManageTextEdit, canToggleDebug, type PermissionUser } from '../core/permissions';

export { AdminContext } from './admin-context';

export const editModeAtom = atom(false);
export const textEditModeAtom = atom(false);
export const safeModeAtom = atom(false);
export const debugInfoAtom = atom(false);
/** True while an admin panel (an edit dialog) is open: navigation is then blocked. */
export const adminPanelOpenAtom = atom(false);

/** Layouts on which the backtick key toggles text-edit mode. */
export const BACKTICK_LAYOUTS = ['en-GB', 'en-US'];

export type EditShortcut = 'editMode' | 'textEditMode' | 'debugInfo' | 'safeMode';

/** The parts of a key press the shortcuts read (a KeyboardEvent fits). */
export interface KeyLike {
  key: string;
  code?: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  target?: EventTarget | null;
}

const BY_CODE: Record<string, EditShortcut> = { KeyE: 'editMode', KeyJ: 'textEditMode', KeyD: 'debugInfo', KeyS: 'safeMode' };
const BY_KEY: Record<string, EditShortcut> = { e: 'editMode', j: 'textEditMode', d: 'debugInfo', s: 'safeMode' };

function isTyping(target: EventTarget | null | undefined): boolean {
  const el = target as HTMLElement | null | undefined;
  if (!el || typeof el.tagName !== 'string') return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/**
 * The edit shortcut a key press asks for (spec 2.6), or null: alt+shift+e/j/d/s, and backtick
 * for text-edit mode on en-GB/en-US layouts outside text inputs. `layout` is the keyboard
 * layout's language (navigator.language).
 */
export function editShortcutFor(e: KeyLike, layout: string): EditShortcut | null {
  if (e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey) {
    // alt+shift changes e.key on some layouts (macOS): the physical key decides, e.key only without a code.
    if (e.code) return BY_CODE[e.code] ?? null;
    return BY_KEY[e.key.toLowerCase()] ?? null;
  }
  if (e.key === '`' && !e.altKey && !e.ctrlKey && !e.metaKey && BACKTICK_LAYOUTS.includes(layout) && !isTyping(e.target)) return 'textEditMode';
  return null;
}

const lastEditModeToggleAtom = atom(-Infinity);

/** The tab's sessionStorage key that keeps edit mode on across a reload. */
export const EDIT_MODE_SESSION_KEY = 'tessera.editMode';

// Storage may be missing or refuse (private modes, quotas): edit mode then simply starts off.
function readSessionFlag(key: string): boolean {
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(key) === 'on';
  } catch {
    return false;
  }
}
/** This document was loaded by a reload of the tab (Navigation Timing). */
function isPageReload(): boolean {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return false;
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload';
}
function writeSessionFlag(key: string, on: boolean): void {
  try {
    if (typeof sessionStorage === 'undefined') return;
    if (on) sessionStorage.setItem(key, 'on');
    else sessionStorage.removeItem(key);
  } catch {
    // not kept: the next load starts outside edit mode
  }
}

/**
 * Toggles edit mode, at most once per EDIT_MODE_TOGGLE_THROTTLE_MS (the shortcut and the shell's
 * edit button share the throttle). Takes the current time; returns whether it toggled. The caller
 * checks manageEditMode.
 */
export const toggleEditModeAtom = atom(null, (get, set, now: number): boolean => {
  if (now - get(lastEditModeToggleAtom) < EDIT_MODE_TOGGLE_THROTTLE_MS) return false;
  set(lastEditModeToggleAtom, now);
  set(editModeAtom, !get(editModeAtom));
  return true;
});

export interface EditModeShortcutsOptions {
  /** The keyboard layout's language; `navigator.language` by default. */
  keyboardLocale?: string;
  /**
   * alt+shift+s: given the current safe mode, switch it (the shell reloads with or without
   * `?safeMode=on`, since safe mode is decided at start-up). Without it the atom is flipped.
   */
  onSafeModeToggle?(current: boolean): void;
  /** The clock, for tests of the throttle; `Date.now` by default. */
  now?(): number;
  /** Whether this page load is a reload of the tab (edit mode comes back only then); the Navigation Timing entry by default. */
  isReload?(): boolean;
}

/**
 * Mount once (the shell does). alt+shift+e toggles edit mode (manageEditMode, throttled),
 * alt+shift+j and backtick toggle text-edit mode (manageTextEdit), alt+shift+d debug info (admins
 * and elevated users), alt+shift+s safe mode (manageEditMode). Edit and text-edit mode are turned
 * off when the permission is lost.
 */
export function useEditModeShortcuts(user: PermissionUser | undefined, options: EditModeShortcutsOptions = {}) {
  const [editMode, setEditMode] = useAtom(editModeAtom);
  const [textEdit, setTextEdit] = useAtom(textEditModeAtom);
  const toggle = useSetAtom(toggleEditModeAtom);
  const store = useStore();
  const mayEdit = canManageEditMode(user);
  const mayTextEdit = canManageTextEdit(user);
  const mayDebug = canToggleDebug(user);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const toggleEditMode = useCallback(() => {
    if (mayEdit) toggle((optionsRef.current.now ?? Date.now)());
  }, [mayEdit, toggle]);

  useEffect(() => {
    if (!mayEdit && editMode) setEditMode(false);
    if (!mayTextEdit && textEdit) setTextEdit(false);
  }, [mayEdit, mayTextEdit, editMode, textEdit, setEditMode, setTextEdit]);

  // Edit mode outlives a reload of the tab (issue 35: an editor who reloads keeps composing), once
  // the user is known to hold manageEditMode; a link or address opened, another tab or a new
  // session starts outside it.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || !mayEdit) return;
    restored.current = true;
    if (readSessionFlag(EDIT_MODE_SESSION_KEY) && (optionsRef.current.isReload ?? isPageReload)()) setEditMode(true);
  }, [mayEdit, setEditMode]);
  useEffect(() => {
    if (restored.current) writeSessionFlag(EDIT_MODE_SESSION_KEY, editMode && mayEdit);
  }, [editMode, mayEdit]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const layout = optionsRef.current.keyboardLocale ?? (typeof navigator === 'undefined' ? '' : navigator.language);
      const action = editShortcutFor(e, layout);
      if (action === 'editMode' && mayEdit) toggleEditMode();
      else if (action === 'textEditMode' && mayTextEdit) store.set(textEditModeAtom, !store.get(textEditModeAtom));
      else if (action === 'debugInfo' && mayDebug) store.set(debugInfoAtom, !store.get(debugInfoAtom));
      else if (action === 'safeMode' && mayEdit) {
        const current = store.get(safeModeAtom);
        if (optionsRef.current.onSafeModeToggle) optionsRef.current.onSafeModeToggle(current);
        else store.set(safeModeAtom, !current);
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggleEditMode, mayEdit, mayTextEdit, mayDebug, store]);

  return { editMode: editMode && mayEdit, toggleEditMode };
}

/**
 * The composer opened by address (issue 34: "Open in the composer" of the admin's layouts and
 * blocks): `?edit=1` turns edit mode on for a user who may use it, `&block=<id>` asks the composer
 * to select that block once its page shows it (admin/editor/Composer.tsx reads this atom and
 * clears it). Both parameters leave the address once read, so a reload does not ask again.
 */
export const pendingBlockSelectionAtom = atom<string | null>(null);

/** What an address's query asks of the composer, or null when it asks nothing. */
export function readComposerLink(search: string): { block?: string } | null {
  const query = new URLSearchParams(search);
  if (query.get('edit') !== '1') return null;
  const block = query.get('block');
  return block ? { block } : {};
}

/** The query without the composer's parameters (no leading `?`). */
export function withoutComposerLink(search: string): string {
  const query = new URLSearchParams(search);
  query.delete('edit');
  query.delete('block');
  return query.toString();
}

/**
 * Mount once (the shell does, with its location): reads `readComposerLink` from the query once the
 * user is known, turns edit mode on (manageEditMode; for anyone else the parameters are dropped
 * and nothing changes), keeps the block to select, and replaces the address without them.
 */
export function useComposerLink(user: PermissionUser | undefined, search: string, replaceSearch: (search: string) => void) {
  const store = useStore();
  const mayEdit = canManageEditMode(user);
  const replaceRef = useRef(replaceSearch);
  replaceRef.current = replaceSearch;
  useEffect(() => {
    const link = readComposerLink(search);
    if (!link || !user) return;
    if (mayEdit) {
      if (link.block) store.set(pendingBlockSelectionAtom, link.block);
      store.set(editModeAtom, true);
    }
    replaceRef.current(withoutComposerLink(search));
  }, [search, user, mayEdit, store]);
}

/** The toast (warning) shown when navigation is blocked by an open admin panel. */
export const NAVIGATION_BLOCKED_KEY = 'toasts.closeAdminPanel';

/**
 * The navigation guard (spec 2.5) as a plain rule: the message key of the warning toast when
 * navigation must not continue (an admin panel is open), otherwise null; skipped in text-edit mode.
 * The shell's location hook calls it before every navigation.
 */
export function navigationBlockedKey(state: { adminPanelOpen: boolean; textEditMode: boolean }): string | null {
  return state.adminPanelOpen && !state.textEditMode ? NAVIGATION_BLOCKED_KEY : null;
}

/** `navigationBlockedKey` over the current atoms, for components. */
export function useAdminNavigationGuard(): () => string | null {
  const adminPanelOpen = useAtomValue(adminPanelOpenAtom);
  const textEditMode = useAtomValue(textEditModeAtom);
  return useCallback(() => navigationBlockedKey({ adminPanelOpen, textEditMode }), [adminPanelOpen, textEditMode]);
}
export { canManageEditMode, canManageTextEdit, type PermissionUser } from '../core/permissions';
