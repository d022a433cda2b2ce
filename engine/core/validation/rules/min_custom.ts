import type { SyncRule } from '../types';
import { countOf } from '../values';

/** A number, or an array's length, of at least `count`. */
export const min_custom: SyncRule = {
  name: 'min_custom',
  validate: (value, params) => {
    const count = countOf(value);
    return count !== undefined && count >= Number(params) ? null : { key: 'validation.min_custom', params: { count: Number(params) } };
  },
};
