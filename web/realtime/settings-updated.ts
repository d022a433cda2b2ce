/**
 * `settings:updated` in the browser (spec 7.6; the shape is schemas/model/realtime.ts): the
 * settings are replaced whole (never merged with the payload, so no stray keys appear), the active
 * brand and its style sheet follow, the theme mode follows the settings, and the module order too.
 */
import type { createStore } from 'jotai';
import { moduleAtom, moduleOrderAtom } from '../../engine/react/structure-store';
import type { Settings } from '../../schemas/model';
import type { RealtimeBrand, SettingsUpdatedEvent } from '../../schemas/model/realtime';
import { sessionAtom, settingsAtom, themeModeAtom, themeSelectableAtom } from '../shell/shell-state';
import {
  applyScheme,
  brandThemeHref,
  ensureBrandStylesheet,
  ensureStylesheet,
  GLOBAL_STYLESHEET_ID,
  globalCssHref,
  previewBrandId,
  resolveScheme,
  themeAvailability,
  THEME_MODE_KEY,
} from '../theme/theme';

type Store = ReturnType<typeof createStore>;
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

export interface SettingsEventEnv {
  doc: Document;
  storage: Storage;
  apiBase: string;
  prefersDark: boolean;
}

function readBrand(raw: unknown): RealtimeBrand | null | undefined {
  if (raw === null) return null;
  if (!isRecord(raw) || typeof raw.brandId !== 'string' || typeof raw.brandName !== 'string') return undefined;
  return { brandId: raw.brandId, brandName: raw.brandName, settings: isRecord(raw.settings) ? (raw.settings as RealtimeBrand['settings']) : {} };
}

/** The event when the payload has its shape; anything else is not applied at all. */
export function readSettingsUpdated(payload: unknown): SettingsUpdatedEvent | undefined {
  if (!isRecord(payload) || typeof payload.name !== 'string' || !isRecord(payload.settings)) return undefined;
  const activeBrand = readBrand(payload.activeBrand);
  if (activeBrand === undefined) return undefined;
  return { name: payload.name, settings: payload.settings as Settings, activeBrand };
}

let styleVersion = 0;

/** Applies the event; returns false (and changes nothing) when the payload is not one. */
export function applySettingsUpdated(store: Store, payload: unknown, env: SettingsEventEnv): boolean {
  const event = readSettingsUpdated(payload);
  if (!event) return false;
  const { settings, activeBrand } = event;
  store.set(settingsAtom, settings);
  const session = store.get(sessionAtom);
  if (session) store.set(sessionAtom, { ...session, settings, activeBrand: activeBrand ?? undefined });

  const theme = themeAvailability(settings, env.storage.getItem(THEME_MODE_KEY));
  if (theme.mode !== store.get(themeModeAtom) || theme.selectable !== store.get(themeSelectableAtom)) {
    store.set(themeModeAtom, theme.mode);
    store.set(themeSelectableAtom, theme.selectable);
    applyScheme(env.doc, resolveScheme(theme.mode, env.prefersDark), env.storage);
  }
  // A brand's styles or the choice of brand changed: fetch the style sheet again (a preview stays as it is).
  if (event.name === 'brand' && !previewBrandId(env.storage)) void ensureBrandStylesheet(env.doc, `${brandThemeHref(env.apiBase, null)}?v=${++styleVersion}`);
  if (event.name === 'globalCss') void ensureStylesheet(env.doc, GLOBAL_STYLESHEET_ID, globalCssHref(env.apiBase, ++styleVersion));

  const order = settings.structure?.orders?.modules?.order;
  if (Array.isArray(order)) {
    // Modules this user cannot see stay out; known ones the order does not name keep their place at the end.
    const known = store.get(moduleOrderAtom);
    const next = order.filter((id) => typeof id === 'string' && (known.includes(id) || store.get(moduleAtom(id)) !== undefined));
    store.set(moduleOrderAtom, [...next, ...known.filter((id) => !next.includes(id))]);
  }
  return true;
}
