/** Handlebars template checks (spec 5.2): parses and renders with empty data, line breaks collapsed. */
import { renderHandlebars } from '../handlebars';

export function collapseLineBreaks(text: string): string {
  return text.replace(/\r?\n|\r/g, ' ');
}

export function isValidHandlebars(text: string): boolean {
  try {
    renderHandlebars(collapseLineBreaks(text), {});
    return true;
  } catch {
    return false;
  }
}

/** handlebarsOrURL treats a value holding a `{{token}}` as a template. */
export const hasHandlebarsToken = (text: string): boolean => /\{\{[^{}]+\}\}/.test(text);
