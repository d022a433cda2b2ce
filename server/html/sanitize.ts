/**
 * Stored rich text, sanitised on the server (the browser sanitises again with DOMPurify when it
 * shows it): the tags the rich-text editor makes, links to http(s) and mailto only, and images
 * only from our own media route (`/api/v1/image/{id}`, the editor's image button), never from
 * another origin and never with a script, a style or an event handler.
 */
import sanitize from 'sanitize-html';

const OWN_IMAGE = /^\/api\/v1\/image\/[0-9a-f-]{36}(\?[A-Za-z0-9=&%._:-]*)?$/;

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
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
    'blockquote',
    'hr',
    'a',
    'img',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? ''),
};

export function sanitizeStoredHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
