import type { SyncRule } from '../types';
import { asText } from '../values';

/** Letters, digits, dashes and underscores. */
export const alpha_dash: SyncRule = {
  name: 'alpha_dash',
  validate: (value) => (/^[\p{L}\p{N}_-]+$/u.test(asText(value)) ? null : { key: 'validation.alpha_dash' }),
};
