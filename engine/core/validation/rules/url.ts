import type { SyncRule } from '../types';
import { isAbsoluteUrl } from '../links';
import { asText } from '../values';

/** An absolute http(s) URL with a host. */
export const url: SyncRule = {
  name: 'url',
  validate: (value) => (isAbsoluteUrl(asText(value)) ? null : { key: 'validation.url' }),
};
