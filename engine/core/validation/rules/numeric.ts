import type { SyncRule } from '../types';
import { asText } from '../values';

/** Digits only. */
export const numeric: SyncRule = {
  name: 'numeric',
  validate: (value) => (/^[0-9]+$/.test(asText(value).trim()) ? null : { key: 'validation.numeric' }),
};
