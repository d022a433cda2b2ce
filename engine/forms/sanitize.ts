/** Every piece of HTML reaching the DOM passes DOMPurify first, with the allow-list the server stores by (engine/core/html-allow-list.ts). */
import DOMPurify from 'dompurify';
import { HTML_ALLOWED_ATTRIBUTE_NAMES, HTML_ALLOWED_TAGS, HTML_ALLOWED_URI } from '../core/html-allow-list';

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...HTML_ALLOWED_TAGS],
    ALLOWED_ATTR: [...HTML_ALLOWED_ATTRIBUTE_NAMES],
    ALLOWED_URI_REGEXP: HTML_ALLOWED_URI,
  });
}
