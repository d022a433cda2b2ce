import type { SyncRule } from '../types';
import { asText } from '../values';

/** A number of at least `min`. */
export const min_value: SyncRule = {
  name: 'min_value',
  validate: (value, params) => {
    const n = typeof value === 'number' ? value : Number(asText(value));
    return Number.isFinite(n) && n >= Number(params) ? null : { key: 'validation.min_value', params: { min: Number(params) } };
  },
};
