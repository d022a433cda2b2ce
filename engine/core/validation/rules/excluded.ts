import type { SyncRule } from '../types';

/** None of the excluded values. */
export const excluded: SyncRule = {
  name: 'excluded',
  validate: (value, params) => {
    const list = Array.isArray(params) ? params.map(String) : [];
    const listed = (Array.isArray(value) ? value : [value]).some((v) => list.includes(String(v)));
    return listed ? { key: 'validation.excluded' } : null;
  },
};
