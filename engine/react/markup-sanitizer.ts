/**
 * Sanitises HTML for the DOM (handlebars output, HTML blocks, and rich text through
 * engine/forms/sanitize.ts) with the one allow-list of engine/core/markup-policy.ts, and chat
 * messages with its narrowing of engine/core/chat.ts (`CHAT_MARKUP`: core §7.6's tags, links forced
 * to a new tab without the opener). Where the browser has the HTML Sanitizer API
 * (`Element.prototype.setHTML`, Chromium 146+), it does the work and no library loads; elsewhere
 * DOMPurify does, loaded on first use (engine/react/markup-sanitizer-purify.ts), with the same
 * allow-list. Both parse into an inert template, so nothing loads or runs while sanitising.
 */
import { useEffect, useMemo, useState } from 'react';
import { CHAT_LINK_REL, CHAT_LINK_TARGET, CHAT_MARKUP_ATTRIBUTES, CHAT_MARKUP_ELEMENTS } from '../core/chat';
import { MARKUP_ATTRIBUTES, MARKUP_ELEMENTS, MARKUP_URL_ATTRIBUTES, isSafeMarkupUrl } from '../core/markup-policy';
import type * as Purify from './markup-sanitizer-purify';

export type SanitizeMarkup = (html: string) => string;

/** Drops the element's URL attributes the policy refuses (both sanitisers run it last). */
export function dropUnsafeUrls(element: Element): void {
  for (const name of MARKUP_URL_ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value !== null && !isSafeMarkupUrl(name, value)) element.removeAttribute(name);
  }
}

/** What one kind of content may hold: elements, attributes, and a last pass over every kept element. */
export interface MarkupPolicy {
  elements: readonly string[];
  attributes: readonly string[];
  finish(element: Element): void;
}

/** Stored HTML: the whole allow-list. */
export const STORED_MARKUP: MarkupPolicy = { elements: MARKUP_ELEMENTS, attributes: MARKUP_ATTRIBUTES, finish: dropUnsafeUrls };

/** Chat messages (core §7.6): the chat tags only; every link opens in a new tab without handing over the opener. */
export const CHAT_MARKUP: MarkupPolicy = {
  elements: CHAT_MARKUP_ELEMENTS,
  attributes: CHAT_MARKUP_ATTRIBUTES,
  finish(element) {
    dropUnsafeUrls(element);
    if (element.tagName !== 'A') return;
    element.setAttribute('target', CHAT_LINK_TARGET);
    element.setAttribute('rel', CHAT_LINK_REL);
  },
};

/** The HTML Sanitizer API's `setHTML` (not yet in TypeScript's DOM types). */
type SetHtml = (html: string, options: { sanitizer: object }) => void;
const nativeSetHtml = (): SetHtml | undefined =>
  typeof Element === 'undefined' ? undefined : ((Element.prototype as unknown as { setHTML?: SetHtml }).setHTML ?? undefined);

/** The browser's own sanitiser for a policy (stored HTML unless named), or undefined where it has none. */
export function nativeMarkupSanitizer(policy: MarkupPolicy = STORED_MARKUP): SanitizeMarkup | undefined {
  const setHtml = nativeSetHtml();
  if (!setHtml) return undefined;
  const config = { elements: policy.elements, attributes: policy.attributes, comments: false, dataAttributes: false };
  return (html) => {
    const template = document.createElement('template');
    setHtml.call(template, html, { sanitizer: config });
    for (const element of template.content.querySelectorAll('*')) policy.finish(element);
    return template.innerHTML;
  };
}

let fallback: Promise<typeof Purify> | undefined;
const loadedFallback = new Map<MarkupPolicy, SanitizeMarkup>();

/** The DOMPurify sanitiser of a policy, its chunk loaded once (a failed chunk load is retried by the next call). */
export const loadFallbackMarkupSanitizer = (policy: MarkupPolicy = STORED_MARKUP): Promise<SanitizeMarkup> =>
  (fallback ??= import('./markup-sanitizer-purify').catch((error: unknown) => {
    fallback = undefined;
    throw error;
  })).then((m) => {
    const sanitize = policy === STORED_MARKUP ? m.purifyMarkup : m.purifierFor(policy);
    loadedFallback.set(policy, sanitize);
    return sanitize;
  });

export type SanitizedMarkup = { ok: true; html: string } | { ok: false; error: string };

/**
 * `html` made safe for `dangerouslySetInnerHTML` by a policy (stored HTML unless named); undefined
 * while the fallback sanitiser loads (at most once per page), an error when it cannot load. Markup
 * without a `<` cannot make an element, attribute or comment when parsed (only text and character
 * references), so it is used as it is and never loads DOMPurify.
 */
export function useSanitizedMarkup(html: string | undefined, policy: MarkupPolicy = STORED_MARKUP): SanitizedMarkup | undefined {
  const markup = html !== undefined && html.includes('<');
  const [loaded, setLoaded] = useState<SanitizeMarkup | { error: string } | undefined>(() => nativeMarkupSanitizer(policy) ?? loadedFallback.get(policy));
  useEffect(() => {
    if (!markup || loaded) return;
    let live = true;
    loadFallbackMarkupSanitizer(policy).then(
      (sanitize) => live && setLoaded(() => sanitize),
      (error: unknown) => live && setLoaded({ error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [markup, loaded, policy]);
  return useMemo(() => {
    if (html === undefined) return undefined;
    if (!markup) return { ok: true, html };
    if (typeof loaded === 'function') return { ok: true, html: loaded(html) };
    return loaded && { ok: false, error: loaded.error };
  }, [html, markup, loaded]);
}
