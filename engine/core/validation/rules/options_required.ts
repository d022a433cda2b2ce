import type { SyncRule } from '../types';
import { isEmptyValue } from '../values';

/** An options field must have a chosen value; reports the required error. */
export const options_required: SyncRule = {
  name: 'options_required',
  checksEmpty: true,
  validate: (value) => (isEmptyValue(value) ? { key: 'validation.required' } : null),
};
