/**
 * The installable web app (spec core §1, §7.2; /admin/apps): its settings' limits and defaults,
 * the one check the server refuses with and the admin shows, the manifest built from them, and
 * when the member app offers to install. Pure: the server (PUT settings/webApp, the served
 * manifest), the admin screen and the member app's install prompt all call these.
 */
import type { WebAppSettings } from '../../schemas/model/brand';
import { contrast, MIN_TEXT_CONTRAST, parseRgb, textOn } from './brand-theme';

export const WEB_APP_DISPLAY_MODES = ['standalone', 'minimal-ui', 'fullscreen', 'browser'] as const;
export type WebAppDisplayMode = (typeof WEB_APP_DISPLAY_MODES)[number];

/** The icon sizes a manifest lists (Chromium installs with 192 and shows 512 on the splash screen). */
export const WEB_APP_ICON_SIZES = [192, 512] as const;
export type WebAppIconSize = (typeof WEB_APP_ICON_SIZES)[number];

export const WEB_APP_LIMITS = {
  /** Launchers truncate longer names; the manifest spec's own guidance is 45 and 12. */
  name: 45,
  shortName: 12,
  description: 300,
  afterVisits: 100,
  afterSeconds: 3600,
  dismissCooldownDays: 365,
} as const;

export const WEB_APP_DEFAULTS = {
  themeColour: '#3b5bdb',
  backgroundColour: '#ffffff',
  display: 'standalone' as WebAppDisplayMode,
  installPrompt: { enabled: true, afterVisits: 2, afterSeconds: 30, dismissCooldownDays: 30 },
};

/** As brand colours (brand-theme.ts `brandColourErrors`): the pickers send hex. */
const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const hexProblem = (field: string, value: string | undefined) =>
  value === undefined || HEX_COLOUR.test(value.trim()) ? [] : [`${field} "${value}" is not a hex colour (#rgb or #rrggbb)`];

const whole = (field: string, value: number | undefined, max: number) =>
  value === undefined || (Number.isInteger(value) && value >= 0 && value <= max) ? [] : [`${field} must be a whole number from 0 to ${max}, got ${value}`];

const text = (field: string, value: string | undefined, max: number, required = false) => {
  if (value === undefined) return [];
  if (required && !value.trim()) return [`${field} must not be empty`];
  return value.length > max ? [`${field} is ${value.length} characters, at most ${max}`] : [];
};

/** Every reason the settings are refused, each naming its field; empty when they may be stored. */
export function webAppProblems(s: WebAppSettings): string[] {
  const prompt = s.installPrompt ?? {};
  return [
    ...text('name', s.name, WEB_APP_LIMITS.name, true),
    ...text('shortName', s.shortName, WEB_APP_LIMITS.shortName, true),
    ...text('description', s.description, WEB_APP_LIMITS.description),
    ...hexProblem('themeColour', s.themeColour),
    ...hexProblem('backgroundColour', s.backgroundColour),
    ...(s.display === undefined || (WEB_APP_DISPLAY_MODES as readonly string[]).includes(s.display)
      ? []
      : [`display "${s.display}" must be one of ${WEB_APP_DISPLAY_MODES.join(', ')}`]),
    ...whole('installPrompt.afterVisits', prompt.afterVisits, WEB_APP_LIMITS.afterVisits),
    ...whole('installPrompt.afterSeconds', prompt.afterSeconds, WEB_APP_LIMITS.afterSeconds),
    ...whole('installPrompt.dismissCooldownDays', prompt.dismissCooldownDays, WEB_APP_LIMITS.dismissCooldownDays),
  ];
}

export interface WebAppContrastWarning {
  field: 'themeColour' | 'backgroundColour';
  ratio: number;
}

/**
 * The brands tab's rule (engine/core/brand-theme.ts) applied to the app's colours: the system
 * draws black or white over the theme colour (title bar) and the background colour (splash
 * screen); short of 4.5:1 is a warning, not a refusal, as for brands.
 */
export function webAppContrastWarnings(s: Pick<WebAppSettings, 'themeColour' | 'backgroundColour'>): WebAppContrastWarning[] {
  const out: WebAppContrastWarning[] = [];
  for (const field of ['themeColour', 'backgroundColour'] as const) {
    const rgb = s[field] ? parseRgb(s[field]!) : null;
    if (!rgb) continue;
    const ratio = contrast(rgb, textOn(rgb));
    if (ratio < MIN_TEXT_CONTRAST) out.push({ field, ratio: Math.round(ratio * 100) / 100 });
  }
  return out;
}

export interface WebManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** Where the manifest points for an uploaded icon (public: browsers fetch icons without a token). */
export const webAppIconSrc = (size: WebAppIconSize) => `/api/v1/service/webApp/icon/${size}`;

/**
 * The served manifest: the stored settings over the defaults, the site name when the app has no
 * name of its own. `iconSrc` answers the address of an uploaded icon; without uploaded icons the
 * product's SVG stands in.
 */
export function webManifestOf(s: WebAppSettings | undefined, siteName: string | undefined, iconSrc: (size: WebAppIconSize) => string = webAppIconSrc) {
  const name = s?.name?.trim() || siteName?.trim() || 'Tessera';
  const uploaded: WebManifestIcon[] = WEB_APP_ICON_SIZES.filter((size) => (size === 192 ? s?.icon192Id : s?.icon512Id)).map((size) => ({
    src: iconSrc(size),
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose: s?.iconsMaskable ? 'maskable' : 'any',
  }));
  return {
    name,
    short_name: s?.shortName?.trim() || name.slice(0, WEB_APP_LIMITS.shortName),
    ...(s?.description ? { description: s.description } : {}),
    start_url: '/',
    scope: '/',
    display: s?.display ?? WEB_APP_DEFAULTS.display,
    background_color: s?.backgroundColour ?? WEB_APP_DEFAULTS.backgroundColour,
    theme_color: s?.themeColour ?? WEB_APP_DEFAULTS.themeColour,
    icons: uploaded.length ? uploaded : [{ src: '/app/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
}

/** What the member's browser remembers about the install prompt (web/pwa/install-prompt.ts). */
export interface InstallPromptMemory {
  visits: number;
  /** Epoch ms of the last dismissal. */
  dismissedAt?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The prompt settings over the defaults. */
export function installPromptSettingsOf(s: WebAppSettings | undefined) {
  return { ...WEB_APP_DEFAULTS.installPrompt, ...(s?.installPrompt ?? {}) };
}

/**
 * How many ms from now the install offer may show, or null when it must not (disabled, too few
 * visits, or dismissed within the cooldown). `secondsOnPage` counts this visit so far.
 */
export function installPromptDelayMs(s: WebAppSettings | undefined, memory: InstallPromptMemory, now: number, msOnPage = 0): number | null {
  const p = installPromptSettingsOf(s);
  if (!p.enabled) return null;
  if (memory.visits < p.afterVisits) return null;
  if (memory.dismissedAt !== undefined && now - memory.dismissedAt < p.dismissCooldownDays * DAY_MS) return null;
  return Math.max(0, p.afterSeconds * 1000 - msOnPage);
}
