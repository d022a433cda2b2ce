/** Pure form behaviour of spec 4.5: which fields show, what counts as filled, how values are pruned on submit. */
import type { Field, JsonValue } from '../../schemas/model';
import { isEmptyFieldValue } from '../core/validation';

/**
 * A field shows when it has a value, or alwaysDisplay, or the form is editing, or it is a repeater;
 * never when deleted. A toggle always has a value: off is an answer ("Off"), not a blank.
 */
export function isFieldShown(field: Pick<Field, 'type' | 'alwaysDisplay'>, value: unknown, editing: boolean, deleted = false): boolean {
  if (deleted) return false;
  return editing || !!field.alwaysDisplay || field.type === 'repeater' || field.type === 'toggle' || !isEmptyFieldValue(value as JsonValue);
}

/** Number fields are saved as integers. */
export function toSubmittedValue(field: Pick<Field, 'type'>, value: JsonValue | undefined): JsonValue | undefined {
  if (field.type !== 'number' || value === undefined || value === null || value === '') return value;
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? n : value;
}

/** Types never submitted: geolocation and anything display-only or a container. */
export const NEVER_SUBMITTED = new Set(['geoLocation', 'heading', 'paragraph', 'conditional', 'group']);

/** A repeater item is dropped when all its values and its meta (label) are empty. */
export function isEmptyRepeaterItem(item: Record<string, JsonValue | undefined>, label: string | undefined): boolean {
  return Object.values(item).every((v) => isEmptyFieldValue(v)) && isEmptyFieldValue(label);
}

/** Sorts options by label with blanks first or last (spec 5.2, field sort). */
export function sortOptions<T extends { label: string; value: JsonValue }>(options: T[], sort?: Field['sort']): T[] {
  if (!sort?.direction && !sort?.blankPosition) return options;
  const blank = (o: T) => isEmptyFieldValue(o.value) || o.label.trim() === '';
  const dir = sort.direction === 'desc' ? -1 : 1;
  const sorted = [...options].sort((a, b) => {
    if (blank(a) !== blank(b)) return (blank(a) ? -1 : 1) * (sort.blankPosition === 'last' ? -1 : 1);
    return sort.direction ? dir * a.label.localeCompare(b.label) : 0;
  });
  return sorted;
}
