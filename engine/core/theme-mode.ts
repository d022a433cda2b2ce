/**
 * The member's colour mode (core §4.2, §3 profile meta `settings.theme`): light, dark or auto
 * (the device's preference). Saved to the account so it follows her to every device, and kept on
 * the device so the first paint already has it.
 */
import type { ProfileMeta } from '../../schemas/model';

export type ThemeMode = 'light' | 'dark' | 'auto';
export const THEME_MODES: readonly ThemeMode[] = ['light', 'dark', 'auto'];
/** The profile meta path the account's mode is saved under. */
export const THEME_META_PATH = 'settings.theme';

export const isThemeMode = (v: unknown): v is ThemeMode => THEME_MODES.includes(v as ThemeMode);

/** The mode saved in profile meta, read tolerantly: anything but a known mode is none. */
export function themeModeOf(meta: ProfileMeta | undefined): ThemeMode | undefined {
  const settings = meta && typeof meta === 'object' ? meta.settings : undefined;
  const mode = settings && typeof settings === 'object' ? settings.theme : undefined;
  return isThemeMode(mode) ? mode : undefined;
}
