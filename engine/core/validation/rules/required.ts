import type { SyncRule } from '../types';
import { isEmptyValue } from '../values';

/** The value must not be empty (false counts as empty: a required toggle must be on). */
export const required: SyncRule = {
  name: 'required',
  checksEmpty: true,
  validate: (value) => (isEmptyValue(value) ? { key: 'validation.required' } : null),
};
