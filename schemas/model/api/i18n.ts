/**
 * Translation overrides (GET/POST i18n).
 * Request bodies are validated against the schemas generated from these types
 * (`schemas/json/api/*.schema.json`, one per type named `...Request` or `...Response`); bodies are
 * closed (`@additionalProperties false`) so a misspelt property is a 400 naming it.
 */

/**
 * POST i18n/{locale} (administration.manageTextEdit): an inline-edited label. `value` null removes
 * the override, so the catalogue text shows again.
 * @additionalProperties false
 */
export interface I18nOverrideRequest {
  /**
   * `<namespace>.<path>`, as in the message catalogues, or a content key (engine/core/i18n/content-keys.ts:
   * `content.block.<id>.<option path>`, ids may hold `-`).
   * @pattern ^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_-]+)+$
   */
  key: string;
  /** @maxLength 10000 */
  value: string | null;
}

/**
 * POST i18n?iso={locale} (administration.manageTextEdit), the spec's form of inline text edits:
 * several labels at once; `data` null removes an override.
 * @minItems 1
 * @maxItems 200
 */
export type I18nBatchRequest = I18nBatchItem[];

/** @additionalProperties false */
export interface I18nBatchItem {
  /**
   * `<namespace>.<path>`, as in the message catalogues, or a content key (engine/core/i18n/content-keys.ts:
   * `content.block.<id>.<option path>`, ids may hold `-`).
   * @pattern ^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_-]+)+$
   */
  key: string;
  /** @maxLength 10000 */
  data: string | null;
}

export interface I18nState {
  locale: string;
  published: string[];
  /** Inline-edited label overrides for `locale`: key to text. */
  overrides: { [key: string]: string };
}
