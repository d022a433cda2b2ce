/**
 * The installable web app (/admin/apps; spec core §1, §7.2). Settings area, `update` on settings.
 *
 * - GET  settings/webApp                 -> WebAppResponse (the stored settings and the manifest they make)
 * - PUT  settings/webApp  WebAppSettingsRequest -> WebAppResponse (checked by engine/core/web-app.ts; absent is unchanged)
 * - POST settings/webApp/icon/{192|512}  WebAppIconRequest -> WebAppResponse (a square PNG, JPEG or WebP through the files domain)
 * - DELETE settings/webApp/icon/{192|512} -> WebAppResponse
 * Public, no sign-in (browsers fetch them without a token):
 * - GET  /app/manifest.webmanifest       (the manifest, built from these settings on every request)
 * - GET  service/webApp/icon/{192|512}   (the uploaded icon, or a redirect to the product's icon)
 */
import type { InstallPromptSettings, WebAppSettings } from '../brand';

/** @additionalProperties false */
export interface InstallPromptSettingsRequest extends InstallPromptSettings {
  enabled?: boolean;
  /** @maximum 1000000 */
  afterVisits?: number;
  /** @maximum 1000000 */
  afterSeconds?: number;
  /** @maximum 1000000 */
  dismissCooldownDays?: number;
}

/** The stored settings but the icons (uploaded apart), with the request's bounds on the prompt. @additionalProperties false */
export interface WebAppSettingsRequest extends Omit<WebAppSettings, 'icon192Id' | 'icon512Id' | 'installPrompt'> {
  installPrompt?: InstallPromptSettingsRequest;
}

/** @additionalProperties false */
export interface WebAppIconRequest {
  /** A base64 data URL of a PNG, JPEG or WebP image, square, at least the size asked for. @maxLength 15000000 */
  image: string;
}

export interface WebAppResponse {
  settings: WebAppSettings;
  /** The manifest as GET /app/manifest.webmanifest serves it now. */
  manifest: Record<string, unknown>;
}
