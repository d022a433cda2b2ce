import type { SyncRule } from '../types';
import { isValidHandlebars } from '../templates';
import { asText } from '../values';

/** Compiles and runs with empty data (line breaks collapsed to spaces). */
export const handlebars: SyncRule = {
  name: 'handlebars',
  validate: (value) => (isValidHandlebars(asText(value)) ? null : { key: 'validation.handlebars_valid' }),
};
