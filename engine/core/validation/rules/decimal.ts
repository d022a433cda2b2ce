import type { SyncRule } from '../types';
import { asText } from '../values';

/** A decimal number, with at most `decimals` places when the parameter is a number. */
export const decimal: SyncRule = {
  name: 'decimal',
  validate: (value, params) => {
    const places = typeof params === 'number' ? `{0,${params}}` : '*';
    return new RegExp(`^-?\\d*(\\.\\d${places})?$`).test(asText(value)) && asText(value) !== '-'
      ? null
      : { key: 'validation.decimal', params: { decimals: typeof params === 'number' ? params : '' } };
  },
};
