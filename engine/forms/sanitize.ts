/**
 * Rich text (the wysiwyg read view, the rich-text editor) made safe for the DOM, synchronously, by
 * the same sanitiser and allow-list as all other HTML (engine/react/markup-sanitizer.ts,
 * engine/core/markup-policy.ts): the browser's HTML Sanitizer API where it has one, else DOMPurify,
 * imported here directly (not loaded on demand) because the editor needs the result at once.
 */
import { nativeMarkupSanitizer, type SanitizeMarkup } from '../react/markup-sanitizer';
import { purifyMarkup } from '../react/markup-sanitizer-purify';

let sanitizer: SanitizeMarkup | undefined;

export const sanitizeHtml: SanitizeMarkup = (html) => (sanitizer ??= nativeMarkupSanitizer() ?? purifyMarkup)(html);
