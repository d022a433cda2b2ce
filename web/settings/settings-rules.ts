/** Pure rules of the settings page: its sections, which data items the privacy section lists, their labels. */
import { dataPrivacyState } from '../../engine/core/profile-privacy';
import type { DataPrivacy, Profile } from '../../schemas/model';

/** The sections, in page order; the user controls link to them with `?section=`. */
export const SETTINGS_SECTIONS = ['profile', 'notifications', 'accessibility', 'privacy', 'logins', 'language', 'theme'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/**
 * The data items whose privacy the person can set: every value of their profile, and any item
 * they made non-public before (so a value they emptied can still be made public again), sorted.
 */
export function dataItemsOf(values: Profile['data']['profile'] | undefined, dataPrivacy: readonly DataPrivacy[] | undefined): string[] {
  const keys = new Set(Object.keys(values && typeof values === 'object' ? values : {}));
  for (const p of Array.isArray(dataPrivacy) ? dataPrivacy : []) if (p && typeof p.dataSchemaId === 'string') keys.add(p.dataSchemaId);
  return [...keys].sort((a, b) => a.localeCompare(b));
}

/** A data item's name for people: `firstName` -> "First name", `home_city` -> "Home city". */
export function dataItemLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

export const privacyStateOf = dataPrivacyState;
