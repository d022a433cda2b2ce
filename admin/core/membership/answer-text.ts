/** An application answer in words, labelled by its field: an option's label for its value, lists joined, yes or no for a boolean. */
import type { Field, JsonValue } from '../../../schemas/model';
import type { Translate } from '../../frame/types';

export const fieldLabel = (field: Field): string => field.label || field.name || field.key || field.id;

export function answerText(field: Field | undefined, value: JsonValue, t: Translate): string {
  if (value === null || value === undefined || value === '') return t('adminAreas.membership.noAnswer');
  if (Array.isArray(value)) return value.map((v) => answerText(field, v, t)).join(', ');
  const option = field?.options?.find((o) => o.value === value);
  if (option) return option.label;
  if (typeof value === 'boolean') return t(`adminAreas.membership.${value ? 'yes' : 'no'}`);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
