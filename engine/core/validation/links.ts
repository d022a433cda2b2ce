/** URL and link checks shared by url, isLink and handlebarsOrURL. */
import { checkAppPath } from '../url-check';

export function isAbsoluteUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && !/\s/.test(text);
  } catch {
    return false;
  }
}

/** isLink: an absolute URL, a mailto: longer than 11 characters, or a path starting with `/`. */
export function isLink(text: string): boolean {
  if (text.startsWith('mailto:')) return text.length > 11;
  if (text.startsWith('/')) return checkAppPath(text).ok && !/\s/.test(text);
  return isAbsoluteUrl(text);
}
