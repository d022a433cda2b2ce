import type { SyncRule } from '../types';
import { asText } from '../values';

/** Exactly `length` digits. */
export const digits: SyncRule = {
  name: 'digits',
  validate: (value, params) =>
    new RegExp(`^\\d{${Number(params)}}$`).test(asText(value)) ? null : { key: 'validation.digits', params: { length: Number(params) } },
};
