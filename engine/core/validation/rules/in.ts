import type { SyncRule } from '../types';

/** One of the listed values. */
export const inList: SyncRule = {
  name: 'in',
  validate: (value, params) => {
    const list = Array.isArray(params) ? params.map(String) : [];
    const listed = (Array.isArray(value) ? value : [value]).every((v) => list.includes(String(v)));
    return !listed ? { key: 'validation.in' } : null;
  },
};
