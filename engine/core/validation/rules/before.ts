import type { SyncRule } from '../types';
import { dateTarget, dayOf } from '../dates';

/** Before a fixed date or another field's date. */
export const before: SyncRule = {
  name: 'before',
  validate: (value, params, context) => {
    const day = dayOf(value);
    const target = dateTarget(params, context);
    if (!target) return null;
    return day !== undefined && day < target.day ? null : { key: 'validation.before', params: { target: target.label } };
  },
};
