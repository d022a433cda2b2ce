import type { SyncRule } from '../types';
import { dateTarget, dayOf } from '../dates';

/** After a fixed date or another field's date. */
export const after: SyncRule = {
  name: 'after',
  validate: (value, params, context) => {
    const day = dayOf(value);
    const target = dateTarget(params, context);
    if (!target) return null;
    return day !== undefined && day > target.day ? null : { key: 'validation.after', params: { target: target.label } };
  },
};
