import type { SyncRule } from '../types';
import { asText } from '../values';

/** A number of at most `max`. */
export const max_value: SyncRule = {
  name: 'max_value',
  validate: (value, params) => {
    const n = typeof value === 'number' ? value : Number(asText(value));
    return Number.isFinite(n) && n <= Number(params) ? null : { key: 'validation.max_value', params: { max: Number(params) } };
  },
};
