import type { SyncRule } from '../types';
import { htmlTextLength } from '../html';
import { asText } from '../values';

/** Visible text (tags stripped) of at most `length` characters. */
export const maxHtml: SyncRule = {
  name: 'maxHtml',
  validate: (value, params) => (htmlTextLength(asText(value)) <= Number(params) ? null : { key: 'validation.maxHtml', params: { length: Number(params) } }),
};
