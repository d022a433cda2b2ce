/** The DOMPurify half of engine/react/markup-sanitizer.ts, in its own chunk: browsers without the HTML Sanitizer API. */
import DOMPurify from 'dompurify';
import { MARKUP_ATTRIBUTES, MARKUP_ELEMENTS, MARKUP_URL_ATTRIBUTES } from '../core/markup-policy';
import { dropUnsafeUrls, type SanitizeMarkup } from './markup-sanitizer';

// Made on first use, not at import: modules that import this one also load in Node (the server's
// validators, unit tests), where DOMPurify without a window has no hooks to add.
let purifier: ReturnType<typeof DOMPurify> | undefined;
function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify();
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeType === 1) dropUnsafeUrls(node as Element);
  });
  return purifier;
}

// '#text' listed and KEEP_CONTENT off: a refused element goes with its content, as in the native API.
const CONFIG = {
  ALLOWED_TAGS: [...MARKUP_ELEMENTS, '#text'],
  ALLOWED_ATTR: [...MARKUP_ATTRIBUTES],
  // Only the URL attributes are checked as addresses (by DOMPurify and the policy), as natively.
  ADD_URI_SAFE_ATTR: MARKUP_ATTRIBUTES.filter((a) => !MARKUP_URL_ATTRIBUTES.includes(a)),
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: false,
};

export const purifyMarkup: SanitizeMarkup = (html) => instance().sanitize(html, CONFIG);
