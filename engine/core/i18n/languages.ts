/**
 * Which languages members may choose and which one an account reads (spec core §2.4, §3): the
 * published languages of the settings (else the default alone), and the account's own choice
 * (profile meta `language`) when it is one of them, else the default. Used by the server's init
 * and by the profile meta write that stores the choice.
 */
import type { Settings } from '../../../schemas/model';
import { DEFAULT_LOCALE } from '../constants';

export function publishedLanguages(settings: Settings): string[] {
  return settings.languages?.published ?? [settings.languages?.default ?? DEFAULT_LOCALE];
}

/** The account's language: its stored choice when published, else the settings' default. */
export function accountLocale(settings: Settings, chosen: unknown): string {
  return typeof chosen === 'string' && publishedLanguages(settings).includes(chosen) ? chosen : (settings.languages?.default ?? DEFAULT_LOCALE);
}
