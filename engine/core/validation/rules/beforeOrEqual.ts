import type { SyncRule } from '../types';
import { dateTarget, dayOf } from '../dates';

/** On or before a fixed date or another field's date. */
export const beforeOrEqual: SyncRule = {
  name: 'beforeOrEqual',
  validate: (value, params, context) => {
    const day = dayOf(value);
    const target = dateTarget(params, context);
    if (!target) return null;
    return day !== undefined && day <= target.day ? null : { key: 'validation.beforeOrEqual', params: { target: target.label } };
  },
};
