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
import { contrast, luminance, MIN_TEXT_CONTRAST, parseRgb, textOn, toHex, type Rgb } from '../../engine/core/brand-theme';

// The colour maths is engine/core's (the admin's contrast check uses the same).
export { contrast, luminance, MIN_TEXT_CONTRAST, parseRgb, textOn, toHex, type Rgb };

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
