import type { SyncRule } from '../types';
import { asText } from '../values';

/** Letters only. */
export const alpha: SyncRule = {
  name: 'alpha',
  validate: (value) => (/^[\p{L}]+$/u.test(asText(value)) ? null : { key: 'validation.alpha' }),
};
