import type { Id, JsonObject } from './common';

/** One CSS rule of a brand theme: a selector or variable name plus its values. */
export interface ThemeStyle {
  rule: string;
  values: { [property: string]: string };
}

export interface Brand {
  brandId: Id;
  brandName: string;
  settings?: { faviconId?: Id; logoId?: Id };
  themeStyles?: ThemeStyle[];
}

export interface FooterLinks {
  privacyPolicy?: string;
  terms?: string;
  cookiePolicy?: string;
  helpPage?: string;
  accessibilityPolicy?: string;
  custom1?: { label: string; url: string };
  custom2?: { label: string; url: string };
}

export interface Settings {
  keyAliases?: {
    aliases?: { [alias: string]: string };
    mapped?: { [key: string]: string };
    names?: { first?: string; middle?: string; last?: string };
  };
  brand?: { id?: Id };
  languages?: { default: string; enabled?: string[]; published?: string[] };
  themeModeEnabled?: boolean;
  theme?: { mode?: 'light' | 'dark' | 'auto'; lockKey?: string };
  date?: { dateFormat?: string; dateAndTimeFormat?: string; timeFormat?: string };
  structure?: {
    defaults?: JsonObject;
    orders?: { modules?: { order: Id[] } };
  };
  footer?: { links?: FooterLinks; logoId?: Id };
  socialSignInEnabled?: boolean;
  siteName?: string;
  /** The upload limit in bytes (files/serviceMaxFileSize); the server's default when absent. */
  files?: { serviceMaxFileSize?: number };
  /**
   * Maps (the userMap block): a raster tile server drawn over the built-in world outline. With
   * none, maps show the outline alone and need no tile server.
   */
  map?: MapSettings;
  /** Private chat (community §3 Chat, `_canStartChat`); an admin changes it with `POST settings/chat`. */
  chat?: ChatSettings;
  /** The installable web app (/admin/apps, PUT settings/webApp; checked by engine/core/web-app.ts). */
  webApp?: WebAppSettings;
}

/** The installable web app's manifest and install prompt; absent parts take engine/core/web-app.ts defaults. */
export interface WebAppSettings {
  /** @maxLength 1000 */
  name?: string;
  /** @maxLength 1000 */
  shortName?: string;
  /** @maxLength 1000 */
  description?: string;
  /** Hex colour of the title bar. @maxLength 100 */
  themeColour?: string;
  /** Hex colour of the splash screen. @maxLength 100 */
  backgroundColour?: string;
  /** @maxLength 100 */
  display?: string;
  /** Uploaded square PNG icons (the files domain). */
  icon192Id?: Id;
  icon512Id?: Id;
  /** The icons have their safe zone, so launchers may crop them to a shape. */
  iconsMaskable?: boolean;
  installPrompt?: InstallPromptSettings;
}

export interface InstallPromptSettings {
  enabled?: boolean;
  /** Offer it from this visit on. */
  afterVisits?: number;
  /** Seconds into a visit before the offer shows. */
  afterSeconds?: number;
  /** Days a dismissed offer stays away. */
  dismissCooldownDays?: number;
}

export interface ChatSettings {
  /** Chat only between connections: admins and chats that exist already aside. Off when absent. */
  chatConnectionsOnly?: boolean;
}

export interface MapSettings {
  /**
   * An https tile URL with {z}, {x} and {y} (and optionally {s}), e.g. https://tile.example.org/{z}/{x}/{y}.png
   * @pattern ^https://[^\s"'<>]+$
   * @maxLength 500
   */
  tileUrl?: string;
  /**
   * The tile provider's credit, shown on the map as text.
   * @maxLength 300
   */
  tileAttribution?: string;
}
