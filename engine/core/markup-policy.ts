/**
 * The one allow-list of HTML: what stored rich text, HTML block options and handlebars output may
 * hold. The server sanitises every write of stored HTML with it (sanitize-html,
 * server/html/sanitize.ts) and the browser again before the DOM sees any of it (the native HTML
 * Sanitizer API or DOMPurify, engine/react/markup-sanitizer.ts; `sanitizeHtml` for rich text), so
 * all give the same result: listed elements keep their text, any other element goes with its
 * content (what the native API does), listed attributes only, no comments, no data-* or other
 * aria-* attributes, and URLs (href, src) only with the schemes below or none (a relative address).
 */

/** HTML elements that only format or structure text; no script, style, form, frame, media or SVG. */
export const MARKUP_ELEMENTS: readonly string[] = [
  'a',
  'abbr',
  'article',
  'aside',
  'b',
  'bdi',
  'bdo',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'samp',
  'section',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'u',
  'ul',
  'var',
  'wbr',
];

/** Attributes that hold an address: checked with `isSafeMarkupUrl`. */
export const MARKUP_URL_ATTRIBUTES: readonly string[] = ['href', 'src'];

/** Every attribute kept, on any listed element (no id or name: they could clobber DOM globals). */
export const MARKUP_ATTRIBUTES: readonly string[] = [
  ...MARKUP_URL_ATTRIBUTES,
  'alt',
  'aria-hidden',
  'aria-label',
  'class',
  'colspan',
  'datetime',
  'dir',
  'height',
  'lang',
  'open',
  'rel',
  'reversed',
  'role',
  'rowspan',
  'scope',
  'start',
  'target',
  'title',
  'width',
];

const URL_SCHEMES: Readonly<Record<string, readonly string[]>> = {
  href: ['http', 'https', 'mailto', 'tel'],
  src: ['http', 'https'],
};

/** What a browser's URL parser ignores, so `java\tscript:` is still seen as `javascript:`. */
// eslint-disable-next-line no-control-regex
const IGNORED_IN_URL = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Whether `value` may stay in the URL attribute `attribute`: a relative address, or an allowed scheme. */
export function isSafeMarkupUrl(attribute: string, value: string): boolean {
  const scheme = SCHEME.exec(value.replace(IGNORED_IN_URL, ''))?.[1].toLowerCase();
  return scheme === undefined || (URL_SCHEMES[attribute] ?? []).includes(scheme);
}

/** A stored image's only allowed source, enforced by the server on write: our own media route (the rich-text image button stores `/api/v1/image/{id}`). */
export const OWN_IMAGE_SRC = /^\/api\/v1\/image\/[0-9a-f-]{36}(\?[A-Za-z0-9=&%._:-]*)?$/;

/** The media type that marks an HTML-holding string in an options schema (`"contentMediaType": "text/html"`). */
export const HTML_MEDIA_TYPE = 'text/html';

/**
 * Email bodies (admins' email templates) may also carry what email clients lay out with, since
 * they have no stylesheet of ours: table attributes and inline styles of these properties only
 * (values without `url(`, `expression` or escapes). The server applies it on template writes and
 * on every rendered body (server/html/sanitize.ts `sanitizeEmailHtml`).
 */
export const EMAIL_MARKUP_ATTRIBUTES: readonly string[] = ['align', 'valign', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'style'];
export const EMAIL_STYLE_PROPERTIES: readonly string[] = [
  'background-color',
  'border',
  'border-radius',
  'color',
  'display',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'height',
  'letter-spacing',
  'line-height',
  'margin',
  'max-width',
  'padding',
  'text-align',
  'text-decoration',
  'vertical-align',
  'width',
];
/** A style value kept: words, numbers, units, colours, commas and quotes; nothing that loads or runs. */
export const EMAIL_STYLE_VALUE = /^(?!.*(url|expression|javascript|\\|@import))[#\w\s.,%'"()-]{1,200}$/i;
