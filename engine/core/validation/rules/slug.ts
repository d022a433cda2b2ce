import type { SyncRule } from '../types';
import { asText } from '../values';

/** No backslash, slash, hash, question mark or percent. */
export const slug: SyncRule = {
  name: 'slug',
  validate: (value) => (/[\\/#?%]/.test(asText(value)) ? { key: 'validation.slug' } : null),
};
