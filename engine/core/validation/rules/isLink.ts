import type { SyncRule } from '../types';
import { isLink as isLinkText } from '../links';
import { asText } from '../values';

/** An absolute URL, a mailto: of more than 11 characters, or a path starting with `/`. */
export const isLink: SyncRule = {
  name: 'isLink',
  validate: (value) => (isLinkText(asText(value)) ? null : { key: 'form.errorTypes.isLink' }),
};
