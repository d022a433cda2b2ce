import type { SyncRule } from '../types';
import { dayOf } from '../dates';

/** A yyyy-MM-dd date within [min, max], both included. */
export const date_between: SyncRule = {
  name: 'date_between',
  validate: (value, params) => {
    const [lo, hi] = Array.isArray(params) ? params.map(dayOf) : [];
    const day = dayOf(value);
    return day !== undefined && lo !== undefined && hi !== undefined && day >= lo && day <= hi
      ? null
      : {
          key: 'validation.date_between',
          params: { min: String(Array.isArray(params) ? params[0] : ''), max: String(Array.isArray(params) ? params[1] : '') },
        };
  },
};
