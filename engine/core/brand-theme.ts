/**
 * Brand theme rules (spec core §4.2, §6): the colours a brand edits, their contrast check, and the
 * global CSS policy. Pure: the server refuses with them, the admin warns with them, and the web
 * shell's derived text tokens (web/theme/brand-tokens.ts) use the same colour maths.
 */
import type { ThemeStyle } from '../../schemas/model/brand';

export type Rgb = [number, number, number];

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;
export const DARK_TEXT: Rgb = [17, 20, 24];
export const LIGHT_TEXT: Rgb = [255, 255, 255];

/** `#rgb`, `#rrggbb`, `rgb(r, g, b)` / `rgba(r, g, b, a)` (as getComputedStyle reports colours); else null. */
export function parseRgb(css: string): Rgb | null {
  const value = css.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
  }
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/.exec(value);
  if (!fn) return null;
  // A transparent colour has no colour of its own to read against.
  if (fn[4] !== undefined && parseFloat(fn[4]) === 0) return null;
  return [fn[1], fn[2], fn[3]].map((n) => Math.max(0, Math.min(255, Math.round(parseFloat(n))))) as Rgb;
}

export const toHex = (c: Rgb) => '#' + c.map((n) => n.toString(16).padStart(2, '0')).join('');

/** WCAG relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const lin = (n: number) => {
    const s = n / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Black-ish or white text, whichever contrasts more with the background. */
export const textOn = (bg: Rgb): Rgb => (contrast(DARK_TEXT, bg) >= contrast(LIGHT_TEXT, bg) ? DARK_TEXT : LIGHT_TEXT);

/** The brand variables the theme editor sets (the shell maps them onto its tokens, web/styles/shell.css). */
export const BRAND_COLOUR_VARIABLES = [
  '--header-background',
  '--pages-row-background',
  '--primary',
  '--header-background-dark',
  '--pages-row-background-dark',
  '--primary-dark',
] as const;
export type BrandColourVariable = (typeof BRAND_COLOUR_VARIABLES)[number];
export type BrandColours = Partial<Record<BrandColourVariable, string>>;

/** The page backgrounds primary is read on (web/styles/shell.css `--ts-bg` light and dark). */
const PAGE_BACKGROUND: Record<'light' | 'dark', Rgb> = { light: [255, 255, 255], dark: [17, 20, 24] };

/** The brand colours of a brand's `:root` rule. */
export function brandColoursOf(styles: readonly ThemeStyle[] | undefined): BrandColours {
  const root = styles?.find((s) => s.rule === ':root')?.values ?? {};
  return Object.fromEntries(BRAND_COLOUR_VARIABLES.filter((k) => typeof root[k] === 'string').map((k) => [k, root[k]]));
}

/** A brand colour that is not `#rgb`/`#rrggbb`: the server refuses it (the pickers send hex). */
export function brandColourErrors(styles: readonly ThemeStyle[]): string[] {
  const colours = brandColoursOf(styles);
  return Object.entries(colours)
    .filter(([, v]) => !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v!.trim()))
    .map(([k, v]) => `${k} "${v}" is not a hex colour (#rgb or #rrggbb)`);
}

export interface ContrastWarning {
  variable: BrandColourVariable;
  /** What the colour is read against: the text the shell draws on it, or the page behind primary. */
  against: 'text' | 'page';
  ratio: number;
}

/**
 * Colours whose best text (black or white, as the shell draws it) or, for primary, the page
 * behind it falls short of 4.5:1. A warning, not a refusal: the shell already picks the better
 * text colour and moves primary until it reads, so a short ratio costs legibility margin, never
 * unreadable text, and organisations must be able to use their own colours.
 */
