/**
 * Previewing a brand: this browser only (engine/core/brand-theme's key, read by the web shell at
 * start), so only the previewing admin's app changes. Repoints the shell's brand style sheet now
 * and tells the shell's preview bar (web/shell/AdminBar.tsx, on every page, with Reset).
 */
import { useSyncExternalStore } from 'react';
import { BRAND_PREVIEW_EVENT as EVENT, BRAND_STYLESHEET_ID, brandThemePath, PREVIEW_BRAND_KEY } from '../../../engine/core/brand-theme';

function repoint(id: string | null): void {
  const link = document.getElementById(BRAND_STYLESHEET_ID) as HTMLLinkElement | null;
  const href = link?.getAttribute('href');
  if (!link || !href) return;
  const at = href.indexOf('/service/brands/');
  if (at >= 0) link.setAttribute('href', `${href.slice(0, at)}${brandThemePath(id)}?v=${Date.now()}`);
}

export function previewedBrandId(): string | null {
  const id = localStorage.getItem(PREVIEW_BRAND_KEY);
  return id && /^\d+$/.test(id) ? id : null;
}

export function previewBrand(id: string | null): void {
  if (id) localStorage.setItem(PREVIEW_BRAND_KEY, id);
  else localStorage.removeItem(PREVIEW_BRAND_KEY);
  repoint(id);
  window.dispatchEvent(new Event(EVENT));
}

export function onPreviewChange(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}

/** The brand this browser previews, following changes made anywhere in the app. */
export function usePreviewedBrandId(): string | null {
  return useSyncExternalStore(onPreviewChange, previewedBrandId, () => null);
}
