import type { SyncRule } from '../types';
import { filesOf } from '../values';

/** Every picked file has one of the listed extensions. */
export const ext: SyncRule = {
  name: 'ext',
  validate: (value, params) => {
    const allowed = Array.isArray(params) ? params.map((e) => String(e).toLowerCase().replace(/^\./, '')) : [];
    const bad = filesOf(value).find((f) => !allowed.includes((f.name.split('.').pop() ?? '').toLowerCase()) || !f.name.includes('.'));
    return bad ? { key: 'validation.ext' } : null;
  },
};
