import type { AsyncRule } from '../types';
import { isAbsoluteUrl } from '../links';
import { asText } from '../values';

/** The server fetches the feed URL and must get items without an error; a non-URL fails locally. */
export const feed_valid: AsyncRule = {
  name: 'feed_valid',
  async: true,
  precheck: (value) => (isAbsoluteUrl(asText(value)) ? null : { key: 'validation.feed_valid' }),
};
