/**
 * The one allow-list of stored HTML (rich-text field values, HTML block options): the server
 * sanitises every write with it (sanitize-html, server/html/sanitize.ts) and the browser again
 * before the DOM sees it (DOMPurify, engine/forms/sanitize.ts). What the rich-text editor makes,
 * plus the structure an HTML block needs (divisions, tables, figures); no script, style, form,
 * frame or event handler, and links to http(s) and mailto only.
 */

export const HTML_ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'sub',
  'sup',
  'small',
  'mark',
  'code',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'hr',
  'a',
  'img',
  'div',
  'span',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
] as const;

/** Attributes by tag; `*` applies to every allowed tag. */
export const HTML_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['class', 'lang', 'dir', 'title'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
};

/** URL schemes links may use; relative URLs are allowed, protocol-relative ones are not. */
export const HTML_ALLOWED_SCHEMES = ['http', 'https', 'mailto'] as const;

/** A URL attribute value allowed by HTML_ALLOWED_SCHEMES: a relative path, a fragment or an allowed scheme (DOMPurify's ALLOWED_URI_REGEXP). */
export const HTML_ALLOWED_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** A stored image's only allowed source: our own media route (the editor's image button stores `/api/v1/image/{id}`). */
export const OWN_IMAGE_SRC = /^\/api\/v1\/image\/[0-9a-f-]{36}(\?[A-Za-z0-9=&%._:-]*)?$/;

/** Every attribute name the list allows on some tag (DOMPurify's ALLOWED_ATTR is one flat list). */
export const HTML_ALLOWED_ATTRIBUTE_NAMES: readonly string[] = [...new Set(Object.values(HTML_ALLOWED_ATTRIBUTES).flat())];

/** The media type that marks an HTML-holding string in an options schema (`"contentMediaType": "text/html"`). */
export const HTML_MEDIA_TYPE = 'text/html';
