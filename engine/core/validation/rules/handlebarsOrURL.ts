import type { SyncRule } from '../types';
import { isAbsoluteUrl } from '../links';
import { hasHandlebarsToken, isValidHandlebars } from '../templates';
import { asText } from '../values';

/** A value holding a {{token}} must be a valid template; anything else must be a URL. */
export const handlebarsOrURL: SyncRule = {
  name: 'handlebarsOrURL',
  validate: (value) => {
    const text = asText(value);
    if (hasHandlebarsToken(text)) return isValidHandlebars(text) ? null : { key: 'validation.handlebars_valid' };
    return isAbsoluteUrl(text) ? null : { key: 'validation.url' };
  },
};
