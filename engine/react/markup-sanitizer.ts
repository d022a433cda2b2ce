/**
 * Sanitises HTML for the DOM (handlebars output, HTML blocks, and rich text through
 * engine/forms/sanitize.ts) with the one allow-list of engine/core/markup-policy.ts. Where the browser has the HTML Sanitizer API
 * (`Element.prototype.setHTML`, Chromium 146+), it does the work and no library loads; elsewhere
 * DOMPurify does, loaded on first use (engine/react/markup-sanitizer-purify.ts), with the same
 * allow-list. Both parse into an inert template, so nothing loads or runs while sanitising.
 */
import { useEffect, useMemo, useState } from 'react';
import { MARKUP_ATTRIBUTES, MARKUP_ELEMENTS, MARKUP_URL_ATTRIBUTES, isSafeMarkupUrl } from '../core/markup-policy';

export type SanitizeMarkup = (html: string) => string;

/** Drops the element's URL attributes the policy refuses (both sanitisers run it last). */
export function dropUnsafeUrls(element: Element): void {
  for (const name of MARKUP_URL_ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value !== null && !isSafeMarkupUrl(name, value)) element.removeAttribute(name);
  }
}

/** The HTML Sanitizer API's `setHTML` (not yet in TypeScript's DOM types). */
type SetHtml = (html: string, options: { sanitizer: object }) => void;
const nativeSetHtml = (): SetHtml | undefined =>
  typeof Element === 'undefined' ? undefined : ((Element.prototype as unknown as { setHTML?: SetHtml }).setHTML ?? undefined);

const NATIVE_CONFIG = { elements: MARKUP_ELEMENTS, attributes: MARKUP_ATTRIBUTES, comments: false, dataAttributes: false };

/** The browser's own sanitiser, or undefined where it has none. */
export function nativeMarkupSanitizer(): SanitizeMarkup | undefined {
  const setHtml = nativeSetHtml();
  if (!setHtml) return undefined;
  return (html) => {
    const template = document.createElement('template');
    setHtml.call(template, html, { sanitizer: NATIVE_CONFIG });
    for (const element of template.content.querySelectorAll('*')) dropUnsafeUrls(element);
    return template.innerHTML;
  };
}

let fallback: Promise<SanitizeMarkup> | undefined;
let loadedFallback: SanitizeMarkup | undefined;

/** The DOMPurify sanitiser, loaded once (a failed chunk load is retried by the next call). */
export const loadFallbackMarkupSanitizer = (): Promise<SanitizeMarkup> =>
  (fallback ??= import('./markup-sanitizer-purify').then(
    (m) => (loadedFallback = m.purifyMarkup),
    (error: unknown) => {
      fallback = undefined;
      throw error;
    },
  ));

export type SanitizedMarkup = { ok: true; html: string } | { ok: false; error: string };

/**
 * `html` made safe for `dangerouslySetInnerHTML`; undefined while the fallback sanitiser loads (at
 * most once per page), an error when it cannot load. Markup without a `<` cannot make an element,
 * attribute or comment when parsed (only text and character references), so it is used as it is and
 * never loads DOMPurify.
 */
export function useSanitizedMarkup(html: string | undefined): SanitizedMarkup | undefined {
  const markup = html !== undefined && html.includes('<');
  const [loaded, setLoaded] = useState<SanitizeMarkup | { error: string } | undefined>(() => nativeMarkupSanitizer() ?? loadedFallback);
  useEffect(() => {
    if (!markup || loaded) return;
    let live = true;
    loadFallbackMarkupSanitizer().then(
      (sanitize) => live && setLoaded(() => sanitize),
      (error: unknown) => live && setLoaded({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [markup, loaded]);
  return useMemo(() => {
    if (html === undefined) return undefined;
    if (!markup) return { ok: true, html };
    if (typeof loaded === 'function') return { ok: true, html: loaded(html) };
    return loaded && { ok: false, error: loaded.error };
  }, [html, markup, loaded]);
}
