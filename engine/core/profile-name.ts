/** Profile display names by format letters, and avatar initials sizing and colour (spec core 9). */
import {
  INITIALS_CAPITAL_WIDTH_EM,
  INITIALS_COLOUR_CLASSES,
  INITIALS_DEFAULT_DIVISOR,
  INITIALS_MAX_WIDTH_SHARE,
  INITIALS_SIZING,
  type PROFILE_NAME_FORMATS,
} from './constants';

export type ProfileNameFormat = (typeof PROFILE_NAME_FORMATS)[number];

export interface ProfileNameParts {
  first?: string;
  middle?: string;
  last?: string;
}

const PART: Record<string, keyof ProfileNameParts> = { f: 'first', m: 'middle', l: 'last' };

/**
 * Formats a name: each letter is one part, lower case its initial (with a full stop), upper case
 * in full; any other character is kept. `'F L'` -> "Ada Lovelace", `'F l'` -> "Ada L.". Empty
 * parts drop out with their surrounding spaces.
 */
export function formatProfileName(parts: ProfileNameParts, format = 'F L'): string {
  const pieces: string[] = [];
  let pending = '';
  for (const ch of format) {
    const part = PART[ch.toLowerCase()];
    if (!part) {
      pending += ch;
      continue;
    }
    const value = (parts[part] ?? '').trim();
    if (!value) {
      pending = '';
      continue;
    }
    pieces.push((pieces.length ? pending : '') + (ch === ch.toUpperCase() ? value : `${Array.from(value)[0].toUpperCase()}.`));
    pending = '';
  }
  return pieces.join('');
}

/** Avatar initials: first letters of first and last name, upper case. */
export function profileInitials(parts: ProfileNameParts): string {
  return [parts.first, parts.last]
    .map((p) => (p ? (Array.from(p.trim())[0] ?? '') : ''))
    .join('')
    .toUpperCase();
}

/** Font size in px for `letters` initials in an avatar of `clientHeight` px: the spec's size, made smaller where it would not fit the circle. */
export function initialsFontSizePx(clientHeight: number, letters = 1): number {
  const rule = INITIALS_SIZING.find((r) => clientHeight < r.below);
  const spec = clientHeight / (rule ? rule.divisor : INITIALS_DEFAULT_DIVISOR);
  const fit = (clientHeight * INITIALS_MAX_WIDTH_SHARE) / (Math.max(1, letters) * INITIALS_CAPITAL_WIDTH_EM);
  return Math.min(spec, fit);
}

/** Colour class index of an avatar without an image: the account id mod 10 (non-numeric ids hash first). */
export function initialsColourClass(accountId: string | number): number {
  const text = String(accountId);
  let n = /^\d+$/.test(text) ? Number(text.slice(-9)) : Array.from(text).reduce((h, c) => (h * 31 + c.codePointAt(0)!) >>> 0, 7);
  n %= INITIALS_COLOUR_CLASSES;
  return n;
}
