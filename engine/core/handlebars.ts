/**
 * Handlebars templates rendered without generating code. Handlebars' own `compile` turns a
 * template into JavaScript and runs it with `new Function`, which the app's
 * Content-Security-Policy forbids (script-src 'self', no eval). Here Handlebars' parser (the same
 * grammar and whitespace rules) builds the syntax tree and a small interpreter walks it:
 * expressions (`{{a.b}}` escaped, `{{{a}}}` raw, `../`, `this`, `@index`/`@key`/`@first`/`@last`/
 * `@root`), comments, and the built-in helpers if, unless, each, with, lookup and log, with
 * `{{else}}`, block parameters (`as |item i|`) and Handlebars' rules for truthiness and blocks
 * named after data. Only own properties of the data are read (like Handlebars' prototype-access
 * rules). Partials, decorators and unknown helpers are errors, as they are in a Handlebars with no
 * partials or helpers registered. Pure: the server and the browser render the same.
 */
import { parse } from 'handlebars/dist/cjs/handlebars/compiler/base.js';
import { renderTemplateTree, TEMPLATE_BLOCK_TYPES, type Program } from './handlebars-runtime';

/** Renders a template over data; throws an Error naming the problem for a malformed or unsupported template. */
export function renderHandlebars(template: string, data: unknown): string {
  return renderTemplateTree(parse(template), data);
}

/** Every `{{x}}` of a tree made raw, as `{{{x}}}` is: for text that is not HTML (an email's subject). */
function unescaped(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unescaped);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = key === 'escaped' ? false : unescaped(v);
  return out;
}

/** Renders a template whose output is plain text, not HTML: values are inserted as they are, never escaped. */
export function renderHandlebarsText(template: string, data: unknown): string {
  return renderTemplateTree(unescaped(parse(template)) as Program, data);
}

/** Source positions are for error messages only: the stored tree leaves them out. */
function withoutLocations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutLocations);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (key !== 'loc') out[key] = withoutLocations(v);
  return out;
}

/** `parsedTemplate` for a template: JSON `{ source, ast }`, or undefined when it does not parse (the browser then shows the error to admins). */
export function parseTemplateForStorage(template: string): string | undefined {
  try {
    return JSON.stringify({ source: template, ast: withoutLocations(parse(template) as Program) });
  } catch {
    return undefined;
  }
}

/**
 * A block with a handlebars template (TEMPLATE_BLOCK_TYPES) as it is stored: its template's tree in
 * `parsedTemplate`, made here and never taken from the writer. Other blocks are returned as they are.
 */
export function withParsedTemplate<T extends { type?: unknown; options?: unknown; parsedTemplate?: string }>(block: T): T {
  if (typeof block.type !== 'string' || !TEMPLATE_BLOCK_TYPES.has(block.type)) return block;
  const template = (block.options as { template?: unknown } | undefined)?.template;
  const { parsedTemplate: _stale, ...rest } = block;
  const parsed = typeof template === 'string' ? parseTemplateForStorage(template) : undefined;
  return (parsed ? { ...rest, parsedTemplate: parsed } : rest) as T;
}
