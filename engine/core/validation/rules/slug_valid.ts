import type { AsyncRule } from '../types';
import { slug } from './slug';

/** The server confirms the slug is unique and valid; the slug characters are checked locally first. */
export const slug_valid: AsyncRule = {
  name: 'slug_valid',
  async: true,
  precheck: (value, params, context) => (slug.validate(value, params, context) ? { key: 'validation.slug_valid' } : null),
};
