import type { SyncRule } from '../types';
import { fileMatchesType, filesOf } from '../values';

/** Every picked file has one of the listed MIME types (wildcards such as image/* allowed). */
export const mimes: SyncRule = {
  name: 'mimes',
  validate: (value, params) => {
    const allowed = Array.isArray(params) ? params.map(String).filter((t) => t.includes('/')) : [];
    return filesOf(value).every((f) => fileMatchesType(f, allowed)) ? null : { key: 'validation.mimes' };
  },
};
