import type { SyncRule } from '../types';
import { asText } from '../values';

/** 13 to 19 digits (spaces and dashes allowed) passing the Luhn checksum. */
export const credit_card: SyncRule = {
  name: 'credit_card',
  validate: (value) => {
    const digits = asText(value).replace(/[\s-]/g, '');
    if (!/^\d{13,19}$/.test(digits)) return { key: 'validation.credit_card' };
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0 ? null : { key: 'validation.credit_card' };
  },
};
