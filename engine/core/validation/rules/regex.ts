import type { SyncRule } from '../types';
import { asText } from '../values';

/** Matches the pattern (a regular expression source, or `/source/flags`). */
export const regex: SyncRule = {
  name: 'regex',
  validate: (value, params) => {
    const source = String(params ?? '');
    const literal = /^\/(.*)\/([gimsuy]*)$/.exec(source);
    const pattern = literal ? new RegExp(literal[1], literal[2].replace('g', '')) : new RegExp(source);
    return pattern.test(asText(value)) ? null : { key: 'validation.regex' };
  },
};
