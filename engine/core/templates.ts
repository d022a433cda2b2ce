/** Template helpers shared by blocks and the server (spec core 5.3): placeholders and timestamps. */

/** A template placeholder: `${...}` with one or more characters that are not braces or angle brackets. */
export const TEMPLATE_PLACEHOLDER_PATTERN = /\$\{([^{}<>]+)\}/g;

/** The placeholder names in a template, in order of first appearance. */
export function templatePlaceholders(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(TEMPLATE_PLACEHOLDER_PATTERN)) if (!names.includes(match[1])) names.push(match[1]);
  return names;
}

/** Replaces each placeholder with its value; unknown placeholders stay as written, so a gap is visible. */
export function fillTemplatePlaceholders(template: string, values: Record<string, string | number | undefined>): string {
  return template.replace(TEMPLATE_PLACEHOLDER_PATTERN, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/**
 * A timestamp in milliseconds. Numbers (or digit strings) of 13 digits or more are already
 * milliseconds; shorter ones are seconds. Anything else is undefined.
 */
export function timestampToMs(value: unknown): number | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(Math.trunc(value));
  } else if (typeof value === 'string') text = value.trim();
  else return undefined;
  if (!/^-?\d+$/.test(text)) return undefined;
  const n = Number(text);
  return text.replace('-', '').length >= 13 ? n : n * 1000;
}
