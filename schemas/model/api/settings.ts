/**
 * Settings, brands and theme (spec core §7.2, §7.3).
 * Request bodies are validated against the schemas generated from these types
 * (`schemas/json/api/*.schema.json`, one per type named `...Request` or `...Response`); bodies are
 * closed (`@additionalProperties false`) so a misspelt property is a 400 naming it.
 */
import type { ThemeStyle } from '../brand';
import type { JsonObject } from '../common';

/** @additionalProperties false */
export interface DefaultPagesViewPermissionRequest {
  defaultPageNames: string[];
}

/** A show flag per default page name. */
export interface DefaultPagesViewPermissionResponse {
  [pageName: string]: boolean;
}

/**
 * POST settings/{name}: `changes` merged into the named settings section (deep merge when `merge`
 * is true, replace otherwise); `overwritePaths` (dotted) are replaced even when merging.
 * @additionalProperties false
 */
export interface SettingsUpdateRequest {
  changes: JsonObject;
  merge?: boolean;
  overwritePaths?: string[];
}

/** @additionalProperties false */
export interface SearchSettingsRequest {
  changes: JsonObject;
}

/** @additionalProperties false */
export interface BrandNameRequest {
  /**
   * @minLength 1
   * @maxLength 200
   */
  brandName: string;
}

/** @additionalProperties false */
export interface ThemeStylesRequest {
  styles: ThemeStyle[];
}

/** @additionalProperties false */
export interface BrandImageRequest {
  changes: { image: string };
}
