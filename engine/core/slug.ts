/**
 * The slug rule of spec core 5.2, once: the admin checks it while typing, the form rule `slug`
 * runs it, the server refuses what it refuses. A slug must not contain backslash, slash, hash,
 * question mark or percent; anything else is allowed (`About_Us`, `über`), so links encode slugs
 * as URL segments and routes decode them. Beyond the spec's list, a slug must have a visible
 * character, and no control character: neither survives a URL path segment.
 * Uniqueness among siblings is the server's part (slug_valid).
 */
export const SLUG_FORBIDDEN_CHARACTERS = ['\\', '/', '#', '?', '%'] as const;

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/#?%\u0000-\u001f\u007f]/;

export type SlugProblem = 'required' | 'invalidChars';

/** What is wrong with a slug, or null when it may be used. */
export function slugProblem(slug: string): SlugProblem | null {
  if (!slug.trim()) return 'required';
  if (UNSAFE.test(slug)) return 'invalidChars';
  return null;
}

/** A slug proposed from a name: lower case, accents dropped, words joined by dashes. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
