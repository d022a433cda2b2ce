import type { SyncRule } from '../types';
import { countOf } from '../values';

/** A number, or an array's length, of at most `count`. */
export const max_custom: SyncRule = {
  name: 'max_custom',
  validate: (value, params) => {
    const count = countOf(value);
    return count !== undefined && count <= Number(params) ? null : { key: 'validation.max_custom', params: { count: Number(params) } };
  },
};
