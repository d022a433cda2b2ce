/**
 * Brand and theme (spec 4.2). Mode is light, dark or auto (default light); it can be switched off
 * in settings (themeModeEnabled) and locked by the settings lock key (then the admin's mode holds
 * and the selector is hidden). The resolved scheme is stored so the inline script in index.html
 * applies it before the first paint: no flash of the wrong theme on reload.
 */
import type { Id, Settings } from '../../schemas/model';
import { isThemeMode, type ThemeMode } from '../../engine/core/theme-mode';
import { applyBrandTokens } from './brand-tokens';
// One place for the preview key, the link's id and the sheet's path: the settings admin uses them too.
import { BRAND_STYLESHEET_ID, brandThemePath, PREVIEW_BRAND_KEY } from '../../engine/core/brand-theme';

export { isThemeMode, type ThemeMode };
export type ColourScheme = 'light' | 'dark';
export const THEME_MODE_KEY = 'tessera.themeMode';
/** Read by the inline script in web/index.html: keep the two in step. */
export const THEME_SCHEME_KEY = 'tessera.themeScheme';
export { BRAND_STYLESHEET_ID, PREVIEW_BRAND_KEY };
/** The site's global CSS (settings admin, core §6), after the brand's so it may override it. */
export const GLOBAL_STYLESHEET_ID = 'tessera-global-css';
export const globalCssHref = (apiBase: string, version = 0) => `${apiBase}/service/globalCss.css${version ? `?v=${version}` : ''}`;

export interface ThemeAvailability {
  /** The light/dark/auto selector shows. */
  selectable: boolean;
  mode: ThemeMode;
}

/** Which mode applies: off -> light; locked -> the settings mode; else the user's stored choice, else the settings mode, else light. */
export function themeAvailability(settings: Settings, storedMode: string | null): ThemeAvailability {
  if (!settings.themeModeEnabled) return { selectable: false, mode: 'light' };
  const configured = isThemeMode(settings.theme?.mode) ? settings.theme!.mode! : 'light';
  if (settings.theme?.lockKey) return { selectable: false, mode: configured };
  return { selectable: true, mode: isThemeMode(storedMode) ? storedMode : configured };
}

export const resolveScheme = (mode: ThemeMode, prefersDark: boolean): ColourScheme => (mode === 'auto' ? (prefersDark ? 'dark' : 'light') : mode);

export function applyScheme(doc: Document, scheme: ColourScheme, storage?: Storage): void {
  doc.documentElement.dataset.theme = scheme;
  doc.documentElement.style.colorScheme = scheme;
  storage?.setItem(THEME_SCHEME_KEY, scheme);
  applyBrandTokens(doc);
}

/** The preview brand id from storage, when a valid one is set. */
export function previewBrandId(storage: Storage): Id | null {
  const id = storage.getItem(PREVIEW_BRAND_KEY);
  return id && /^\d+$/.test(id) ? id : null;
}
/** Sets the brand to preview; the id must be a number (spec 8: non-numeric brand id is an error). */
export function setPreviewBrand(storage: Storage, id: string | number): void {
  const value = String(id).trim();
  if (!/^\d+$/.test(value)) throw new Error(`Brand id must be a number, got "${value}".`);
  storage.setItem(PREVIEW_BRAND_KEY, value);
}
export const resetPreviewBrand = (storage: Storage) => storage.removeItem(PREVIEW_BRAND_KEY);

/** The brand style sheet: the previewed brand's when one is set, else the active brand's. */
export const brandThemeHref = (apiBase: string, previewId: Id | null) => `${apiBase}${brandThemePath(previewId)}`;

/** Puts (or repoints) the brand style sheet link; resolves once it loaded or failed (a missing theme never blocks start-up). */
export const ensureBrandStylesheet = (doc: Document, href: string) => ensureStylesheet(doc, BRAND_STYLESHEET_ID, href);

/** Puts (or repoints) a style sheet link by id; resolves once it loaded or failed; the brand tokens are derived again. */
export function ensureStylesheet(doc: Document, id: string, href: string): Promise<void> {
  let link = doc.getElementById(id) as HTMLLinkElement | null;
  if (link && link.getAttribute('href') === href) return Promise.resolve();
  if (!link) {
    link = doc.createElement('link');
    link.id = id;
    link.rel = 'stylesheet';
    doc.head.appendChild(link);
  }
  const el = link;
  return new Promise((resolve) => {
    const done = () => {
      el.removeEventListener('load', done);
      el.removeEventListener('error', done);
      applyBrandTokens(doc);
      resolve();
    };
    el.addEventListener('load', done);
    el.addEventListener('error', done);
    el.href = href;
  });
}

/**
 * The account's saved mode (init's `user.theme`) wins over this device's last one once start-up
 * knows it, so a choice made on the phone holds on the laptop; unless the selector is off or locked.
 */
export function adoptAccountTheme(
  availability: ThemeAvailability,
  accountMode: ThemeMode | undefined,
  env: { doc: Document; storage: Storage; prefersDark: boolean },
): ThemeAvailability {
  if (!availability.selectable || !isThemeMode(accountMode) || accountMode === availability.mode) return availability;
  env.storage.setItem(THEME_MODE_KEY, accountMode);
  applyScheme(env.doc, resolveScheme(accountMode, env.prefersDark), env.storage);
  return { ...availability, mode: accountMode };
}

/** Start-up theme step: brand style sheet plus the colour scheme. */
export async function loadTheme(
  settings: Settings,
  env: { doc: Document; storage: Storage; apiBase: string; prefersDark: boolean },
): Promise<ThemeAvailability> {
  const availability = themeAvailability(settings, env.storage.getItem(THEME_MODE_KEY));
  applyScheme(env.doc, resolveScheme(availability.mode, env.prefersDark), env.storage);
  // The brand's link first, the global CSS's after it (so it may override it); both load at once,
  // and start-up waits for the brand's only: the global CSS applies when it arrives.
  const brand = ensureBrandStylesheet(env.doc, brandThemeHref(env.apiBase, previewBrandId(env.storage)));
  void ensureStylesheet(env.doc, GLOBAL_STYLESHEET_ID, globalCssHref(env.apiBase));
  await brand;
  return availability;
}
