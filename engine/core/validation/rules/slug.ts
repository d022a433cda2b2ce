import { slugProblem } from '../../slug';
import type { SyncRule } from '../types';
import { asText } from '../values';

/** The slug rule of spec 5.2 (engine/core/slug); an empty value is the required rule's concern. */
export const slug: SyncRule = {
  name: 'slug',
  validate: (value) => {
    const text = asText(value);
    return text && slugProblem(text) ? { key: 'validation.slug' } : null;
  },
};
