import type { SyncRule } from '../types';
import { fileMatchesType, filesOf } from '../values';

/** Every picked file matches an accepted type (`image/*`, a MIME type or an extension). */
export const file_types: SyncRule = {
  name: 'file_types',
  validate: (value, params) => {
    const accepted = Array.isArray(params) ? params.map(String) : [];
    const bad = filesOf(value).find((f) => !fileMatchesType(f, accepted));
    return bad ? { key: 'validation.file_types', params: { types: accepted.join(', '), name: bad.name } } : null;
  },
};
