/**
 * Human, translated labels for every option select of the block settings form, derived from the
 * registry schema rather than written per block: for each `enum` the form gets `ui:enumNames` from
 * the admin messages, looked up by block type, option path and value
 * (`admin.optionValues.<type>.<path>.<value>`), then by value alone for words many blocks share
 * (`admin.optionValues.common.<value>`), else the value humanised ("top-left" → "Top left"). An
 * integrator's new block so reads well without a line of admin code. Labels the registry's own
 * `ui` hints already give win.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Translator } from '../../engine';

type Schema = Record<string, unknown>;
const isRecord = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

/** "top-left" → "Top left", "loadMore" → "Load more", "ownerAndAdmins" → "Owner and admins"; "16/9" and "L" unchanged. */
export function humaniseEnumValue(value: unknown): string {
  if (typeof value !== 'string') return String(value);
  const words = value
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .split(/\s+/)
    // Acronyms (URL, ID) keep their capitals; other words are lower case after the first.
    .map((w, i) => (i > 0 && w !== w.toUpperCase() ? w.toLowerCase() : w));
  if (words.length === 0 || words[0] === '') return value;
  return words.join(' ').replace(/^./, (c) => c.toUpperCase());
}

/** The label of one option value: block message, shared message, else humanised. */
export function enumLabel(t: Translator['t'], blockType: string, path: string, value: unknown): string {
  const keys = [`admin.optionValues.${blockType}.${path}.${String(value)}`, `admin.optionValues.common.${String(value)}`];
  for (const key of keys) {
    const text = t(key);
    if (text !== key) return text; // the translator answers a missing key with the key itself
  }
  return humaniseEnumValue(value);
}

/** The ui schema of `schema` with `ui:enumNames` for every enum (nested objects and array items included). */
function labelled(schema: unknown, ui: unknown, label: (path: string, value: unknown) => string, path: string): UiSchema | undefined {
  if (!isRecord(schema)) return isRecord(ui) ? (ui as UiSchema) : undefined;
  const out: UiSchema = { ...(isRecord(ui) ? ui : {}) };
  let changed = false;
  const options = out['ui:options'];
  const given = out['ui:enumNames'] !== undefined || (isRecord(options) && options.enumNames !== undefined);
  if (Array.isArray(schema.enum) && path && !given) {
    out['ui:enumNames'] = schema.enum.map((v) => label(path, v));
    changed = true;
  }
  if (isRecord(schema.properties))
    for (const [key, child] of Object.entries(schema.properties)) {
      const next = labelled(child, out[key], label, path ? `${path}.${key}` : key);
      if (next && next !== out[key]) {
        out[key] = next;
        changed = true;
      }
    }
  if (isRecord(schema.items)) {
    const next = labelled(schema.items, out.items, label, path);
    if (next && next !== out.items) {
      out.items = next;
      changed = true;
    }
  }
  return changed ? out : isRecord(ui) ? (ui as UiSchema) : undefined;
}

/** The registry entry's ui hints plus translated labels for its enums. */
export function withEnumLabels(schema: RJSFSchema, ui: UiSchema | undefined, blockType: string, t: Translator['t']): UiSchema {
  return labelled(schema, ui ?? {}, (path, value) => enumLabel(t, blockType, path, value), '') ?? {};
}
