/** The DOMPurify half of engine/react/markup-sanitizer.ts, in its own chunk: browsers without the HTML Sanitizer API. */
import DOMPurify from 'dompurify';
import { MARKUP_URL_ATTRIBUTES } from '../core/markup-policy';
import { STORED_MARKUP, type MarkupPolicy, type SanitizeMarkup } from './markup-sanitizer';

const made = new Map<MarkupPolicy, SanitizeMarkup>();

/**
 * The sanitiser of a policy, made on first use, not at import: modules that import this one also
 * load in Node (the server's validators, unit tests), where DOMPurify without a window has no hooks to add.
 */
export function purifierFor(policy: MarkupPolicy): SanitizeMarkup {
  const known = made.get(policy);
  if (known) return known;
  let purifier: ReturnType<typeof DOMPurify> | undefined;
  // '#text' listed and KEEP_CONTENT off: a refused element goes with its content, as in the native API.
  const config = {
    ALLOWED_TAGS: [...policy.elements, '#text'],
    ALLOWED_ATTR: [...policy.attributes],
    // Only the URL attributes are checked as addresses (by DOMPurify and the policy), as natively.
    ADD_URI_SAFE_ATTR: policy.attributes.filter((a) => !MARKUP_URL_ATTRIBUTES.includes(a)),
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: false,
  };
  const sanitize: SanitizeMarkup = (html) => {
    if (!purifier) {
      purifier = DOMPurify();
      purifier.addHook('afterSanitizeAttributes', (node) => {
        if (node.nodeType === 1) policy.finish(node as Element);
      });
    }
    return purifier.sanitize(html, config);
  };
  made.set(policy, sanitize);
  return sanitize;
}

export const purifyMarkup: SanitizeMarkup = (html) => purifierFor(STORED_MARKUP)(html);
