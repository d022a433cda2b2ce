/** Handlebars template checks (spec 5.2): compiles and runs with empty data, line breaks collapsed. */
import Handlebars from 'handlebars';

export function collapseLineBreaks(text: string): string {
  return text.replace(/\r?\n|\r/g, ' ');
}

export function isValidHandlebars(text: string): boolean {
  try {
    Handlebars.create().compile(collapseLineBreaks(text), { strict: false })({});
    return true;
  } catch {
    return false;
  }
}

/** handlebarsOrURL treats a value holding a `{{token}}` as a template. */
export const hasHandlebarsToken = (text: string): boolean => /\{\{[^{}]+\}\}/.test(text);
