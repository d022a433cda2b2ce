/**
 * Edit-mode state, its keyboard shortcuts and the admin-panel navigation guard. Deliberately
 * tiny (jotai and React only): the shell imports this statically, and loads the rest of admin
 * (`admin/index.tsx`, with rjsf and ajv) with `import()` only when edit mode is entered.
 */
import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { EDIT_MODE_TOGGLE_THROTTLE_MS } from '../../engine/core/constants';
import { canManageEditMode, canManageTextEdit, canToggleDebug, type PermissionUser } from '../core/permissions';

export const editModeAtom = atom(false);
export const textEditModeAtom = atom(false);
export const safeModeAtom = atom(false);
export const debugInfoAtom = atom(false);
/** True while an admin panel (an edit dialog) is open: navigation is then blocked. */
export const adminPanelOpenAtom = atom(false);

/** Layouts on which the backtick key toggles text-edit mode. */
const BACKTICK_LOCALES = ['en-GB', 'en-US'];

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export interface EditModeShortcutsOptions {
  /** The keyboard layout's language; `navigator.language` by default. */
  keyboardLocale?: string;
  /** Told when edit mode turns on (the shell then `import()`s admin) or off. */
  onEditModeChange?(on: boolean): void;
  /** The clock, for tests of the throttle; `Date.now` by default. */
  now?(): number;
}

/**
 * Mount once in the shell. alt+shift+e toggles edit mode (manageEditMode, throttled to
 * 1000 ms), alt+shift+j and (on en-GB/en-US layouts) backtick toggle text-edit mode
 * (manageTextEdit), alt+shift+d debug info, alt+shift+s safe mode. Edit and text-edit mode are
 * turned off when the permission is lost.
 */
export function useEditModeShortcuts(user: PermissionUser | undefined, options: EditModeShortcutsOptions = {}) {
  const [editMode, setEditMode] = useAtom(editModeAtom);
  const setTextEdit = useSetAtom(textEditModeAtom);
  const setSafe = useSetAtom(safeModeAtom);
  const setDebug = useSetAtom(debugInfoAtom);
  const lastToggle = useRef(-Infinity);
  const mayEdit = canManageEditMode(user);
  const mayTextEdit = canManageTextEdit(user);
  const mayDebug = canToggleDebug(user);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const toggleEditMode = useCallback(() => {
    if (!mayEdit) return;
    const now = (optionsRef.current.now ?? Date.now)();
    if (now - lastToggle.current < EDIT_MODE_TOGGLE_THROTTLE_MS) return;
    lastToggle.current = now;
    setEditMode((on) => {
      optionsRef.current.onEditModeChange?.(!on);
      return !on;
    });
  }, [mayEdit, setEditMode]);

  useEffect(() => {
    if (!mayEdit && editMode) {
      setEditMode(false);
      optionsRef.current.onEditModeChange?.(false);
    }
    if (!mayTextEdit) setTextEdit(false);
  }, [mayEdit, mayTextEdit, editMode, setEditMode, setTextEdit]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey) {
        if (e.code === 'KeyE') toggleEditMode();
        else if (e.code === 'KeyJ' && mayTextEdit) setTextEdit((v) => !v);
        else if (e.code === 'KeyD' && mayDebug) setDebug((v) => !v);
        else if (e.code === 'KeyS' && mayEdit) setSafe((v) => !v);
        else return;
        e.preventDefault();
        return;
      }
      if (e.key === '`' && !e.altKey && !e.ctrlKey && !e.metaKey && mayTextEdit && !isTyping(e.target)) {
        const locale = optionsRef.current.keyboardLocale ?? (typeof navigator === 'undefined' ? '' : navigator.language);
        if (!BACKTICK_LOCALES.includes(locale)) return;
        e.preventDefault();
        setTextEdit((v) => !v);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggleEditMode, mayTextEdit, mayDebug, mayEdit, setTextEdit, setDebug, setSafe]);

  return { editMode: editMode && mayEdit, toggleEditMode };
}

/** The toast message key shown when navigation is blocked by an open admin panel. */
export const NAVIGATION_BLOCKED_KEY = 'admin.navigation.closePanelFirst';

/**
 * The shell calls the returned function before navigating: it returns the message key of the
 * toast to show when navigation must not continue (an admin panel is open), otherwise null. The
 * guard is skipped in text-edit mode.
 */
export function useAdminNavigationGuard(): () => string | null {
  const panelOpen = useAtomValue(adminPanelOpenAtom);
  const textEdit = useAtomValue(textEditModeAtom);
  return useCallback(() => (panelOpen && !textEdit ? NAVIGATION_BLOCKED_KEY : null), [panelOpen, textEdit]);
}
export type { PermissionUser } from '../core/permissions';
