/**
 * Brand colours made legible (spec 3 Brand, 4.2). The brand's theme.css sets `--header-background`,
 * `--pages-row-background`, `--primary` and their `-dark` twins; web/styles/shell.css maps them onto
 * the shell's `--ts-*` tokens (the one place that reads brand variables). A brand chooses its
 * colours freely, so the text drawn on them cannot be fixed in CSS: after the brand style sheet
 * loads and whenever the scheme changes, this reads the mapped colours and sets the text tokens
 * (`--ts-header-text`, `--ts-page-row-text`, `--ts-primary-text`) to black or white, whichever
 * reads better, and darkens or lightens `--ts-primary` until it reads as text on the page and its
 * panels (4.5:1).
 */
export type Rgb = [number, number, number];

const DARK_TEXT: Rgb = [17, 20, 24];
const LIGHT_TEXT: Rgb = [255, 255, 255];
/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

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

/** The accent itself when it reads on every background; else mixed towards black (light backgrounds) or white (dark) just enough. */
export function legibleOn(accent: Rgb, backgrounds: Rgb[], min = MIN_TEXT_CONTRAST): Rgb {
  const reads = (c: Rgb) => backgrounds.every((bg) => contrast(c, bg) >= min);
  if (reads(accent)) return accent;
  const target: Rgb = luminance(backgrounds[0]) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 1; step <= 20; step++) {
    const t = step / 20;
    const mixed = accent.map((n, i) => Math.round(n + (target[i] - n) * t)) as Rgb;
    if (reads(mixed)) return mixed;
  }
  return target;
}

export interface BrandColours {
  bg: Rgb;
  /** Panels and the footer: links sit on both. */
  surface: Rgb;
  primary: Rgb;
  headerBg: Rgb;
  pageRowBg: Rgb;
}

/** The derived tokens for the mapped colours of one scheme. */
export function brandTokens(c: BrandColours): Record<string, string> {
  const primary = legibleOn(c.primary, [c.bg, c.surface]);
  return {
    '--ts-primary': toHex(primary),
    '--ts-primary-text': toHex(textOn(primary)),
    '--ts-header-text': toHex(textOn(c.headerBg)),
    '--ts-page-row-text': toHex(textOn(c.pageRowBg)),
  };
}

const DERIVED = ['--ts-primary', '--ts-primary-text', '--ts-header-text', '--ts-page-row-text'];

/** Reads a colour token as the browser resolves it (any CSS colour syntax), through a probe element. */
function resolvedColour(doc: Document, probe: HTMLElement, token: string): Rgb | null {
  const raw = doc.defaultView?.getComputedStyle(doc.documentElement).getPropertyValue(token).trim();
  if (!raw) return null;
  probe.style.color = '';
  probe.style.color = raw;
  return parseRgb(doc.defaultView!.getComputedStyle(probe).color);
}

/** Sets the derived tokens on the root for the current scheme and brand; leaves the CSS defaults where a colour cannot be read. */
export function applyBrandTokens(doc: Document): void {
  const root = doc.documentElement;
  if (!doc.body || !doc.defaultView) return;
  for (const token of DERIVED) root.style.removeProperty(token);
  const probe = doc.createElement('span');
  probe.hidden = true;
  doc.body.appendChild(probe);
  try {
    const colours = {
      bg: resolvedColour(doc, probe, '--ts-bg'),
      surface: resolvedColour(doc, probe, '--ts-surface'),
      primary: resolvedColour(doc, probe, '--ts-primary'),
      headerBg: resolvedColour(doc, probe, '--ts-header-bg'),
      pageRowBg: resolvedColour(doc, probe, '--ts-page-row-bg'),
    };
    if (Object.values(colours).some((c) => c === null)) return;
    for (const [token, value] of Object.entries(brandTokens(colours as BrandColours))) root.style.setProperty(token, value);
  } finally {
    probe.remove();
  }
}
