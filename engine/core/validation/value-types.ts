/** What a submitted value may be, beyond its field type's value schema (checked by the server with the registry's `value`). */
import type { Field, JsonValue } from '../../../schemas/model';

const same = (a: JsonValue, b: JsonValue) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * A field with options accepts only their values: the value itself (radio, select) or each item
 * of it (checkbox, multi-select). Fields without options accept any value of their type.
 */
export function valueOutsideOptions(field: Pick<Field, 'options'>, value: JsonValue): boolean {
  const options = Array.isArray(field.options) ? field.options : [];
  if (!options.length || value === null) return false;
  const allowed = (v: JsonValue) => options.some((o) => same(o.value, v));
  return Array.isArray(value) ? !value.every(allowed) : !allowed(value);
}