export function brandContrastWarnings(colours: BrandColours): ContrastWarning[] {
  const out: ContrastWarning[] = [];
  for (const variable of BRAND_COLOUR_VARIABLES) {
    const rgb = colours[variable] ? parseRgb(colours[variable]!) : null;
    if (!rgb) continue;
    if (variable.startsWith('--primary')) {
      const ratio = contrast(rgb, PAGE_BACKGROUND[variable.endsWith('-dark') ? 'dark' : 'light']);
      if (ratio < MIN_TEXT_CONTRAST) out.push({ variable, against: 'page', ratio: Math.round(ratio * 100) / 100 });
    } else {
      const ratio = contrast(rgb, textOn(rgb));
      if (ratio < MIN_TEXT_CONTRAST) out.push({ variable, against: 'text', ratio: Math.round(ratio * 100) / 100 });
    }
  }
  return out;
}

/** The global CSS size cap (characters). */
export const GLOBAL_CSS_MAX = 50_000;

/**
 * Why a global style sheet is refused, naming the offending part; null when it may be stored.
 * It is served to every app from our origin, so nothing in it may load or run anything from
 * elsewhere: no `@import` (of another origin: a same-origin `/api/v1/...` import is allowed), no
 * `expression(` (old IE script), no `javascript:`, no `url()` outside our media routes, and no
 * `</style` (it would end a style element it is pasted into).
 */
export function globalCssProblem(css: string): string | null {
  if (css.length > GLOBAL_CSS_MAX) return `global CSS is ${css.length} characters, at most ${GLOBAL_CSS_MAX}`;
  // Comments and escapes could hide a keyword from the checks below: refuse escapes, drop comments.
  if (/\\/.test(css)) return 'backslash escapes are not allowed in global CSS';
  const text = css.replace(/\/\*[\s\S]*?\*\//g, ' ');
  const line = (index: number) => text.slice(0, index).split('\n').length;
  const snippet = (index: number) => text.slice(index, index + 60).split('\n')[0];
  let m = /<\/style/i.exec(text);
  if (m) return `"</style" is not allowed (line ${line(m.index)})`;
  m = /expression\s*\(/i.exec(text);
  if (m) return `expression() is not allowed (line ${line(m.index)}): ${snippet(m.index)}`;
  m = /javascript\s*:/i.exec(text);
  if (m) return `javascript: is not allowed (line ${line(m.index)}): ${snippet(m.index)}`;
  const own = (ref: string) => /^\/api\/v1\/[^\s"'()]*$/.test(ref);
  const importRe = /@import\s+(?:url\(\s*)?(["']?)([^"')\s;]*)\1/gi;
  for (let i = importRe.exec(text); i; i = importRe.exec(text)) {
    if (!own(i[2])) return `@import of "${i[2]}" is not allowed (line ${line(i.index)}): only our own /api/v1/ addresses`;
  }
  if (/@import/i.test(text.replace(importRe, ''))) return '@import must name an address';
  const urlRe = /url\(\s*(["']?)([^"')]*)\1\s*\)/gi;
  for (let u = urlRe.exec(text); u; u = urlRe.exec(text)) {
    if (!own(u[2].trim())) return `url(${u[2]}) is not allowed (line ${line(u.index)}): only our media routes under /api/v1/`;
  }
  if (/url\(/i.test(text.replace(urlRe, ''))) return 'an unclosed url( is not allowed';
  // image-set()/src() would load like url(): same rule, their strings must be ours.
  m = /\b(image-set|src)\s*\(\s*["']/i.exec(text);
  if (m) return `${m[1]}() with a string is not allowed (line ${line(m.index)}): use url() of our media routes`;
  return null;
}

/**
 * Previewing a brand (core §4.2) is the admin's own browser's state, never the server's: this
 * storage key names the brand whose theme.css the app loads instead of the active one, in this
 * browser only (web/theme/theme.ts reads it at start; the settings admin sets and resets it).
 */
export const PREVIEW_BRAND_KEY = 'tessera.previewBrandId';
/** Sent on window when this browser starts or stops previewing, so the shell's bar and the admin follow at once. */
export const BRAND_PREVIEW_EVENT = 'tessera:brand-preview';
/** The `<link>` of the brand style sheet the web shell puts in the head. */
export const BRAND_STYLESHEET_ID = 'tessera-brand-theme';
/** The brand style sheet below the API base: the previewed brand's when one is set, else the active brand's. */
export const brandThemePath = (previewId: string | null) => `/service/brands/${previewId ?? 'active'}/theme.css`;
