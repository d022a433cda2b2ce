import type { SyncRule } from '../types';
import { format, isValid, parse } from 'date-fns';
import { DATE_FORMAT } from '../../constants';
import { asText } from '../values';

/** The text is a real date in the given date-fns format (yyyy-MM-dd by default). */
export const date_format: SyncRule = {
  name: 'date_format',
  validate: (value, params) => {
    const fmt = typeof params === 'string' && params ? params : DATE_FORMAT;
    const text = asText(value);
    const date = parse(text, fmt, new Date(2000, 0, 1));
    return isValid(date) && format(date, fmt) === text ? null : { key: 'validation.date_format', params: { format: fmt } };
  },
};
