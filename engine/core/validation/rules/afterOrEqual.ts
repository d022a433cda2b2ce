import type { SyncRule } from '../types';
import { dateTarget, dayOf } from '../dates';

/** On or after a fixed date or another field's date. */
export const afterOrEqual: SyncRule = {
  name: 'afterOrEqual',
  validate: (value, params, context) => {
    const day = dayOf(value);
    const target = dateTarget(params, context);
    if (!target) return null;
    return day !== undefined && day >= target.day ? null : { key: 'validation.afterOrEqual', params: { target: target.label } };
  },
};
