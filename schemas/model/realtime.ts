/**
 * Realtime payloads (spec 7.6): what the server emits and the browser applies, one shape each.
 * The server builds them with these types, the browser reads them with the same types, and the API
 * tests check what the server sends against the generated schema (schemas/json/realtime/).
 */
import type { Brand, Settings } from './brand';
import type { Id } from './common';

/** The active brand as members see it (no theme styles: those come as the brand's theme.css). */
export interface RealtimeBrand {
  brandId: Id;
  brandName: string;
  settings?: Brand['settings'];
}

/**
 * `settings:updated`: sent to every socket after a settings section, the module order or a brand
 * changed. It carries the whole settings document as stored now (what `GET settings` answers), so
 * the browser replaces its copy instead of merging a part of it, and the active brand after the
 * change (null when none is set).
 * @additionalProperties false
 */
export interface SettingsUpdatedEvent {
  /** What changed: the settings section's name (`theme`, `search`, `structure` for the module order ...), or `brand` when a brand or the choice of the active brand changed. */
  name: string;
  settings: Settings;
  activeBrand: RealtimeBrand | null;
}
