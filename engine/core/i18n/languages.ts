/**
 * Which languages members may choose and which one an account reads (spec core §2.4, §3): the
 * published languages of the settings (else the default alone), and the account's own choice
 * (profile meta `language`) when it is one of them, else the default. Used by the server's init
 * and by the profile meta write that stores the choice.
 *
 * The languages admin (community §3, §5, §8; core §9) decides here too: the nine supported
 * languages, which may be published (only supported ones; the default `en` always is), the
 * translation editor's page size and the translation catalogue's keys.
 */
import type { Settings } from '../../../schemas/model';
import { DEFAULT_LOCALE } from '../constants';
import type { MessageCatalog, MessageTree } from './translator';

export function publishedLanguages(settings: Settings): string[] {
  return settings.languages?.published ?? [settings.languages?.default ?? DEFAULT_LOCALE];
}

/** The account's language: its stored choice when published, else the settings' default. */
export function accountLocale(settings: Settings, chosen: unknown): string {
  return typeof chosen === 'string' && publishedLanguages(settings).includes(chosen) ? chosen : (settings.languages?.default ?? DEFAULT_LOCALE);
}

/** Community §3 "Supported languages", in the spec's order: ISO 639-1 code and the name in the language itself. */
export const SUPPORTED_LANGUAGES = [
  { iso: 'en', nativeName: 'English' },
  { iso: 'fr', nativeName: 'Français' },
  { iso: 'cy', nativeName: 'Cymraeg' },
  { iso: 'et', nativeName: 'Eesti' },
  { iso: 'ms', nativeName: 'Bahasa Melayu' },
  { iso: 'de', nativeName: 'Deutsch' },
  { iso: 'zh', nativeName: '中文' },
  { iso: 'es', nativeName: 'Español' },
  { iso: 'ja', nativeName: '日本語' },
] as const;

export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number]['iso'];
export const SUPPORTED_ISO_CODES: readonly string[] = SUPPORTED_LANGUAGES.map((l) => l.iso);
export const isSupportedLanguage = (iso: unknown): iso is SupportedLanguage => typeof iso === 'string' && SUPPORTED_ISO_CODES.includes(iso);

/** Core §9: the translation editor shows this many keys per page. */
export const TRANSLATION_PAGE_SIZE = 600;

/** A bulk upload's file (JSON or CSV text) at most this long: under the server's 1 MB body limit with the envelope. */
export const BULK_UPLOAD_MAX_CHARS = 900_000;
/** Rows (keys) of one bulk upload. */
export const BULK_UPLOAD_MAX_ROWS = 20_000;

/**
 * The published languages after publishing or unpublishing `iso` (community §4, §5): a refusal
 * (a sentence) for a language outside the supported set, and for unpublishing the default.
 * Published languages keep the supported order, the default first.
 */
export function togglePublished(settings: Settings, iso: string, published: boolean): { published: string[] } | { refused: 'unsupported' | 'default' } {
  if (!isSupportedLanguage(iso)) return { refused: 'unsupported' };
  const defaultLocale = settings.languages?.default ?? DEFAULT_LOCALE;
  if (!published && (iso === defaultLocale || iso === DEFAULT_LOCALE)) return { refused: 'default' };
  const current = new Set<string>(publishedLanguages(settings).filter(isSupportedLanguage));
  current.add(DEFAULT_LOCALE);
  current.add(defaultLocale);
  if (published) current.add(iso);
  else current.delete(iso);
  return { published: SUPPORTED_ISO_CODES.filter((code) => current.has(code)) };
}

/** The refusal of an unsupported language, in words naming the supported ones (§8's error). */
export const unsupportedLanguageMessage = (iso: string): string =>
  `Language "${iso.slice(0, 20)}" is not supported: choose one of ${SUPPORTED_ISO_CODES.join(', ')}`;

/** Every message of a catalogue tree as `<namespace>.<path>` -> text. */
export function flattenMessages(tree: MessageTree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else flattenMessages(v, `${prefix}${k}.`, out);
  }
  return out;
}

/** The app's catalogue of one locale (built into the app), flattened. */
export const catalogueOf = (catalog: MessageCatalog, locale: string): Map<string, string> => flattenMessages((catalog[locale] ?? {}) as MessageTree);
