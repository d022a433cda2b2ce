import type { SyncRule } from '../types';
import { asText } from '../values';

/** At most `length` characters (or items). */
export const max: SyncRule = {
  name: 'max',
  validate: (value, params) => {
    const length = Array.isArray(value) ? value.length : asText(value).length;
    return length <= Number(params) ? null : { key: 'validation.max', params: { length: Number(params) } };
  },
};
