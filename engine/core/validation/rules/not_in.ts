import type { SyncRule } from '../types';

/** None of the listed values. */
export const not_in: SyncRule = {
  name: 'not_in',
  validate: (value, params) => {
    const list = Array.isArray(params) ? params.map(String) : [];
    const listed = (Array.isArray(value) ? value : [value]).some((v) => list.includes(String(v)));
    return listed ? { key: 'validation.not_in' } : null;
  },
};
