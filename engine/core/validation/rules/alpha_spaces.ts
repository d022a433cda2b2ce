import type { SyncRule } from '../types';
import { asText } from '../values';

/** Letters and spaces. */
export const alpha_spaces: SyncRule = {
  name: 'alpha_spaces',
  validate: (value) => (/^[\p{L}\s]+$/u.test(asText(value)) ? null : { key: 'validation.alpha_spaces' }),
};
