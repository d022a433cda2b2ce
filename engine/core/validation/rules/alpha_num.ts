import type { SyncRule } from '../types';
import { asText } from '../values';

/** Letters and digits. */
export const alpha_num: SyncRule = {
  name: 'alpha_num',
  validate: (value) => (/^[\p{L}\p{N}]+$/u.test(asText(value)) ? null : { key: 'validation.alpha_num' }),
};
