/** Shell-wide UI state as Jotai atoms: session, locale, modes, connectivity and toasts. */
import { atom } from 'jotai';
import { createTranslator, type MessageCatalog } from '../../engine/core/i18n/translator';
import { canManageEditMode, canManageTextEdit, textEditModeAtom } from '../../admin/edit-mode';
import { DEFAULT_LOCALE } from '../../engine/core/constants';
import { shellMessagesDefault } from '../i18n/shell-messages';
import type { Settings } from '../../schemas/model';
import type { AppInit } from '../api/init-adapter';
import type { ThemeMode } from '../theme/theme';

export const sessionAtom = atom<AppInit | null>(null);
export const settingsAtom = atom<Settings>({});
/** Set to a locale only once its shell texts are in shellCatalogAtom (web/i18n/choose-language.ts). */
export const localeAtom = atom<string>(DEFAULT_LOCALE);
/** The shell's catalogue: English, plus each other locale once its chunk has loaded. */
export const shellCatalogAtom = atom<MessageCatalog>({ [DEFAULT_LOCALE]: shellMessagesDefault });
export const i18nOverridesAtom = atom<Record<string, string>>({});
/**
 * The shell's translator: its own namespaces only (the engine page builds one over the full
 * catalogue). In text-edit mode its messages carry marks (engine/core/i18n/text-marks).
 */
export const translatorAtom = atom((get) => createTranslator(get(shellCatalogAtom), get(localeAtom), get(i18nOverridesAtom), { mark: get(textEditingAtom) }));

// Edit-mode state is the admin's (admin/edit-mode, tiny and static): one set of atoms, so the
// admin's dialogs raise the flag the shell's navigation guard reads.
export { adminPanelOpenAtom, debugInfoAtom, editModeAtom, safeModeAtom, textEditModeAtom } from '../../admin/edit-mode';
export const offlineAtom = atom(false);
/**
 * Whether the signed-in member made connectivity private (profile meta, engine/core's
 * `isConnectivityPrivate`), as the page's data layer loaded the own profile; undefined until then.
 */
export const ownConnectivityPrivateAtom = atom<boolean | undefined>(undefined);
export const themeModeAtom = atom<ThemeMode>('light');
export const themeSelectableAtom = atom(false);

export type ToastType = 'negative' | 'warning' | 'positive' | 'info';
export interface ToastAction {
  label: string;
  onClick: () => void;
}
export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  /** ms before it closes itself; null keeps it until dismissed. */
  timeoutMs: number | null;
  actions?: ToastAction[];
}
export const TOAST_DEFAULT_TIMEOUT_MS = 5000;

export const toastsAtom = atom<Toast[]>([]);
let nextToastId = 1;
/** Adds a toast; the same message of the same type already on screen is not shown twice. */
export const pushToastAtom = atom(null, (get, set, toast: Omit<Toast, 'id' | 'timeoutMs'> & { timeoutMs?: number | null }) => {
  const same = get(toastsAtom).find((t) => t.type === toast.type && t.message === toast.message);
  if (same) return same.id;
  const id = nextToastId++;
  set(toastsAtom, [...get(toastsAtom), { timeoutMs: TOAST_DEFAULT_TIMEOUT_MS, ...toast, id }]);
  return id;
});
export const dismissToastAtom = atom(null, (get, set, id: number) =>
  set(
    toastsAtom,
    get(toastsAtom).filter((t) => t.id !== id),
  ),
);

/** Users with the text-edit permission (administration.manageTextEdit) may edit labels inline. */
export const canManageTextEditAtom = atom((get) => canManageTextEdit(get(sessionAtom)?.user));
/** Text-edit mode is on for a user who may edit texts: labels are marked and the text-edit layer runs. */
export const textEditingAtom = atom((get) => get(textEditModeAtom) && get(canManageTextEditAtom));
/** Edit mode needs administration.manageEditMode. */
export const canEditAtom = atom((get) => canManageEditMode(get(sessionAtom)?.user));
