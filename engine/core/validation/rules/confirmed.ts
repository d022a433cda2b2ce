import type { SyncRule } from '../types';

/** Equals the value of the field named by the parameter (e.g. a password confirmation). */
export const confirmed: SyncRule = {
  name: 'confirmed',
  validate: (value, params, context) => (typeof params === 'string' && context.values?.[params] === value ? null : { key: 'validation.confirmed' }),
};
