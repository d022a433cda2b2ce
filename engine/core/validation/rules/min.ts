import type { SyncRule } from '../types';
import { asText } from '../values';

/** At least `length` characters (or items). */
export const min: SyncRule = {
  name: 'min',
  validate: (value, params) => {
    const length = Array.isArray(value) ? value.length : asText(value).length;
    return length >= Number(params) ? null : { key: 'validation.min', params: { length: Number(params) } };
  },
};
