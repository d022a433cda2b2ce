import type { SyncRule } from '../types';
import { asText } from '../values';

/** A number within [min, max], both included. */
export const between: SyncRule = {
  name: 'between',
  validate: (value, params) => {
    const [lo, hi] = Array.isArray(params) ? params.map(Number) : [Number.NaN, Number.NaN];
    const n = typeof value === 'number' ? value : Number(asText(value));
    return Number.isFinite(n) && n >= lo && n <= hi ? null : { key: 'validation.between', params: { min: lo, max: hi } };
  },
};
