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

/**
 * PUT settings/globalCss: the site's global style sheet (core §6), served to every app as
 * `service/globalCss.css`. Checked by engine/core's `globalCssProblem` before anything is stored.
 * @additionalProperties false
 */
export interface GlobalCssRequest {
  /** @maxLength 50000 */
  css: string;
}

/** GET/PUT settings/globalCss. */
export interface GlobalCssResponse {
  css: string;
}

/** POST service/brands/{id}/activate: the brand every app shows from now on (settings.brand.id). */
export interface BrandActivateResponse {
  activeBrandId: string;
}

/**
 * POST settings/secret/{name} (admins): the new value; write-only, never sent back.
 * @additionalProperties false
 */
export interface SecretWriteRequest {
  /**
   * @minLength 1
   * @maxLength 10000
   */
  value: string;
}

/** GET settings/secret/{name} and each of GET settings/secrets: whether a value is stored, never the value. */
export interface SecretState {
  name: string;
  set: boolean;
}

/** GET settings/secrets (admins): the stored secrets' names (at most 500). */
export type SecretsResponse = SecretState[];

/**
 * PUT settings/general: the settings that are single values rather than sections (POST
 * settings/{name} changes sections only). Absent is unchanged.
 * @additionalProperties false
 */
export interface GeneralSettingsRequest {
  /**
   * @minLength 1
   * @maxLength 200
   */
  siteName?: string;
  themeModeEnabled?: boolean;
}
