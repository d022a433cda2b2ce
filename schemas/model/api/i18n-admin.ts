/**
 * The languages and translations admin (community §3, §4, §7 "Translations", §8; core §9): the
 * supported languages and which are published, the translation catalogue with its overrides, the
 * progress per language, the history of publishing, and bulk writes. Every call needs the admin
 * area `settings` (read or update on settings; admins pass); the rules are
 * engine/core/i18n/languages.ts. Writes tell open apps with `i18n:update` (the overrides changed)
 * or `settings:updated` (the published languages changed).
 */

/** One supported language as the languages panel shows it. */
export interface LanguageState {
  /** ISO 639-1 code: en, fr, cy, et, ms, de, zh, es, ja. */
  iso: string;
  /** Its name in itself (Français). */
  nativeName: string;
  published: boolean;
  /** The default locale: always published (community §4). */
  isDefault: boolean;
}

/** GET i18n/languagesSettings. */
export interface LanguagesSettingsResponse {
  default: string;
  published: string[];
  languages: LanguageState[];
}

/**
 * POST i18n/toggleLanguagePublishedState: publish (`published` true) or unpublish a supported
 * language; without `published` the state flips. An unsupported language is refused (400 naming the
 * supported ones); the default language cannot be unpublished. Answers the languages settings.
 * @additionalProperties false
 */
export interface ToggleLanguagePublishedRequest {
  /** @maxLength 20 */
  language: string;
  published?: boolean;
}

/** One publish or unpublish, as GET i18n/languagesSettingsHistory lists them (newest first, at most 200). */
export interface LanguageHistoryEntry {
  language: string;
  published: boolean;
  accountId: string;
  /** ms since the epoch. */
  time: number;
}

export interface LanguagesHistoryResponse {
  items: LanguageHistoryEntry[];
}

/** GET i18n/getTranslateProgressPerLocale: per supported language, how many catalogue keys have a text in it. */
export interface TranslateProgress {
  iso: string;
  /** Keys with a built-in text of the app or an override in this language (every key for en). */
  translated: number;
  total: number;
  /** translated / total, 0..1. */
  share: number;
}

export interface TranslateProgressResponse {
  locales: TranslateProgress[];
}

/**
 * A translation entry (community §3: key, defaultValue, translatedValue): a key of the app's
 * catalogue or of the site's content (engine/core/i18n/content-keys.ts).
 */
export interface TranslationEntry {
  key: string;
  /** The English text of the app, or the stored text of a content label. */
  defaultValue: string;
  /** Built-in texts of the app in other languages (the French catalogue): locale -> text. */
  builtIn: { [locale: string]: string };
  /** The site's overrides: locale -> text. */
  overrides: { [locale: string]: string };
}

/**
 * GET i18n/all?q=&page=&untranslated=<locale>: every key, in key order, 600 per page (core §9);
 * `q` matches key, default value or any translation (case-insensitive); `untranslated` keeps the
 * keys without a built-in text or override in that language.
 */
export interface I18nAllResponse {
  entries: TranslationEntry[];
  /** Keys that match, over all pages. */
  total: number;
  page: number;
  pageSize: number;
}

/**
 * POST i18n/bulkLanguageUpload (community §3 bulk action): a file of translations for one supported
 * language, JSON (`{"key": "text"}`) or CSV (`key,value` rows, an optional `key,value` header).
 * All or nothing: an unknown key, an empty key or a malformed row refuses the whole file naming its
 * rows; an empty value removes the override. A value that a spreadsheet would read as a formula
 * (`=`, `+`, `-`, `@`, tab, carriage return first) is stored as text, prefixed with `'`.
 * @additionalProperties false
 */
export interface BulkLanguageUploadRequest {
  /** @maxLength 20 */
  language: string;
  format: 'json' | 'csv';
  /** The file's text. @maxLength 900000 */
  content: string;
}

export interface BulkLanguageUploadResponse {
  language: string;
  /** Overrides written (set or removed). */
  written: number;
  /** The language's overrides now. */
  overrides: { [key: string]: string };
}

/**
 * POST i18n/clearLanguageOverrides: removes every override of a supported language (the built-in
 * texts show again). Answers how many were removed.
 * @additionalProperties false
 */
export interface ClearLanguageOverridesRequest {
  /** @maxLength 20 */
  language: string;
}

export interface ClearLanguageOverridesResponse {
  language: string;
  removed: number;
}
