/** chat:newMessage content (spec 7.6): only p, b, i, em, u, strong, br, a survive; links open in a new tab. */
import DOMPurify from 'dompurify';

export const CHAT_ALLOWED_TAGS = ['p', 'b', 'i', 'em', 'u', 'strong', 'br', 'a'];

export function sanitizeChatHtml(html: string): string {
  const purifier = DOMPurify();
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier.sanitize(html, { ALLOWED_TAGS: CHAT_ALLOWED_TAGS, ALLOWED_ATTR: ['href', 'target', 'rel'] });
}
